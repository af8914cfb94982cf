import DeglareCodecs
import DeglareCore

/// Helpers shared by the fuzz targets.
public enum FuzzInput {
  /// The input as bytes.
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// The input as words, split at NUL bytes (argv has no NUL inside a word).
  public static func words(_ bytes: [UInt8]) -> [String] {
    bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The pixel limit while fuzzing: big enough for every seed, small enough to keep runs fast.
  public static let decodeOptions = DecodeOptions(maxPixels: 1 << 22)

  /// Decodes `bytes` as deglare reads any image; when that succeeds, the pixels must survive
  /// deglare's own PNG encoder bit for bit (the one rule depends on it), with the metadata it
  /// read written back, or without it when the metadata cannot be written.
  public static func decodeAndRoundTrip(_ bytes: [UInt8]) {
    guard let decoded = try? ImageDecoder.decode(bytes, options: decodeOptions) else { return }
    let encoded =
      (try? PNGCodec.encode(decoded.image, metadata: decoded.metadata))
      ?? (try? PNGCodec.encode(decoded.image))
    guard let encoded else { fatalError("deglare cannot write a PNG of an image it read") }
    guard let again = try? ImageDecoder.decode(encoded, options: decodeOptions) else {
      fatalError("deglare cannot read the PNG it wrote")
    }
    if again.image != decoded.image { fatalError("the PNG round trip changed pixels") }
    if decoded.format == .jpeg {
      _ = try? JPEGCodec.encode(decoded.image, metadata: decoded.metadata)
    }
    if let exif = decoded.metadata.exif { exerciseEXIF(exif) }
  }

  /// Reads every tag deglare reads from an EXIF structure, and resets its orientation.
  public static func exerciseEXIF(_ bytes: [UInt8]) {
    guard let exif = EXIF(bytes) else { return }
    _ = exif.orientation
    _ = exif.focalLength
    _ = exif.focalLengthIn35mmFilm
    _ = exif.focalPlanePixelsPerMillimetre
    let reset = exif.resettingOrientation()
    if reset.count != bytes.count { fatalError("resetting the orientation changed the EXIF's length") }
    if let orientation = EXIF(reset)?.orientation, orientation != 1 { fatalError("the orientation was not reset") }
  }
}
