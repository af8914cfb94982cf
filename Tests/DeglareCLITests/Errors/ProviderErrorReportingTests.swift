import DeglareProviders
import Testing

@testable import DeglareCLI

@Suite("Provider errors map to exit codes")
struct ProviderErrorReportingTests {
  @Test(
    "key problems exit 77, option problems 64, every other provider failure 69",
    arguments: [
      (ProviderError.missingKey(provider: .openai), 77),
      (.malformedKey(provider: .gemini, reason: "it contains spaces"), 77),
      (.keyRejected(provider: .openai, status: 401, message: "Incorrect API key provided"), 77),
      (.keyRejected(provider: .openai, status: 403, message: "Your organization must be verified"), 77),
      (.rateLimited(provider: .openai, message: "Rate limit reached", attempts: 3, retryAfterSeconds: nil), 69),
      (.quotaExhausted(provider: .gemini, message: "limit: 0", hint: "enable billing"), 69),
      (.blocked(provider: .gemini, reason: "IMAGE_SAFETY", message: nil), 69),
      (.noImage(provider: .gemini, reason: "NO_IMAGE", modelText: nil), 69),
      (.requestRejected(provider: .openai, status: 400, message: "Unknown parameter", hint: nil), 69),
      (.serverError(provider: .openai, status: 503, message: "overloaded", attempts: 3), 69),
      (.badResponse(provider: .openai, message: "not an image"), 69),
      (.transport(provider: .gemini, message: "timed out"), 69),
      // A base URL deglare refuses (plain http to a remote host) is a setting to fix: usage.
      (.invalidEndpoint(message: "OPENAI_BASE_URL: plain http"), 64),
      (.invalidOption(message: "gpt-image-1.5 accepts --quality low, medium, high, auto"), 64),
    ])
  func exitCode(_ error: ProviderError, _ code: Int) {
    let (exit, message) = ErrorReporter.classify(error)
    #expect(Int(exit.rawValue) == code)
    #expect(message == error.description)
  }

  @Test("the provider's own message is shown")
  func message() {
    let error = ProviderError.quotaExhausted(
      provider: .gemini, message: "Quota exceeded for metric: ..., limit: 0",
      hint: "Gemini image models have no free-tier quota: enable billing on the Google Cloud project of this API key.")
    #expect(
      ErrorReporter.classify(error).1
        == "Gemini has no quota left for this request; retrying will not help. Gemini image models have no free-tier "
        + "quota: enable billing on the Google Cloud project of this API key. Gemini said: Quota exceeded for metric: ..., limit: 0"
    )
  }
}
