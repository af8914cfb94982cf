import DeglareCore

/// Deterministic synthetic images for tests (no files, no randomness between runs).
public enum SyntheticImages {
  /// An image whose samples follow the fixture formulas (see ``Fixtures``).
  public static func formula(width: Int, height: Int, layout: ChannelLayout, bitDepth: BitDepth) -> ImageBuffer {
    var image = ImageBuffer(width: width, height: height, layout: layout, bitDepth: bitDepth)
    for y in 0..<height {
      for x in 0..<width {
        for c in 0..<layout.channelCount {
          let value =
            bitDepth == .eight
            ? Fixtures.sample8(x: x, y: y, channel: c) : Fixtures.sample16(x: x, y: y, channel: c)
          image.setSample(x: x, y: y, channel: c, value)
        }
      }
    }
    return image
  }

  /// A mask with the given rectangles set to 255.
  public static func mask(width: Int, height: Int, rects: [PixelRect]) -> Mask {
    var mask = Mask(width: width, height: height)
    for rect in rects {
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX { mask[x, y] = 255 }
      }
    }
    return mask
  }

  /// An image whose every sample is pseudo-random over the depth's full range, from `seed`
  /// (a SplitMix64 sequence, so the same arguments always give the same pixels).
  public static func noise(width: Int, height: Int, layout: ChannelLayout, bitDepth: BitDepth, seed: UInt64 = 1)
    -> ImageBuffer
  {
    var random = SeededGenerator(seed: seed)
    let count = width * height * layout.channelCount
    switch bitDepth {
    case .eight:
      let samples = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() >> 56) }
      return ImageBuffer(width: width, height: height, layout: layout, samples: samples)
    case .sixteen:
      let samples = (0..<count).map { _ in UInt16(truncatingIfNeeded: random.next() >> 48) }
      return ImageBuffer(width: width, height: height, layout: layout, samples: samples)
    }
  }

  /// An image with every sample equal to `value`.
  public static func constant(width: Int, height: Int, layout: ChannelLayout, bitDepth: BitDepth, value: Int)
    -> ImageBuffer
  {
    let count = width * height * layout.channelCount
    switch bitDepth {
    case .eight:
      return ImageBuffer(
        width: width, height: height, layout: layout, samples: [UInt8](repeating: UInt8(value), count: count))
    case .sixteen:
      return ImageBuffer(
        width: width, height: height, layout: layout, samples: [UInt16](repeating: UInt16(value), count: count))
    }
  }

  /// A mask drawn by `inside(x, y)`.
  public static func mask(width: Int, height: Int, inside: (Int, Int) -> Bool) -> Mask {
    var values = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width where inside(x, y) { values[y * width + x] = 255 }
    }
    return Mask(width: width, height: height, values: values)
  }
}
