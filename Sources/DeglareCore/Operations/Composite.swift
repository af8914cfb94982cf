/// The blend of a removal: the repainted patch into the original crop with the feathered alpha,
/// writing nothing where alpha is 0. The last step, writing the blended crop over the original's
/// rows in the output file, is ``RegionOverlay`` (`RegionOverlay.swift`, beside this file): the
/// encoders take every row from ``PastedRows``, so outside the crop the written bytes are the
/// original's, and inside it the pixels this blend left alone are too.
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
/// - colour patch on a gray image: its ``Luma`` `0.299 R + 0.587 G + 0.114 B` in `Float`,
///   unrounded;
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
    alpha.withUnsafeValues { a in
      switch (image.bitDepth, patch.bitDepth) {
      case (.eight, .eight):
        patch.withUnsafeSamples8 { src in
          image.withUnsafeMutableSamples8 { dst in blend(&dst, src, a, geometry, maxValue: 255) }
        }
      case (.eight, .sixteen):
        patch.withUnsafeSamples16 { src in
          image.withUnsafeMutableSamples8 { dst in blend(&dst, src, a, geometry, maxValue: 255) }
        }
      case (.sixteen, .eight):
        patch.withUnsafeSamples8 { src in
          image.withUnsafeMutableSamples16 { dst in blend(&dst, src, a, geometry, maxValue: 65535) }
        }
      case (.sixteen, .sixteen):
        patch.withUnsafeSamples16 { src in
          image.withUnsafeMutableSamples16 { dst in blend(&dst, src, a, geometry, maxValue: 65535) }
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

  /// How a patch pixel's colour channels become the image's.
  private enum ColourRule {
    /// Same colour channels (1 or 3).
    case same
    /// One gray value for R, G and B.
    case grayToColour
    /// Luma of R, G, B for one gray channel.
    case colourToGray
  }

  /// Dispatches to a kernel specialised for the channel counts, so the inner loops unroll.
  @inline(__always)
  private static func blend<
    Sample: FixedWidthInteger & UnsignedInteger, PatchSample: FixedWidthInteger & UnsignedInteger
  >(
    _ dst: inout UnsafeMutableBufferPointer<Sample>, _ src: UnsafeBufferPointer<PatchSample>,
    _ alpha: UnsafeBufferPointer<Float>, _ g: Geometry, maxValue: Float
  ) {
    guard let d = dst.baseAddress, let s = src.baseAddress, let a = alpha.baseAddress else { return }
    let packed = g.imageChannels == g.colours && g.patchChannels == g.colours
    if packed && (g.depthScale == 1 || g.depthScale == 257) {
      // Neither has alpha and the channels match: blend runs of samples, vectorised.
      if g.colours == 3 {
        runKernel(d, s, a, g, maxValue, channels: 3)
      } else {
        runKernel(d, s, a, g, maxValue, channels: 1)
      }
      return
    }
    switch (g.patchColours, g.colours) {
    case (1, 3):
      kernel(
        d, s, a, g, maxValue, .grayToColour, colours: 3, imageChannels: g.imageChannels, patchChannels: g.patchChannels)
    case (3, 1):
      kernel(
        d, s, a, g, maxValue, .colourToGray, colours: 1, imageChannels: g.imageChannels, patchChannels: g.patchChannels)
    case (3, 3):
      switch (g.imageChannels, g.patchChannels) {
      case (3, 3): kernel(d, s, a, g, maxValue, .same, colours: 3, imageChannels: 3, patchChannels: 3)
      case (4, 3): kernel(d, s, a, g, maxValue, .same, colours: 3, imageChannels: 4, patchChannels: 3)
      case (3, 4): kernel(d, s, a, g, maxValue, .same, colours: 3, imageChannels: 3, patchChannels: 4)
      default: kernel(d, s, a, g, maxValue, .same, colours: 3, imageChannels: 4, patchChannels: 4)
      }
    default:
      kernel(d, s, a, g, maxValue, .same, colours: 1, imageChannels: g.imageChannels, patchChannels: g.patchChannels)
    }
  }

  /// The blend over the crop: only pixels with alpha > 0 are read from the patch and written.
  ///
  /// Unsafe pointers: the hot loop over a megapixel crop; every index stays inside the crop,
  /// whose containment in the image and sizes are checked in ``apply(patch:alpha:onto:at:)``.
  @inline(__always)
  private static func kernel<
    Sample: FixedWidthInteger & UnsignedInteger, PatchSample: FixedWidthInteger & UnsignedInteger
  >(
    _ dst: UnsafeMutablePointer<Sample>, _ src: UnsafePointer<PatchSample>, _ alpha: UnsafePointer<Float>,
    _ g: Geometry, _ maxValue: Float, _ rule: ColourRule, colours: Int, imageChannels: Int, patchChannels: Int
  ) {
    let scale = g.depthScale
    // 1 or 257: the patch maps to whole numbers at the image's depth (not so for 16 -> 8 bits).
    let exactDepth = scale == 1 || scale == 257
    let depthFactor = UInt32(exactDepth ? scale : 1)
    let width = g.crop.width
    for y in 0..<g.crop.height {
      let alphaRow = alpha + y * width
      let patchRow = src + y * width * patchChannels
      let imageRow = dst + ((g.crop.y + y) * g.imageWidth + g.crop.x) * imageChannels
      var x = 0
      while x < width {
        // Skip runs of 8 untouched pixels at once (most of a crop is outside the mask).
        if x + 8 <= width && !any(UnsafeRawPointer(alphaRow + x).loadUnaligned(as: SIMD8<Float>.self) .> 0) {
          x += 8
          continue
        }
        let a = alphaRow[x]
        defer { x += 1 }
        guard a > 0 else { continue }
        let p = patchRow + x * patchChannels
        let o = imageRow + x * imageChannels
        switch rule {
        case .same where a == 1 && exactDepth:
          // The patch itself (o + 1 * (p - o) = p exactly, an integer at the image's depth).
          for c in 0..<colours { o[c] = Sample(truncatingIfNeeded: UInt32(p[c]) &* depthFactor) }
        case .same:
          for c in 0..<colours { o[c] = mix(o[c], Float(p[c]) * scale, a, maxValue) }
        case .grayToColour:
          let v = Float(p[0]) * scale
          for c in 0..<3 { o[c] = mix(o[c], v, a, maxValue) }
        case .colourToGray:
          let v = Luma.of(Float(p[0]), Float(p[1]), Float(p[2])) * scale
          o[0] = mix(o[0], v, a, maxValue)
        }
      }
    }
  }

  /// The blend for images and patches with the same channels and no alpha: per row, each run of
  /// pixels with alpha > 0 is blended as one contiguous run of samples (alpha repeated per
  /// channel), which the compiler vectorises. Pixels with alpha 0 are skipped, as in `kernel`.
  @inline(__always)
  private static func runKernel<
    Sample: FixedWidthInteger & UnsignedInteger, PatchSample: FixedWidthInteger & UnsignedInteger
  >(
    _ dst: UnsafeMutablePointer<Sample>, _ src: UnsafePointer<PatchSample>, _ alpha: UnsafePointer<Float>,
    _ g: Geometry, _ maxValue: Float, channels: Int
  ) {
    let scale = g.depthScale
    let factor = UInt32(scale)  // 1 or 257 here
    let width = g.crop.width
    var expanded = [Float](repeating: 0, count: width * channels)
    expanded.withUnsafeMutableBufferPointer { buffer in
      guard let e = buffer.baseAddress else { return }
      for y in 0..<g.crop.height {
        let alphaRow = alpha + y * width
        let patchRow = src + y * width * channels
        let imageRow = dst + ((g.crop.y + y) * g.imageWidth + g.crop.x) * channels
        var x = 0
        while x < width {
          // The same skip as in `kernel`, written out: a shared helper for it made both kernels
          // 6-20 times slower in release (ops-bench composite), the check no longer inlined.
          if x + 8 <= width && !any(UnsafeRawPointer(alphaRow + x).loadUnaligned(as: SIMD8<Float>.self) .> 0) {
            x += 8
            continue
          }
          if !(alphaRow[x] > 0) {
            x += 1
            continue
          }
          // A run of alpha 1 (the patch itself, exactly) or of 0 < alpha < 1 (blended).
          let opaque = alphaRow[x] == 1
          var end = x + 1
          while end < width && alphaRow[end] > 0 && (alphaRow[end] == 1) == opaque { end += 1 }
          let o = imageRow + x * channels
          let p = patchRow + x * channels
          let count = (end - x) * channels
          if opaque {
            for i in 0..<count { o[i] = Sample(truncatingIfNeeded: UInt32(p[i]) &* factor) }
          } else {
            for i in 0..<(end - x) {
              for c in 0..<channels { e[i * channels + c] = alphaRow[x + i] }
            }
            for i in 0..<count { o[i] = mix(o[i], Float(p[i]) * scale, e[i], maxValue) }
          }
          x = end
        }
      }
    }
  }

  /// `round_half_up(o + a * (p - o))`, clamped to `0...maxValue`.
  @inline(__always)
  private static func mix<Sample: FixedWidthInteger & UnsignedInteger>(
    _ original: Sample, _ patch: Float, _ a: Float, _ maxValue: Float
  ) -> Sample {
    let o = Float(original)
    return Sample(truncatingIfNeeded: floorOfNonNegative(min(max(o + a * (patch - o) + 0.5, 0), maxValue)))
  }

  /// `floor(y)` for `0 <= y < 2^23`, without the range checks of `Int32(_: Float)`: adding 2^23
  /// rounds `y` to the nearest integer in the float's mantissa (exact, ties to even), and one is
  /// taken off when that rounded up.
  @inline(__always)
  static func floorOfNonNegative(_ y: Float) -> Int32 {
    let magic: Float = 8_388_608  // 2^23; its bit pattern is 0x4B00_0000
    let shifted = y + magic
    let nearest = Int32(bitPattern: shifted.bitPattern) &- 0x4B00_0000
    return shifted - magic > y ? nearest &- 1 : nearest
  }
}
