import DeglareProviders
import Testing

@Suite("Redactor")
struct RedactorTests {
  let redactor = Redactor(secrets: ["sk-proj-abcDEF1234567890xyz", "AIzaSyA0123456789abcdefghijklmnopqrstu"])

  @Test(
    "secrets and credential-looking text are removed",
    arguments: [
      ("bad key sk-proj-abcDEF1234567890xyz here", "bad key [REDACTED] here"),
      ("Authorization: Bearer anything-at-all", "Authorization: [REDACTED]"),
      ("authorization=Basic dXNlcjpwYXNz", "authorization=[REDACTED]"),
      ("x-goog-api-key: AIzaOther0123456789abcdefghijklmnopq", "x-goog-api-key: [REDACTED]"),
      ("{\"api_key\": \"zzz-secret\"}", "{\"api_key\": \"[REDACTED]\"}"),
      ("GET /v1/models?key=AIzaSomething&pageSize=5", "GET /v1/models?key=[REDACTED]&pageSize=5"),
      ("token sk-another0123456789abcdef leaked", "token [REDACTED] leaked"),
      ("google AIzaSyB9999999999999999999999999999999999 key", "google [REDACTED] key"),
      ("bearer eyJhbGciOiJIUzI1NiJ9.payload", "bearer [REDACTED]"),
      ("percent sk-proj-abcDEF1234567890xyz%0A", "percent [REDACTED]%0A"),
    ])
  func redacts(_ input: String, _ expected: String) {
    #expect(redactor.redact(input) == expected)
  }

  @Test("masked keys and ordinary text stay readable")
  func keepsMasked() {
    let text =
      "Incorrect API key provided: sk-pr***************wxyz. You can find your API key at https://platform.openai.com."
    #expect(redactor.redact(text) == text)
    #expect(redactor.redact("Rate limit reached for requests") == "Rate limit reached for requests")
  }
}
