/// The one rule for an API key, whichever way it arrives (`keys set`, the environment, the
/// Secret Service) and wherever it goes (the Secret Service, an HTTP header).
///
/// A key is sent in an HTTP header, which carries printable ASCII only: so a key is usable when
/// it is non-empty and every character is printable ASCII other than the space (`!` to `~`). A
/// pasted key with a trailing line break, or one with a typographic dash, is refused up front
/// with the reason, rather than stored and then refused when it is sent.
public enum APIKey {
  /// Why a key cannot be used; the description is the reason people read.
  public enum Problem: Sendable, Equatable, CustomStringConvertible {
    /// The key is empty.
    case empty
    /// The key holds a space, tab, line break or other Unicode whitespace.
    case whitespace
    /// The key holds a control character (C0, DEL or C1).
    case controlCharacters
    /// The key holds a character outside ASCII (a typographic dash or quote, an accented letter).
    case nonASCII

    /// "it is empty", "it contains whitespace (a copied line break or space?)" ...
    public var description: String {
      switch self {
      case .empty: return "it is empty"
      case .whitespace: return "it contains whitespace (a copied line break or space?)"
      case .controlCharacters: return "it contains control characters"
      case .nonASCII: return "it contains non-ASCII characters"
      }
    }
  }

  /// What is wrong with `key`, or nil when it is usable. Whitespace and control characters are
  /// named before non-ASCII ones, as they are the likelier paste accident.
  public static func problem(in key: String) -> Problem? {
    if key.isEmpty { return .empty }
    for scalar in key.unicodeScalars {
      if scalar.properties.isWhitespace { return .whitespace }
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        return .controlCharacters
      }
    }
    if key.unicodeScalars.contains(where: { $0.value > 0x7E }) { return .nonASCII }
    return nil
  }

  /// A few leading and the last four characters ("sk-p…wxyz"), never the whole key; short keys
  /// show less ("…t1", "…").
  public static func masked(_ key: String) -> String {
    let characters = Array(key)
    if characters.count >= 12 { return String(characters.prefix(4)) + "…" + String(characters.suffix(4)) }
    if characters.count >= 6 { return "…" + String(characters.suffix(2)) }
    return "…"
  }
}
