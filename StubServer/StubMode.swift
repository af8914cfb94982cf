/// How the stub answers API requests (control requests are never affected).
///
/// One mode per request: the next queued one-shot mode if any, else the default. The names and
/// what each does for OpenAI and Gemini are listed in README.md.
struct StubMode: Sendable, CustomStringConvertible {
  /// Every mode name, for validating `--mode` and the control endpoint.
  static let known: Set<String> = [
    "ok", "ok-base64url", "thoughts", "unauthorized", "forbidden", "rate-limit", "quota", "quota-detail",
    "server-error", "overloaded", "html-error", "malformed-json", "non-image", "webp", "wrong-size", "safety",
    "prompt-blocked", "no-image", "text-only", "slow", "drop", "drop-midway", "gate", "echo-key",
    "echo", "echo-shifted", "echo-scaled", "echo-recoloured", "echo-reframed", "reframed",
  ]

  /// The mode's name.
  var name: String
  /// Milliseconds sent in `retry-after-ms` (OpenAI) or RetryInfo (Gemini) by rate-limit answers.
  var retryMs: Int = 30
  /// For `slow`: bytes per drip and milliseconds between drips.
  var dripBytes: Int = 64
  var dripIntervalMs: Int = 100

  var description: String { name }

  /// Reads the tunables from control-request query parameters.
  mutating func apply(options: [(String, String)]) {
    for (name, value) in options {
      guard let number = Int(value) else { continue }
      switch name {
      case "retry_ms": retryMs = number
      case "drip_bytes": dripBytes = number
      case "drip_ms": dripIntervalMs = number
      default: break
      }
    }
  }
}
