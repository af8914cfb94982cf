import DeglareCore
import DeglareProviders
import DeglareTestSupport
import Testing

@Suite("keys check against stub-server", .serialized)
struct KeyCheckTests {
  @Test("a working key lists the models", arguments: ProviderID.remote)
  func works(_ provider: ProviderID) async throws {
    try await withStubServer { server in
      let report = try await KeyCheck.run(
        provider: provider, key: "sk-validkey-123456", environment: server.baseURLEnvironment)
      #expect(report.defaultModelListed == true)
      #expect(report.modelCount >= 4)
      let recorded = try server.requests()
      #expect(recorded.count == 1 && recorded[0].method == "GET")
      // OpenAI's base URL ends in /v1; Gemini's version segment is v1 too.
      #expect(recorded[0].path == "/v1/models")
      #expect(recorded[0].bodyLength == 0)
    }
  }

  @Test("a rejected key is a key problem with the provider's message", arguments: ProviderID.remote)
  func rejected(_ provider: ProviderID) async throws {
    try await withStubServer(arguments: ["--key", "the-right-key-000"]) { server in
      let error = await #expect(throws: ProviderError.self) {
        try await KeyCheck.run(provider: provider, key: "the-wrong-key-111", environment: server.baseURLEnvironment)
      }
      #expect(error?.isKeyProblem == true)
      let shown = error?.description ?? ""
      #expect(shown.contains(provider == .openai ? "Incorrect API key provided" : "API key not valid"))
      #expect(!shown.contains("the-wrong-key-111"))
    }
  }

  @Test("an outage is not a key problem and is not retried")
  func outage() async throws {
    try await withStubServer(mode: "overloaded") { server in
      let error = await #expect(throws: ProviderError.self) {
        try await KeyCheck.run(provider: .gemini, key: "k-123456789", environment: server.baseURLEnvironment)
      }
      #expect(error?.isKeyProblem == false)
      let requests = try server.requests()
      #expect(requests.count == 1)
    }
  }
}
