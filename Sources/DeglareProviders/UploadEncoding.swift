import DeglareCodecs
import DeglareCore

/// The PNG files sent to providers, built the same way for `edit` and `--dry-run`.
public enum UploadEncoding {
  /// The crop as an 8-bit RGB PNG: alpha dropped, 16-bit samples rounded to 8 bits, gray
  /// replicated to RGB (every provider repaints colour only).
  public static func imagePNG(_ image: ImageBuffer) throws(CodecError) -> [UInt8] {
    try PNGCodec.encode(rgb8(image), compression: .small)
  }

  /// OpenAI's mask: an RGBA PNG of the same size, black, alpha = 255 - gray (transparent = repaint).
  public static func openAIMaskPNG(_ mask: Mask) throws(CodecError) -> [UInt8] {
    var samples = [UInt8](repeating: 0, count: mask.width * mask.height * 4)
    for (index, gray) in mask.values.enumerated() { samples[index * 4 + 3] = 255 - gray }
    return try PNGCodec.encode(
      ImageBuffer(width: mask.width, height: mask.height, layout: .rgba, samples: samples), compression: .small)
  }

  /// Gemini's mask: the gray mask as an 8-bit gray PNG (white = may change).
  public static func grayMaskPNG(_ mask: Mask) throws(CodecError) -> [UInt8] {
    try PNGCodec.encode(mask.grayImage, compression: .small)
  }

  /// `image` as 8-bit RGB.
  static func rgb8(_ image: ImageBuffer) -> ImageBuffer {
    if image.layout == .rgb && image.bitDepth == .eight { return image }
    let channels = image.channelCount
    let colour = image.layout.colorChannelCount
    var samples = [UInt8](repeating: 0, count: image.pixelCount * 3)
    for pixel in 0..<image.pixelCount {
      for c in 0..<3 {
        let source = pixel * channels + (colour == 3 ? c : 0)
        let value: UInt8
        if image.bitDepth == .eight {
          value = image.samples8[source]
        } else {
          value = UInt8((Int(image.samples16[source]) * 255 + 32767) / 65535)
        }
        samples[pixel * 3 + c] = value
      }
    }
    return ImageBuffer(width: image.width, height: image.height, layout: .rgb, samples: samples)
  }
}
