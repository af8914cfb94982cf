/// The last step of a removal: blend the repainted patch into the original with the feathered
/// alpha, writing nothing where alpha is 0.
///
/// Per pixel of the crop with alpha `a > 0`, per colour channel: `round(o + a * (p - o))`, where
/// `o` is the original sample and `p` the patch sample at the image's depth, computed in `Float`
/// and rounded half up (`floor(v + 0.5)`), clamped to the depth's range. `a == 1` gives `p`
/// exactly. Pixels with `a == 0` are never written, so they keep the original's bytes by
/// construction (and ``Feather`` makes `a` exactly 0 wherever the mask is outside). The image's
/// alpha channel, if any, is never written: only colour channels blend.
///
/// The patch may differ from the image in layout and depth:
/// - depth: an 8-bit patch on a 16-bit image is promoted with `v * 257`; a 16-bit patch on an
///   8-bit image is scaled by `255 / 65535` (before the blend, so the only rounding is the blend's);
/// - gray patch on a colour image: the gray value for each of R, G, B;
/// - colour patch on a gray image: its luma `0.299 R + 0.587 G + 0.114 B` (the weights the mask
///   and ``ImageBuffer/converted(to:bitDepth:)`` use), unrounded;
/// - a patch's own alpha channel is ignored (providers return opaque images).
public enum Composite {
  /// Blends `patch` (crop-local, the crop's size) into `image` over `crop` (canonical
  /// coordinates) with the weights `alpha` (crop-local, the crop's size).
  ///
  /// - Precondition: `crop` lies inside the image, and `patch` and `alpha` have the crop's size.
  public static func apply(patch: ImageBuffer, alpha: AlphaMap, onto image: inout ImageBuffer, at crop: PixelRect) {
    precondition(!crop.isEmpty && image.bounds.contains(crop), "crop \(crop) outside image \(image.size)")
    precondition(patch.size == crop.size, "patch \(patch.size) is not the crop's size \(crop.size)")
    precondition(alpha.size == crop.size, "alpha \(alpha.size) is not the crop's size \(crop.size)")
    let geometry = Geometry(image: image, patch: patch, crop: crop)
    var patchRow = [Float](repeating: 0, count: crop.width * geometry.colours)
    alpha.withUnsafeValues { a in
      patchRow.withUnsafeMutableBufferPointer { row in
        switch (image.bitDepth, patch.bitDepth) {
        case (.eight, .eight):
          patch.withUnsafeSamples8 { src in
            image.withUnsafeMutableSamples8 { dst in
              blend(into: &dst, patch: src, alpha: a, row: row, geometry: geometry, maxValue: 255) { UInt8($0) }
            }
          }
        case (.eight, .sixteen):
          patch.withUnsafeSamples16 { src in
            image.withUnsafeMutableSamples8 { dst in
              blend(into: &dst, patch: src, alpha: a, row: row, geometry: geometry, maxValue: 255) { UInt8($0) }
            }
          }
        case (.sixteen, .eight):
          patch.withUnsafeSamples8 { src in
            image.withUnsafeMutableSamples16 { dst in
              blend(into: &dst, patch: src, alpha: a, row: row, geometry: geometry, maxValue: 65535) { UInt16($0) }
            }
          }
        case (.sixteen, .sixteen):
          patch.withUnsafeSamples16 { src in
            image.withUnsafeMutableSamples16 { dst in
              blend(into: &dst, patch: src, alpha: a, row: row, geometry: geometry, maxValue: 65535) { UInt16($0) }
            }
          }
        }
      }
    }
  }

  /// Sizes and strides of one composite.
  private struct Geometry {
    let crop: PixelRect
    let imageWidth: Int
    let imageChannels: Int
    let colours: Int
    let patchChannels: Int
    let patchColours: Int
    /// Factor taking a patch sample to the image's depth (1, 257 or 255 / 65535).
    let depthScale: Float

    init(image: ImageBuffer, patch: ImageBuffer, crop: PixelRect) {
      self.crop = crop
      imageWidth = image.width
      imageChannels = image.channelCount
      colours = image.layout.colorChannelCount
      patchChannels = patch.channelCount
      patchColours = patch.layout.colorChannelCount
      switch (patch.bitDepth, image.bitDepth) {
      case (.eight, .sixteen): depthScale = 257
      case (.sixteen, .eight): depthScale = 255.0 / 65535.0
      default: depthScale = 1
      }
    }
  }

  /// Row by row: the patch row converted to the image's colours and depth, then the blend.
  ///
  /// Unsafe pointers: the hot loop over a megapixel crop; indices stay inside the crop, whose
  /// containment in the image is checked above.
  @inline(__always)
  private static func blend<Sample: BinaryInteger, PatchSample: BinaryInteger>(
    into dst: inout UnsafeMutableBufferPointer<Sample>, patch: UnsafeBufferPointer<PatchSample>, alpha: UnsafeBufferPointer<Float>,
    row: UnsafeMutableBufferPointer<Float>, geometry g: Geometry, maxValue: Float, make: (UInt32) -> Sample
  ) {
    for y in 0..<g.crop.height {
      convertPatchRow(patch, y: y, into: row, geometry: g)
      let alphaRow = y * g.crop.width
      let imageRow = ((g.crop.y + y) * g.imageWidth + g.crop.x) * g.imageChannels
      for x in 0..<g.crop.width {
        let a = alpha[alphaRow + x]
        guard a > 0 else { continue }
        let i = imageRow + x * g.imageChannels
        let p = x * g.colours
        for c in 0..<g.colours {
          let o = Float(dst[i + c])
          let v = min(max(o + a * (row[p + c] - o) + 0.5, 0), maxValue)
          dst[i + c] = make(UInt32(v))  // truncation of a non-negative value: floor
        }
      }
    }
  }

  /// Patch row `y` as `Float` samples at the image's depth, with the image's colour channels.
  @inline(__always)
  private static func convertPatchRow<PatchSample: BinaryInteger>(
    _ patch: UnsafeBufferPointer<PatchSample>, y: Int, into row: UnsafeMutableBufferPointer<Float>, geometry g: Geometry
  ) {
    let width = g.crop.width
    let base = y * width * g.patchChannels
    let scale = g.depthScale
    @inline(__always) func read(_ i: Int) -> Float { Float(patch[i]) }
    switch (g.patchColours, g.colours) {
    case (1, 3):
      for x in 0..<width {
        let v = read(base + x * g.patchChannels) * scale
        row[3 * x] = v
        row[3 * x + 1] = v
        row[3 * x + 2] = v
      }
    case (3, 1):
      for x in 0..<width {
        let i = base + x * g.patchChannels
        row[x] = (0.299 * read(i) + 0.587 * read(i + 1) + 0.114 * read(i + 2)) * scale
      }
    default:
      for x in 0..<width {
        let i = base + x * g.patchChannels
        for c in 0..<g.colours { row[x * g.colours + c] = read(i + c) * scale }
      }
    }
  }
}
