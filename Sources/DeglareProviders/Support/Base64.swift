import Foundation

/// Base64 as the providers use it: standard alphabet when sending; standard or URL-safe
/// (`-`, `_`), padded or not, when receiving (Gemini's proto3 JSON accepts and emits both).
enum Base64 {
  /// Standard alphabet with padding.
  static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

  /// Decodes either alphabet, with or without padding; nil when the text is not base64.
  static func decode(_ text: String) -> [UInt8]? {
    // Fast path (standard alphabet, padded: what OpenAI and Gemini send): Foundation's decoder,
    // with no per-byte Swift loop, since answers carry megabytes.
    var copy = text
    let fast: [UInt8]? = copy.withUTF8 { raw in
      guard let base = raw.baseAddress, raw.count % 4 == 0,
        memchr(base, Int32(UInt8(ascii: "-")), raw.count) == nil,
        memchr(base, Int32(UInt8(ascii: "_")), raw.count) == nil,
        let data = Data(base64Encoded: Data(raw))
      else { return nil }
      return [UInt8](data)
    }
    if let fast { return fast }
    var bytes = Array(text.utf8)
    var needsRewrite = false
    for byte in bytes where byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte < 0x21 {
      needsRewrite = true
      break
    }
    if needsRewrite {
      bytes = bytes.compactMap { byte in
        switch byte {
        case UInt8(ascii: "-"): return UInt8(ascii: "+")
        case UInt8(ascii: "_"): return UInt8(ascii: "/")
        case 0x20, 0x0A, 0x0D, 0x09: return nil
        default: return byte
        }
      }
    }
    while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
    guard bytes.count % 4 != 1 else { return nil }
    bytes += [UInt8](repeating: UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
    guard let data = Data(base64Encoded: Data(bytes)) else { return nil }
    return [UInt8](data)
  }
}
