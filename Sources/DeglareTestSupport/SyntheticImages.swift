import DeglareCore

/// Small deterministic images for tests.
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
}
