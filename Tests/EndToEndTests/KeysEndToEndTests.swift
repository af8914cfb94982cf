import DeglareTestSupport
import Foundation
import Testing

@Suite struct KeysEndToEndTests {
  @Test("without any D-Bus session the binary says so in one sentence, naming both fixes, and exits 77")
  func noSecretService() async throws {
    let environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
    let outcome = try await ProcessRunner.run(["keys", "set", "gemini"], environment: environment, stdin: "AIza-0123456789abcdef")
    #expect(outcome.status == 77)
    #expect(outcome.stderr.hasPrefix("error: no Secret Service is reachable ("))
    #expect(outcome.stderr.contains("gnome-keyring"))
    #expect(outcome.stderr.contains("GOOGLE_API_KEY"))
    #expect(!outcome.stderr.contains("AIza-0123456789abcdef"))
  }
}
