/// Interpolated reads of a Float plane (row-major, `width * height` values) at fractional
/// positions, (0, 0) the centre of the top-left pixel. The caller checks the range.
enum PlaneSampler {
  /// Whether (x, y) can be read bilinearly: inside `[0, width - 1] x [0, height - 1]`.
  @inline(__always)
  static func bilinearFits(_ x: Float, _ y: Float, width: Int, height: Int) -> Bool {
    x >= 0 && y >= 0 && x <= Float(width - 1) && y <= Float(height - 1)
  }

  /// Whether (x, y) can be read bicubically: all 4 x 4 taps inside the plane.
  @inline(__always)
  static func bicubicFits(_ x: Float, _ y: Float, width: Int, height: Int) -> Bool {
    x >= 1 && y >= 1 && x < Float(width - 2) && y < Float(height - 2)
  }

  /// Bilinear interpolation at (x, y).
  /// - Precondition: ``bilinearFits(_:_:width:height:)``.
  @inline(__always)
  static func bilinear(_ plane: UnsafeBufferPointer<Float>, width: Int, height: Int, _ x: Float, _ y: Float) -> Float {
    let x0 = min(Int(x), width - 2 < 0 ? 0 : width - 2)
    let y0 = min(Int(y), height - 2 < 0 ? 0 : height - 2)
    let fx = x - Float(x0)
    let fy = y - Float(y0)
    let x1 = min(x0 + 1, width - 1)
    let y1 = min(y0 + 1, height - 1)
    let top = plane[y0 * width + x0] * (1 - fx) + plane[y0 * width + x1] * fx
    let bottom = plane[y1 * width + x0] * (1 - fx) + plane[y1 * width + x1] * fx
    return top * (1 - fy) + bottom * fy
  }

  /// Keys' cubic convolution (a = -0.5, the kernel ``PerspectiveWarp`` applies the result
  /// with) at (x, y).
  /// - Precondition: ``bicubicFits(_:_:width:height:)``.
  @inline(__always)
  static func bicubic(_ plane: UnsafeBufferPointer<Float>, width: Int, _ x: Float, _ y: Float) -> Float {
    let ix = Int(x)
    let iy = Int(y)
    let wx = weights(x - Float(ix))
    let wy = weights(y - Float(iy))
    @inline(__always) func row(_ j: Int) -> Float {
      let start = (iy - 1 + j) * width + ix - 1
      return plane[start] * wx.0 + plane[start + 1] * wx.1 + plane[start + 2] * wx.2 + plane[start + 3] * wx.3
    }
    return wy.0 * row(0) + wy.1 * row(1) + wy.2 * row(2) + wy.3 * row(3)
  }

  /// The four Keys weights (a = -0.5) for taps at -1, 0, 1, 2 around fraction `t` in [0, 1).
  @inline(__always)
  static func weights(_ t: Float) -> (Float, Float, Float, Float) {
    let t2 = t * t
    let t3 = t2 * t
    return (
      -0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1, -1.5 * t3 + 2 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2
    )
  }
}
