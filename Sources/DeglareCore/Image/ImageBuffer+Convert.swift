/// Changing an image's channel layout or bit depth.
///
/// Rules (the same ones ``Composite`` uses for a patch whose layout differs from the image):
/// - 8 -> 16 bits: `v * 257` (exact: 255 -> 65535). 16 -> 8 bits: `round(v * 255 / 65535)`.
/// - gray -> RGB: the gray value in all three channels.
/// - RGB -> gray: Rec. 601 luma with the mask's weights, rounded:
///   `(299 R + 587 G + 114 B + 500) / 1000`.
/// - adding alpha: fully opaque. Dropping alpha: the colour samples are kept as they are (no
///   matting against a background).
extension ImageBuffer {
  /// The image with another layout and/or depth (see the rules above); `self` when both match.
  public func converted(to newLayout: ChannelLayout, bitDepth newDepth: BitDepth) -> ImageBuffer {
    if newLayout == layout && newDepth == bitDepth { return self }
    let inN = layout.channelCount
    let outN = newLayout.channelCount
    let inColour = layout.colorChannelCount
    let outColour = newLayout.colorChannelCount
    let count = pixelCount
    let maxOut = newDepth.maxValue
    // Reads every sample once as Int, already at the output depth.
    var wide = [Int](repeating: 0, count: count * inN)
    switch (bitDepth, newDepth) {
    case (.eight, .eight): for i in 0..<wide.count { wide[i] = Int(samples8[i]) }
    case (.sixteen, .sixteen): for i in 0..<wide.count { wide[i] = Int(samples16[i]) }
    case (.eight, .sixteen): for i in 0..<wide.count { wide[i] = Int(samples8[i]) * 257 }
    case (.sixteen, .eight):
      for i in 0..<wide.count { wide[i] = (Int(samples16[i]) * 255 + 32767) / 65535 }
    }
    var out = [Int](repeating: 0, count: count * outN)
    for p in 0..<count {
      let i = p * inN
      let o = p * outN
      if inColour == outColour {
        for c in 0..<inColour { out[o + c] = wide[i + c] }
      } else if inColour == 1 {
        out[o] = wide[i]
        out[o + 1] = wide[i]
        out[o + 2] = wide[i]
      } else {
        out[o] = (299 * wide[i] + 587 * wide[i + 1] + 114 * wide[i + 2] + 500) / 1000
      }
      if newLayout.hasAlpha {
        out[o + outN - 1] = layout.hasAlpha ? wide[i + inN - 1] : maxOut
      }
    }
    switch newDepth {
    case .eight:
      return ImageBuffer(width: width, height: height, layout: newLayout, samples: out.map { UInt8($0) })
    case .sixteen:
      return ImageBuffer(width: width, height: height, layout: newLayout, samples: out.map { UInt16($0) })
    }
  }
}
