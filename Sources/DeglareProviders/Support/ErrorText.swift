import DeglareCore
import Foundation

/// Turns an error body that is not the provider's JSON into one readable line.
enum ErrorText {
  /// The longest message kept from a provider (the rest is cut with "...").
  static let maxLength = 2000

  /// The first meaningful line of a non-JSON body: an HTML page's `<title>`, else its first
  /// non-empty line with tags removed; "(empty body)" when there is nothing.
  static func firstLine(of body: [UInt8]) -> String {
    let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
    if let title = htmlTitle(text) { return clip(title) }
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let stripped = stripTags(String(line)).trimmingWhitespace
      if !stripped.isEmpty { return clip(stripped) }
    }
    return "(empty body)"
  }

  /// `text` cut to ``maxLength`` characters.
  static func clip(_ text: String) -> String {
    text.count > maxLength ? String(text.prefix(maxLength)) + "..." : text
  }

  private static func htmlTitle(_ text: String) -> String? {
    guard let open = text.range(of: "<title>", options: .caseInsensitive),
      let close = text.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<text.endIndex)
    else { return nil }
    let title = String(text[open.upperBound..<close.lowerBound]).trimmingWhitespace
    return title.isEmpty ? nil : title
  }

  private static func stripTags(_ line: String) -> String {
    var out = ""
    var inTag = false
    for character in line {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        out.append(character)
      }
    }
    return out
  }
}
