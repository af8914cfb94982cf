import DeglareCore
import DeglareProviders
import DeglareTestSupport
import DeglareTransport
import Foundation
import Testing

/// Every failure mode of the stub, through the real providers over HTTP: the right error case,
/// the provider's own message, the right number of attempts, and never the key.
@Suite("Provider failures against stub-server", .serialized)
struct ProviderFailureTests {
  static let openAIKey = "sk-proj-SECRETKEY0123456789abcdefghijklmnopqrstuv"
  static let geminiKey = "AIzaSySECRETKEY0123456789abcdefghijklmn"
  static let fastRetry = RetryPolicy(maxAttempts: 3, initialDelay: 0.01, maxDelay: 0.05, maxServerDelay: 5)

  static func provider(_ name: ProviderID, _ server: StubServer, retry: RetryPolicy = fastRetry)
    -> any ImageEditProvider
  {
    if name == .openai {
      return RemoteProvider(
        configuration: .init(
          baseURL: server.openAIBaseURL, apiKey: openAIKey,
          model: ModelCatalog.info(provider: .openai, model: "gpt-image-1.5"),
          retry: retry), transport: CurlTransport())
    }
    return RemoteProvider(
      configuration: .init(
        baseURL: server.geminiBaseURL, apiKey: geminiKey,
        model: ModelCatalog.info(provider: .gemini, model: "gemini-3.1-flash-image"), retry: retry),
      transport: CurlTransport())
  }

  static let request = EditRequest(image: ProviderFixtures.crop(), mask: ProviderFixtures.mask())

  /// What a mode must produce: the error's case name, the HTTP requests made, and a fragment of
  /// the provider's message that must be shown.
  struct Expectation: Sendable, CustomTestStringConvertible {
    var provider: ProviderID
    var mode: String
    var kind: String
    var requests: Int
    var shows: String
    var testDescription: String { "\(provider) \(mode)" }

    init(_ provider: ProviderID, _ mode: String, _ kind: String, _ requests: Int, _ shows: String) {
      (self.provider, self.mode, self.kind, self.requests, self.shows) = (provider, mode, kind, requests, shows)
    }
  }

  /// Provider, stub mode, error case, requests made, fragment shown.
  static let cases: [Expectation] = [
    .init(.openai, "unauthorized", "keyRejected", 1, "Incorrect API key provided: sk-"),
    .init(.openai, "forbidden", "keyRejected", 1, "organization must be verified"),
    .init(.openai, "echo-key", "keyRejected", 1, "Incorrect API key provided: [REDACTED]"),
    .init(.openai, "rate-limit", "rateLimited", 3, "Rate limit reached for gpt-image-1.5"),
    .init(.openai, "quota", "quotaExhausted", 1, "You exceeded your current quota"),
    .init(.openai, "server-error", "serverError", 3, "The server had an error"),
    .init(.openai, "overloaded", "serverError", 3, "currently overloaded"),
    .init(.openai, "html-error", "serverError", 3, "OpenAI said: 502 Bad Gateway"),
    .init(.openai, "malformed-json", "badResponse", 1, "not valid JSON"),
    .init(.openai, "non-image", "badResponse", 1, "is not an image"),
    .init(.openai, "webp", "badResponse", 1, "WebP"),
    .init(.openai, "wrong-size", "badResponse", 1, "1536x128, unusable"),
    .init(.openai, "safety", "blocked", 1, "rejected by the safety system"),
    .init(.openai, "no-image", "noImage", 1, "returned no image"),
    .init(.openai, "drop", "transport", 1, "connection was lost"),
    .init(.gemini, "unauthorized", "keyRejected", 1, "API key not valid"),
    .init(.gemini, "forbidden", "keyRejected", 1, "The caller does not have permission"),
    .init(.gemini, "echo-key", "keyRejected", 1, "API key not valid: '[REDACTED]'"),
    .init(.gemini, "rate-limit", "rateLimited", 3, "paid_tier_requests, limit: 10"),
    .init(.gemini, "quota", "quotaExhausted", 1, "enable billing"),
    .init(.gemini, "quota-detail", "quotaExhausted", 1, "no free-tier quota"),
    .init(.gemini, "server-error", "serverError", 3, "An internal error has occurred"),
    .init(.gemini, "overloaded", "serverError", 3, "The model is overloaded"),
    .init(.gemini, "html-error", "serverError", 3, "Error 502 (Server Error)!!1"),
    .init(.gemini, "malformed-json", "badResponse", 1, "not valid JSON"),
    .init(.gemini, "non-image", "badResponse", 1, "is not an image"),
    .init(.gemini, "webp", "badResponse", 1, "WebP"),
    .init(.gemini, "wrong-size", "badResponse", 1, "1264x106, unusable"),
    .init(.gemini, "safety", "blocked", 1, "blocked the edit (IMAGE_SAFETY)"),
    .init(.gemini, "prompt-blocked", "blocked", 1, "(PROHIBITED_CONTENT)"),
    .init(.gemini, "no-image", "noImage", 1, "finish reason NO_IMAGE"),
    .init(.gemini, "text-only", "noImage", 1, "The model said: I can't edit this image"),
    .init(.gemini, "drop", "transport", 1, "connection was lost"),
  ]

  static func kind(_ error: ProviderError) -> String {
    switch error {
    case .missingKey: return "missingKey"
    case .malformedKey: return "malformedKey"
    case .keyRejected: return "keyRejected"
    case .rateLimited: return "rateLimited"
    case .quotaExhausted: return "quotaExhausted"
    case .blocked: return "blocked"
    case .noImage: return "noImage"
    case .requestRejected: return "requestRejected"
    case .serverError: return "serverError"
    case .badResponse: return "badResponse"
    case .transport: return "transport"
    case .invalidOption: return "invalidOption"
    case .invalidEndpoint: return "invalidEndpoint"
    }
  }

  @Test("each failure mode gives its error, the provider's message, and no key", arguments: cases)
  func failure(_ expected: Expectation) async throws {
    try await withStubServer(mode: expected.mode) { server in
      let error = await #expect(throws: ProviderError.self) {
        try await Self.provider(expected.provider, server).edit(Self.request)
      }
      guard let error else { return }
      #expect(Self.kind(error) == expected.kind, "\(error)")
      let text = error.description
      #expect(text.contains(expected.shows), "\(text)")
      #expect(!text.contains(Self.openAIKey) && !text.contains(Self.geminiKey), "key leaked: \(text)")
      #expect(!text.contains("SECRETKEY"), "key fragment leaked: \(text)")
      #expect(error.isKeyProblem == (expected.kind == "keyRejected"))
      let requests = try server.requests()
      #expect(requests.count == expected.requests)
    }
  }

  @Test("a rate limit followed by success: retried after the server's delay", arguments: ProviderID.remote)
  func rateLimitThenSuccess(_ provider: ProviderID) async throws {
    try await withStubServer { server in
      try server.setMode("rate-limit", times: 2, options: ["retry_ms": "200"])
      let start = ContinuousClock.now
      let result = try await Self.provider(provider, server).edit(Self.request)
      let elapsed = ContinuousClock.now - start
      #expect(elapsed >= .milliseconds(400), "the server asked for 2 x 200 ms")
      let statuses = try server.requests().map(\.status)
      #expect(statuses == [429, 429, 200])
      #expect(result.notes.count == 2)
      #expect(result.notes.allSatisfy { $0.contains("HTTP 429; retried after 0.2 s") })
      #expect(result.image.width > 0)
    }
  }

  @Test("a server asking for a longer wait than allowed is not retried", arguments: ProviderID.remote)
  func retryAfterTooLong(_ provider: ProviderID) async throws {
    try await withStubServer { server in
      try server.setMode("rate-limit", options: ["retry_ms": "120000"])
      let error = await #expect(throws: ProviderError.self) {
        try await Self.provider(provider, server).edit(Self.request)
      }
      guard case .rateLimited(_, _, let attempts, let retryAfter) = error else {
        Issue.record("expected rateLimited, got \(String(describing: error))")
        return
      }
      #expect(attempts == 1)
      #expect(retryAfter == 120)
      let requests = try server.requests()
      #expect(requests.count == 1)
    }
  }

  /// Starts an edit with `provider` and runs `body` once the stub's gate holds its request.
  static func withHeldEdit(
    _ provider: ProviderID, _ body: (StubServer, Task<EditResult, any Error>) async throws -> Void
  ) async throws {
    try await withStubServer(mode: "gate") { server in
      let edit = Self.provider(provider, server)
      let task = Task { try await edit.edit(Self.request) }
      try await server.waitUntilHeld()
      try await body(server, task)
    }
  }

  @Test("cancelling an edit while the answer is held aborts promptly", arguments: ProviderID.remote)
  func cancellation(_ provider: ProviderID) async throws {
    try await Self.withHeldEdit(provider) { server, task in
      try await Task.sleep(nanoseconds: 150_000_000)
      let start = ContinuousClock.now
      task.cancel()
      let result = await task.result
      #expect(ContinuousClock.now - start < .milliseconds(500))
      #expect(throws: CancellationError.self) { try result.get() }
      try server.release()
    }
  }

  @Test("the released gate answers normally", arguments: ProviderID.remote)
  func gateRelease(_ provider: ProviderID) async throws {
    try await Self.withHeldEdit(provider) { server, task in
      #expect(try server.release() == 1)
      let result = try await task.value
      #expect(result.image.width >= 1024)
    }
  }

  @Test("a missing or malformed key fails before any request", arguments: ProviderID.remote)
  func keyChecksBeforeSending(_ provider: ProviderID) async throws {
    try await withStubServer { server in
      let environment = server.baseURLEnvironment
      let missing = try ProviderFactory.make(
        provider: provider, key: nil, options: ProviderOptions(), environment: environment)
      await #expect(throws: ProviderError.missingKey(provider: provider)) { try await missing.edit(Self.request) }
      let pasted = try ProviderFactory.make(
        provider: provider, key: "sk-abcdef123456\n", options: ProviderOptions(), environment: environment)
      let error = await #expect(throws: ProviderError.self) { try await pasted.edit(Self.request) }
      #expect(error?.isKeyProblem == true)
      #expect(error?.description.contains("abcdef") == false)
      let requests = try server.requests()
      #expect(requests.isEmpty)
    }
  }

  @Test("--timeout ends a slow drip with a transport error", arguments: ProviderID.remote)
  func slowDripTimeout(_ provider: ProviderID) async throws {
    try await withStubServer { server in
      try server.setMode("slow", options: ["drip_bytes": "64", "drip_ms": "200"])
      let environment = server.baseURLEnvironment
      let slow = try ProviderFactory.make(
        provider: provider, key: "sk-timeout-test-123456", options: ProviderOptions(timeout: 1),
        environment: environment)
      let start = ContinuousClock.now
      let error = await #expect(throws: ProviderError.self) { try await slow.edit(Self.request) }
      #expect(ContinuousClock.now - start < .seconds(4))
      guard case .transport(_, let message) = error else {
        Issue.record("expected a transport error, got \(String(describing: error))")
        return
      }
      #expect(message.hasPrefix("timed out"))
    }
  }

  @Test("plain http to a remote host is refused before anything is sent")
  func insecureBaseURL() {
    #expect(throws: ProviderError.self) {
      try ProviderFactory.make(
        provider: .openai, key: "k", options: ProviderOptions(),
        environment: ["OPENAI_BASE_URL": "http://api.example.com/v1"])
    }
  }
}
