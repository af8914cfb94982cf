import DeglareCore

/// Small synthetic crops and masks for provider tests.
public enum ProviderFixtures {
  /// An 8-bit RGB crop: pixel (x, y) = (x * 5 % 256, y * 7 % 256, (x + y) % 256).
  public static func crop(width: Int = 48, height: Int = 32) -> ImageBuffer {
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let index = (y * width + x) * 3
        samples[index] = UInt8(x * 5 % 256)
        samples[index + 1] = UInt8(y * 7 % 256)
        samples[index + 2] = UInt8((x + y) % 256)
      }
    }
    return ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
  }

  /// The same crop as 16-bit RGBA (alpha varying), to check the 8-bit RGB conversion.
  public static func crop16WithAlpha(width: Int = 48, height: Int = 32) -> ImageBuffer {
    let base = crop(width: width, height: height)
    var samples = [UInt16](repeating: 0, count: width * height * 4)
    for pixel in 0..<(width * height) {
      for c in 0..<3 { samples[pixel * 4 + c] = UInt16(base.samples8[pixel * 3 + c]) * 257 }
      samples[pixel * 4 + 3] = UInt16(pixel % 65536)
    }
    return ImageBuffer(width: width, height: height, layout: .rgba, samples: samples)
  }

  /// A mask with a white rectangle in the middle, a soft edge of gray 100 on its top row, and a
  /// few arbitrary gray values in the first row (to check alpha = 255 - gray exactly).
  public static func mask(width: Int = 48, height: Int = 32) -> Mask {
    var mask = Mask(width: width, height: height)
    for y in (height / 4)..<(3 * height / 4) {
      for x in (width / 4)..<(3 * width / 4) { mask[x, y] = y == height / 4 ? 100 : 255 }
    }
    for x in 0..<min(width, 8) { mask[x, 0] = UInt8(x * 31) }
    return mask
  }

  /// The stub's patch value at (x, y) of a width x height patch (StubServer/README.md).
  public static func patchPixel(x: Int, y: Int, width: Int, height: Int) -> [Int] {
    [x * 255 / max(width - 1, 1), y * 255 / max(height - 1, 1), 128]
  }
}
