import Foundation

/// Removes API keys and anything that looks like a credential from text before it is shown or
/// logged: the known secrets verbatim (and percent-encoded), `Authorization`/`x-goog-api-key`
/// header values, bearer tokens, OpenAI-style `sk-…` keys, Google `AIza…` keys and `key=` query
/// parameters. Masked keys as providers print them ("sk-ab***wxyz") are left alone.
public struct Redactor: Sendable {
  /// What replaces a secret.
  public static let placeholder = "[REDACTED]"

  private let secrets: [String]

  /// Creates a redactor for these secrets (empty and very short strings are ignored: removing
  /// every "a" would make messages unreadable and protect nothing).
  public init(secrets: [String]) {
    var all: [String] = []
    for secret in secrets where secret.count >= 6 {
      all.append(secret)
      let encoded = Redactor.percentEncoded(secret)
      if encoded != secret { all.append(encoded) }
    }
    self.secrets = all.sorted { $0.count > $1.count }
  }

  /// `text` with every secret and credential-looking token replaced by ``placeholder``.
  public func redact(_ text: String) -> String {
    var result = text
    for secret in secrets { result = result.replacingOccurrences(of: secret, with: Redactor.placeholder) }
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
    return result
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
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
