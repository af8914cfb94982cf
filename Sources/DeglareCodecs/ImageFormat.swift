/// An image file format, recognised from the first bytes, never from the file name.
public enum ImageFormat: String, Sendable, Equatable {
  /// PNG (signature 89 50 4E 47 0D 0A 1A 0A).
  case png
  /// JPEG (starts with FF D8 FF).
  case jpeg
  /// HEIF: HEIC (HEVC) or AVIF (AV1) in an ISO base media file whose `ftyp` box names a HEIF
  /// brand (`heic`, `heix`, `mif1`, `avif`...); decoded, never written.
  case heif
  /// WebP (RIFF....WEBP); recognised so the message can name it, but not decoded.
  case webp

  /// The format of `bytes`, or nil when it is none of the above.
  public static func sniff<C: Collection>(_ bytes: C) -> ImageFormat? where C.Element == UInt8 {
    let head = Array(bytes.prefix(12))
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if HEIFCodec.hasHEIFBrand(bytes) { return .heif }
    if head.count >= 12 && head[0..<4].elementsEqual(Array("RIFF".utf8))
      && head[8..<12].elementsEqual(Array("WEBP".utf8))
    {
      return .webp
    }
    return nil
  }

  /// The format a file name asks for by its extension (for choosing the *output* format): JPEG
  /// for `.jpg`/`.jpeg`, else PNG. (A name that asks for a format deglare cannot write is refused
  /// when the file is written: ``namedFormat(_:)``.)
  public static func forOutputPath(_ path: String) -> ImageFormat {
    namedFormat(path) == "JPEG" ? .jpeg : .png
  }

  /// The image format a file name's extension names, case-insensitively ("PNG", "JPEG", "WebP",
  /// "HEIC"...), or nil when it names none (no extension, `.out`, `.json`...).
  public static func namedFormat(_ path: String) -> String? {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    return formatsByExtension[name[name.index(after: dot)...].lowercased()]
  }

  /// Image file extensions and the format each names.
  static let formatsByExtension: [String: String] = [
    "png": "PNG", "jpg": "JPEG", "jpeg": "JPEG", "jpe": "JPEG", "webp": "WebP", "gif": "GIF", "tif": "TIFF",
    "tiff": "TIFF", "bmp": "BMP", "heic": "HEIC", "heif": "HEIF", "avif": "AVIF", "jxl": "JPEG XL", "jp2": "JPEG 2000",
  ]

  /// The format's name as ``namedFormat(_:)`` gives it.
  public var name: String {
    switch self {
    case .png: return "PNG"
    case .jpeg: return "JPEG"
    case .heif: return "HEIF"
    case .webp: return "WebP"
    }
  }
}
