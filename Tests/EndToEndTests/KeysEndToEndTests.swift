import DeglareTestSupport
import Foundation
import Testing

@Suite struct KeysEndToEndTests {
  @Test("without any D-Bus session the binary says so in one sentence, naming both fixes, and exits 77")
  func noSecretService() async throws {
    let environment = ProcessRunner.cleanEnvironment(home: NSTemporaryDirectory())
    let outcome = try await ProcessRunner.run(
      ["keys", "set", "gemini"], environment: environment, stdin: "AIza-0123456789abcdef")
    #expect(outcome.status == 77)
    #expect(outcome.stderr.hasPrefix("error: no Secret Service is reachable ("))
    #expect(outcome.stderr.contains("gnome-keyring"))
    #expect(outcome.stderr.contains("GOOGLE_API_KEY"))
    #expect(!outcome.stderr.contains("AIza-0123456789abcdef"))
  }
}

@Suite(.serialized) struct KeysCheckEndToEndTests {
  @Test(
    "keys check: one models-list request; 0 when accepted, 77 with the provider's message when not",
    arguments: ["openai", "gemini"])
  func check(provider: String) async throws {
    try await withStubServer { server in
      try await withTemporaryDirectory { home in
        let variable = provider == "openai" ? "OPENAI_API_KEY" : "GEMINI_API_KEY"
        let environment = ProcessRunner.cleanEnvironment(
          home: home, server.baseURLEnvironment.merging([variable: "key-0123456789abcdef"]) { $1 })
        let accepted = try await ProcessRunner.run(["keys", "check", provider], environment: environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        // It says what it checked, and where image generation's other conditions are settled.
        #expect(
          accepted.stdout.contains(
            "the key is accepted (")
            && accepted.stdout.contains(
              "); image generation may still need billing or organisation verification"),
          "\(accepted.stdout)")
        let page =
          provider == "openai"
          ? "https://platform.openai.com/settings/organization/general" : "https://aistudio.google.com/apikey"
        #expect(accepted.stdout.contains(page), "\(accepted.stdout)")
        #expect(accepted.stdout.contains("comes from \(variable)"))
        let requests = try server.requests()
        #expect(requests.count == 1)
        #expect(requests.first?.method == "GET")
        try server.setMode("unauthorized")
        let rejected = try await ProcessRunner.run(["keys", "check", provider], environment: environment)
        #expect(rejected.status == 77, "\(rejected.stderr)")
        #expect(!rejected.stderr.contains("key-0123456789abcdef"))
      }
    }
  }
}
