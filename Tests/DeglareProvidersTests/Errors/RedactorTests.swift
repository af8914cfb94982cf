import DeglareProviders
import Foundation
import Testing

@Suite("Redactor")
struct RedactorTests {
  static let openAIKey = "sk-proj-abcDEF1234567890xyzQRS"
  static let geminiKey = "AIzaSyA0123456789abcdefghijklmnopqrstu"
  let redactor = Redactor(secrets: [Self.openAIKey, Self.geminiKey])

  @Test(
    "secrets and credential-looking text are removed",
    arguments: [
      ("bad key sk-proj-abcDEF1234567890xyzQRS here", "bad key [REDACTED] here"),
      ("Authorization: Bearer anything-at-all", "Authorization: [REDACTED]"),
      ("authorization=Basic dXNlcjpwYXNz", "authorization=[REDACTED]"),
      ("x-goog-api-key: AIzaOther0123456789abcdefghijklmnopq", "x-goog-api-key: [REDACTED]"),
      ("{\"api_key\": \"zzz-secret\"}", "{\"api_key\": \"[REDACTED]\"}"),
      ("GET /v1/models?key=AIzaSomething&pageSize=5", "GET /v1/models?key=[REDACTED]&pageSize=5"),
      ("token sk-another0123456789abcdef leaked", "token [REDACTED] leaked"),
      ("google AIzaSyB9999999999999999999999999999999999 key", "google [REDACTED] key"),
      ("bearer eyJhbGciOiJIUzI1NiJ9.payload", "bearer [REDACTED]"),
      ("percent sk-proj-abcDEF1234567890xyzQRS%0A", "percent [REDACTED]%0A"),
    ])
  func redacts(_ input: String, _ expected: String) {
    #expect(redactor.redact(input) == expected)
  }

  @Test(
    "the key in another letter case is removed",
    arguments: [openAIKey.uppercased(), openAIKey.lowercased(), geminiKey.uppercased(), geminiKey.lowercased()])
  func caseVariants(_ variant: String) {
    #expect(redactor.redact("Invalid key \(variant).") == "Invalid key [REDACTED].")
  }

  @Test("the key's base64 forms are removed, alone or inside a larger base64 text at any alignment")
  func base64Forms() {
    for key in [Self.openAIKey, Self.geminiKey] {
      for prefix in ["", "a", "ab", "Bearer ", "Authorization: Bearer "] {
        for suffix in ["", "x", "\n\r"] {
          let encoded = Data((prefix + key + suffix).utf8)
          for text in [encoded.base64EncodedString(), Redactor.urlSafe(encoded.base64EncodedString())] {
            let redacted = redactor.redact("echo: \(text)")
            #expect(redacted.contains(Redactor.placeholder), "\(prefix)|\(suffix): \(redacted)")
            #expect(!Self.decodesToKey(redacted, key), "\(prefix)|\(suffix): \(redacted)")
          }
        }
      }
    }
  }

  @Test(
    "a key split in two by the body is removed, each half where it is",
    arguments: [
      "Invalid key: sk-proj-abcDEF1234\n567890xyzQRS (check it)",
      "{\"message\": \"sk-proj-abcDEF123\" \"4567890xyzQRS\"}",
      "first half SK-PROJ-ABCDEF123, second half 4567890XYZQRS",
    ])
  func splitInTwo(_ body: String) {
    let redacted = redactor.redact(body)
    #expect(!redacted.lowercased().contains("abcdef12"), "\(redacted)")
    #expect(!redacted.lowercased().contains("890xyzqrs"), "\(redacted)")
    #expect(redacted.contains(Redactor.placeholder))
  }

  @Test("a key cut into small pieces cannot be redacted reliably: the whole text is withheld")
  func smallPiecesWithheld() {
    let pieces = stride(from: 0, to: Self.openAIKey.count, by: 5).map { start in
      String(Self.openAIKey.dropFirst(start).prefix(5))
    }
    for separator in [" ", "\n", "\", \"", " | "] {
      #expect(redactor.redact("key: " + pieces.joined(separator: separator)) == Redactor.withheld, "\(separator)")
    }
  }

  @Test("masked keys and ordinary text stay readable")
  func keepsMasked() {
    let text =
      "Incorrect API key provided: sk-pr***************wxyz. You can find your API key at https://platform.openai.com."
    #expect(redactor.redact(text) == text)
    #expect(redactor.redact("Rate limit reached for requests") == "Rate limit reached for requests")
    let long = String(repeating: "The model could not edit this image because of its content policy. ", count: 30)
    #expect(redactor.redact(long) == long)
  }

  static func decodesToKey(_ text: String, _ key: String) -> Bool {
    for word in text.split(whereSeparator: { $0 == " " }) {
      let standard = word.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
      for trim in 0..<4 {
        var candidate = String(standard.dropFirst(trim))
        while candidate.count % 4 != 0 { candidate += "=" }
        if let data = Data(base64Encoded: candidate), String(decoding: data, as: UTF8.self).contains(key) {
          return true
        }
      }
    }
    return false
  }
}

extension Redactor {
  fileprivate static func urlSafe(_ text: String) -> String {
    text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
  }
}
