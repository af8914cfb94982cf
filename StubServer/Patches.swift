import DeglareCodecs
import DeglareCore
import Foundation

/// The deterministic images the stub answers with, cached by size.
///
/// A patch is 8-bit RGB with pixel (x, y) = (x * 255 / (w - 1), y * 255 / (h - 1), 128): easy to
/// recognise and to check after resizing. Gemini's draft "thought" images are flat gray 64.
enum Patches {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var cache: [String: [UInt8]] = [:]

  /// The patch as PNG.
  static func png(width: Int, height: Int) -> [UInt8] {
    cached("png-\(width)x\(height)") { (try? PNGCodec.encode(gradient(width: width, height: height))) ?? [] }
  }

  /// The patch as JPEG (for `output_format=jpeg`).
  static func jpeg(width: Int, height: Int) -> [UInt8] {
    cached("jpeg-\(width)x\(height)") { (try? JPEGCodec.encode(gradient(width: width, height: height))) ?? [] }
  }

  /// A flat gray draft image as PNG.
  static func draft(width: Int, height: Int) -> [UInt8] {
    cached("draft-\(width)x\(height)") {
      let image = ImageBuffer(
        width: width, height: height, layout: .rgb, samples: [UInt8](repeating: 64, count: width * height * 3))
      return (try? PNGCodec.encode(image)) ?? []
    }
  }

  /// Bytes with a WebP signature (the stub cannot encode WebP; clients only need to recognise it).
  static let webp: [UInt8] =
    Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 28)

  /// Bytes that are not an image at all.
  static let notAnImage: [UInt8] = Array("this is not an image, just text the stub sends in non-image mode\n".utf8)

  static func gradient(width: Int, height: Int) -> ImageBuffer {
    var samples = [UInt8](repeating: 128, count: width * height * 3)
    let xScale = max(width - 1, 1)
    let yScale = max(height - 1, 1)
    for y in 0..<height {
      let green = UInt8(y * 255 / yScale)
      for x in 0..<width {
        let index = (y * width + x) * 3
        samples[index] = UInt8(x * 255 / xScale)
        samples[index + 1] = green
      }
    }
    return ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
  }

  private static func cached(_ key: String, _ make: () -> [UInt8]) -> [UInt8] {
    lock.lock()
    if let hit = cache[key] {
      lock.unlock()
      return hit
    }
    lock.unlock()
    let bytes = make()
    lock.lock()
    cache[key] = bytes
    lock.unlock()
    return bytes
  }

  /// Standard base64 with padding.
  static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

  /// URL-safe base64 without padding.
  static func base64URL(_ bytes: [UInt8]) -> String {
    base64(bytes).replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}

/// Size helpers shared by both emulations.
enum Sizes {
  /// Parses "1024x1536".
  static func parse(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
      return nil
    }
    return (width, height)
  }

  /// The candidate closest to the aspect of (width, height), by |log(aspect ratio)|.
  static func closest<T>(_ candidates: [T], to width: Int, _ height: Int, size: (T) -> (Int, Int)) -> T? {
    let target = log(Double(width) / Double(height))
    return candidates.min { lhs, rhs in
      let (lw, lh) = size(lhs)
      let (rw, rh) = size(rhs)
      return abs(log(Double(lw) / Double(lh)) - target) < abs(log(Double(rw) / Double(rh)) - target)
    }
  }
}
