/// Changing an image's channel layout or bit depth.
///
/// Rules (the same ones ``Composite`` uses for a patch whose layout differs from the image):
/// - 8 -> 16 bits: `v * 257` (exact: 255 -> 65535). 16 -> 8 bits: `round(v * 255 / 65535)`.
/// - gray -> RGB: the gray value in all three channels.
/// - RGB -> gray: ``Luma`` (Rec. 601), rounded:
///   `(299 R + 587 G + 114 B + 500) / 1000`.
/// - adding alpha: fully opaque. Dropping alpha: the colour samples are kept as they are (no
///   matting against a background).
extension ImageBuffer {
  /// The image with another layout and/or depth (see the rules above); `self` when both match.
  public func converted(to newLayout: ChannelLayout, bitDepth newDepth: BitDepth) -> ImageBuffer {
    if newLayout == layout && newDepth == bitDepth { return self }
    switch (bitDepth, newDepth) {
    case (.eight, .eight):
      let out = withUnsafeSamples8 { convert($0, to: newLayout, maxValue: 255) { UInt8($0) } }
      return ImageBuffer(width: width, height: height, layout: newLayout, samples: out)
    case (.sixteen, .sixteen):
      let out = withUnsafeSamples16 { convert($0, to: newLayout, maxValue: 65535) { UInt16($0) } }
      return ImageBuffer(width: width, height: height, layout: newLayout, samples: out)
    case (.eight, .sixteen):
      let out = withUnsafeSamples8 { convert($0, to: newLayout, maxValue: 65535) { UInt16($0) &* 257 } }
      return ImageBuffer(width: width, height: height, layout: newLayout, samples: out)
    case (.sixteen, .eight):
      let out = withUnsafeSamples16 {
        convert($0, to: newLayout, maxValue: 255) { UInt8(truncatingIfNeeded: (UInt32($0) &* 255 &+ 32767) / 65535) }
      }
      return ImageBuffer(width: width, height: height, layout: newLayout, samples: out)
    }
  }

  /// Every pixel of `src` (this image's layout) in `newLayout`, each sample first taken to the
  /// output depth by `depth`.
  ///
  /// Unsafe pointers: one pass over megapixel crops; pixel `p` reads `src[p * inN ..< (p + 1) *
  /// inN]` and writes `out[p * outN ..< (p + 1) * outN]`, inside both allocations.
  @inline(__always)
  private func convert<Source: FixedWidthInteger, Target: FixedWidthInteger & UnsignedInteger>(
    _ src: UnsafeBufferPointer<Source>, to newLayout: ChannelLayout, maxValue: Int, depth: (Source) -> Target
  ) -> [Target] {
    let inN = layout.channelCount
    let outN = newLayout.channelCount
    let inColour = layout.colorChannelCount
    let outColour = newLayout.colorChannelCount
    let keepAlpha = layout.hasAlpha
    let addAlpha = newLayout.hasAlpha
    let opaque = Target(truncatingIfNeeded: maxValue)
    let count = pixelCount
    return [Target](unsafeUninitializedCapacity: count * outN) { buffer, initialized in
      guard let o = buffer.baseAddress, let s = src.baseAddress else { return }
      for p in 0..<count {
        let i = s + p * inN
        let t = o + p * outN
        if inColour == outColour {
          for c in 0..<inColour { t[c] = depth(i[c]) }
        } else if inColour == 1 {
          let v = depth(i[0])
          t[0] = v
          t[1] = v
          t[2] = v
        } else {
          let luma = Luma.thousandfold(Int(depth(i[0])), Int(depth(i[1])), Int(depth(i[2])))
          t[0] = Target(truncatingIfNeeded: (luma + 500) / 1000)
        }
        if addAlpha { t[outN - 1] = keepAlpha ? depth(i[inN - 1]) : opaque }
      }
      initialized = count * outN
    }
  }
}
