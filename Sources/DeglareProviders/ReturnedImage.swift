import DeglareCodecs
import DeglareCore
import Foundation

/// Checks and decodes the image a provider returned.
enum ReturnedImage {
  /// Limits for a returned image.
  struct Configuration: Sendable {
    /// The most pixels accepted (a 4K Gemini image is about 17 MP).
    var maxPixels = 64_000_000
    /// The shortest edge accepted, in pixels.
    var minEdge = 64
    /// The largest accepted ratio between the returned and the expected aspect ratio (either way):
    /// beyond it, resizing the patch back to the crop would visibly distort it.
    var maxAspectDeviation = 1.10
  }

  static let configuration = Configuration()

  /// Decodes `bytes` and checks the size against `expected` (its aspect ratio only).
  static func decode(_ bytes: [UInt8], provider: ProviderID, expected: PixelSize) throws(ProviderError) -> ImageBuffer {
    let decoded: DecodedImage
    switch ImageFormat.sniff(bytes) {
    case .png, .jpeg, .heif:
      do {
        decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: configuration.maxPixels))
      } catch {
        throw .badResponse(provider: provider, message: "the returned image cannot be decoded: \(error.message)")
      }
    case .webp:
      throw .badResponse(provider: provider, message: "it returned a WebP image, which deglare cannot decode")
    case nil:
      let head = bytes.prefix(8).map {
        String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
      }
      throw .badResponse(
        provider: provider,
        message: "the returned data is not an image (\(bytes.count) bytes starting \(head.joined(separator: " ")))")
    }
    let image = decoded.image
    let expectedAspect = Double(expected.width) / Double(expected.height)
    let aspect = Double(image.width) / Double(image.height)
    let deviation = max(aspect / expectedAspect, expectedAspect / aspect)
    if min(image.width, image.height) < configuration.minEdge || deviation > configuration.maxAspectDeviation {
      throw .badResponse(
        provider: provider,
        message: "the returned image is \(image.width)x\(image.height), unusable for a \(expected) request "
          + "(its shape would be distorted)")
    }
    return image
  }
}
