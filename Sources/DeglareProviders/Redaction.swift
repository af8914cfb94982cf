import Foundation

/// Removes API keys and anything that looks like a credential from text before it is shown or
/// logged (docs/providers.md, Redaction).
///
/// It removes, in order: each known secret verbatim, in its base64 forms (standard and URL-safe
/// alphabet, at each of the three alignments a key can have inside a larger base64 text) and
/// percent-encoded; `Authorization`/`x-goog-api-key` header values, bearer tokens, OpenAI-style
/// `sk-…` keys, Google `AIza…` keys and `key=` query parameters; then every fragment of at least
/// ``fragmentLength`` characters of a secret in any letter case (so the key echoed uppercased,
/// lowercased, or split in two by a provider's body is caught). Masked keys as providers print
/// them ("sk-ab***wxyz") are left alone. When, after all that, the text with everything but
/// letters and digits taken out still holds ``residueLength`` characters of a key in a row (a key
/// cut into small pieces), nothing of the text can be trusted and ``withheld`` replaces all of it.
public struct Redactor: Sendable {
  /// What replaces a secret.
  public static let placeholder = "[REDACTED]"
  /// What replaces a whole text that still holds a key after redaction.
  public static let withheld = "[not shown: the text may hold the API key in a form that cannot be redacted]"
  /// The shortest run of a key's characters (any case) that is removed where it appears.
  public static let fragmentLength = 12
  /// The shortest run of a key's letters and digits that, found once punctuation and spacing are
  /// ignored, makes the whole text withheld.
  public static let residueLength = 16

  private struct Secret: Sendable {
    /// The key in lower case, as bytes (keys are ASCII; a non-ASCII key is only matched whole).
    var lowercased: [UInt8]
    /// Every `fragmentLength`-byte window of `lowercased`.
    var windows: Set<[UInt8]>
    /// The key's letters and digits, lower case.
    var alphanumerics: [UInt8]
  }

  private let exact: [String]
  private let secrets: [Secret]

  /// Creates a redactor for these secrets (empty and very short strings are ignored: removing
  /// every "a" would make messages unreadable and protect nothing).
  public init(secrets: [String]) {
    var exact: [String] = []
    var prepared: [Secret] = []
    for secret in secrets where secret.count >= 6 {
      exact.append(secret)
      exact += Redactor.base64Cores(of: Array(secret.utf8))
      let encoded = Redactor.percentEncoded(secret)
      if encoded != secret { exact.append(encoded) }
      let lowercased = Array(secret.utf8).map(Redactor.lowercase)
      let window = min(Redactor.fragmentLength, lowercased.count)
      var windows: Set<[UInt8]> = []
      for start in 0...(lowercased.count - window) { windows.insert(Array(lowercased[start..<(start + window)])) }
      prepared.append(
        Secret(
          lowercased: lowercased, windows: windows,
          alphanumerics: lowercased.filter(Redactor.isAlphanumeric)))
    }
    self.exact = exact.sorted { $0.count > $1.count }
    self.secrets = prepared
  }

  /// `text` with every secret and credential-looking token replaced by ``placeholder``, or
  /// ``withheld`` when a key may remain in it.
  public func redact(_ text: String) -> String {
    var result = text
    for secret in exact { result = result.replacingOccurrences(of: secret, with: Redactor.placeholder) }
    result = result.replacing(#/(?i)((?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?:bearer\s+|basic\s+)?[^\s,;'"]+/#) {
      match in
      "\(match.output.1)\(Redactor.placeholder)"
    }
    result = result.replacing(#/(?i)((?:x-goog-api-key|x-api-key|api[-_]?key)["']?\s*[:=]\s*["']?)[^\s,;'"&]+/#) {
      match in
      "\(match.output.1)\(Redactor.placeholder)"
    }
    result = result.replacing(#/(?i)(bearer\s+)[A-Za-z0-9._~+\/=-]{8,}/#) { match in
      "\(match.output.1)\(Redactor.placeholder)"
    }
    result = result.replacing(#/([?&](?:key|api_key|apikey|access_token)=)[^&\s"']+/#) { match in
      "\(match.output.1)\(Redactor.placeholder)"
    }
    result = result.replacing(#/\bsk-[A-Za-z0-9_-]{16,}/#, with: Redactor.placeholder)
    result = result.replacing(#/\bAIza[0-9A-Za-z_-]{30,}/#, with: Redactor.placeholder)
    for secret in secrets { result = Redactor.removeFragments(of: secret, from: result) }
    if secrets.contains(where: { Redactor.holdsResidue(of: $0, in: result) }) { return Redactor.withheld }
    return result
  }

  // MARK: - Fragments

  /// `text` with every run of at least `fragmentLength` bytes that matches the key (any case)
  /// replaced by the placeholder; adjacent and overlapping runs become one.
  private static func removeFragments(of secret: Secret, from text: String) -> String {
    let bytes = Array(text.utf8)
    let window = min(fragmentLength, secret.lowercased.count)
    guard bytes.count >= window else { return text }
    let lowered = bytes.map(lowercase)
    var covered = [Bool](repeating: false, count: bytes.count)
    var found = false
    for start in 0...(bytes.count - window) where secret.windows.contains(Array(lowered[start..<(start + window)])) {
      for index in start..<(start + window) { covered[index] = true }
      found = true
    }
    guard found else { return text }
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if covered[index] {
        out += Array(placeholder.utf8)
        while index < bytes.count && covered[index] { index += 1 }
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    // Matches are ASCII runs, so the cut never splits a multi-byte character.
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `text`, reduced to lower-case letters and digits, holds `residueLength` of the key's
  /// letters and digits in a row.
  private static func holdsResidue(of secret: Secret, in text: String) -> Bool {
    let key = secret.alphanumerics
    let length = min(residueLength, key.count)
    guard length > 0 else { return false }
    let reduced = text.utf8.map(lowercase).filter(isAlphanumeric)
    guard reduced.count >= length else { return false }
    var windows: Set<ArraySlice<UInt8>> = []
    for start in 0...(key.count - length) { windows.insert(key[start..<(start + length)]) }
    for start in 0...(reduced.count - length) where windows.contains(reduced[start..<(start + length)]) {
      return true
    }
    return false
  }

  // MARK: - Encodings

  /// The parts of the key's base64 text that do not depend on the bytes around it, for each
  /// alignment (0, 1 or 2 bytes before it in a larger encoded text) and both alphabets.
  private static func base64Cores(of key: [UInt8]) -> [String] {
    var cores: [String] = []
    for offset in 0..<3 {
      let encoded = Array(Data([UInt8](repeating: 0, count: offset) + key).base64EncodedString().utf8)
      let first = (offset * 8 + 5) / 6  // the first character with no filler bits
      let end = (offset + key.count) * 8 / 6  // characters made only of the key's bits
      guard end - first >= fragmentLength else { continue }
      let core = String(decoding: encoded[first..<end], as: UTF8.self)
      cores.append(core)
      let urlSafe = core.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      if urlSafe != core { cores.append(urlSafe) }
    }
    return cores
  }

  private static func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return out
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
