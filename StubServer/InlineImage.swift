import DeglareCore
import Foundation

/// An inline image found in a Gemini request (`inlineData` or `inline_data`), decoded.
struct InlineImage {
  /// Where it was: "contents[0].parts[1]".
  var path: String
  /// "inlineData" or "inline_data".
  var partKey: String
  /// "mimeType" or "mime_type" (empty when missing).
  var mimeKey: String
  var mimeType: String
  /// The base64 alphabet used (see `alphabet(_:)`).
  var alphabet: String
  var padded: Bool
  /// The decoded bytes, nil when the base64 is invalid.
  var bytes: [UInt8]?

  /// Every inline image in `contents[*].parts[*]`, in order.
  static func collect(_ json: Any) -> [InlineImage] {
    guard let root = json as? [String: Any], let contents = root["contents"] as? [Any] else { return [] }
    var images: [InlineImage] = []
    for (c, content) in contents.enumerated() {
      guard let parts = (content as? [String: Any])?["parts"] as? [Any] else { continue }
      for (p, part) in parts.enumerated() {
        guard let part = part as? [String: Any] else { continue }
        for key in ["inlineData", "inline_data"] {
          guard let blob = part[key] as? [String: Any] else { continue }
          let mimeKey = blob["mimeType"] != nil ? "mimeType" : (blob["mime_type"] != nil ? "mime_type" : "")
          let data = blob["data"] as? String ?? ""
          images.append(
            InlineImage(
              path: "contents[\(c)].parts[\(p)]", partKey: key, mimeKey: mimeKey,
              mimeType: (blob[mimeKey] as? String) ?? "", alphabet: alphabet(data), padded: data.hasSuffix("="),
              bytes: decodeBase64(data)))
        }
      }
    }
    return images
  }

  /// "url" (has - or _), "standard" (has + or /), "either" (neither), "mixed" (both).
  static func alphabet(_ text: String) -> String {
    let url = text.contains { $0 == "-" || $0 == "_" }
    let standard = text.contains { $0 == "+" || $0 == "/" }
    switch (url, standard) {
    case (true, true): return "mixed"
    case (true, false): return "url"
    case (false, true): return "standard"
    case (false, false): return "either"
    }
  }

  /// Decodes standard or URL-safe base64, padded or not (as Google's proto3 JSON parser does).
  static func decodeBase64(_ text: String) -> [UInt8]? {
    var normalized = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    normalized = normalized.trimmingCharacters(in: CharacterSet(charactersIn: "="))
    guard normalized.count % 4 != 1 else { return nil }
    normalized += String(repeating: "=", count: (4 - normalized.count % 4) % 4)
    return Data(base64Encoded: normalized).map { [UInt8]($0) }
  }

  /// The request JSON with every inline `data` string replaced by "<N base64 chars>".
  static func elided(_ json: Any) -> JSONValue {
    func walk(_ value: Any, parentKey: String?) -> JSONValue {
      if let object = value as? [String: Any] {
        let isBlob = parentKey == "inlineData" || parentKey == "inline_data"
        return .object(
          object.keys.sorted().map { key in
            if isBlob && key == "data", let text = object[key] as? String {
              return (key, .string("<\(text.count) base64 chars>"))
            }
            return (key, walk(object[key] as Any, parentKey: key))
          })
      }
      if let array = value as? [Any] { return .array(array.map { walk($0, parentKey: parentKey) }) }
      return JSONValue.from(value)
    }
    return walk(json, parentKey: nil)
  }
}
