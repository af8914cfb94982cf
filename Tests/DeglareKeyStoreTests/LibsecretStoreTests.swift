import DeglareKeyStore
import DeglareTestSupport
import Foundation
import Testing

/// The real Secret Service, started privately by Scripts/test.sh (never your own keyring).
/// These tests use only the Gemini item: the end-to-end leak test, which may run at the same
/// time, owns the OpenAI one.
/// Runs when DEGLARE_TEST_KEYRING=1 (set by the script); in CI (CI=true) it must run.
@Suite(.serialized, .enabled(if: PrivateKeyring.isAvailable, "needs the private keyring of Scripts/test.sh"))
struct LibsecretStoreTests {
  @Test func setLookupDeleteRoundTrip() throws {
    let store = LibsecretStore()
    let key = "sk-deglare-test-\(UUID().uuidString.prefix(8))"
    try store.store(key, for: .gemini)
    #expect(try store.lookup(.gemini) == key)
    // Replacing keeps one item.
    try store.store(key + "x", for: .gemini)
    #expect(try store.lookup(.gemini) == key + "x")
    #expect(try store.delete(.gemini))
    #expect(try store.lookup(.gemini) == nil)
    #expect(try store.delete(.gemini) == false)
    #expect(store.problem() == nil)
  }

  @Test func resolverReadsTheSecretService() throws {
    let store = LibsecretStore()
    try store.store("AIza-resolver-test-123456", for: .gemini)
    defer { _ = try? store.delete(.gemini) }
    let resolved = try KeyResolver(environment: [:], store: store).resolve(.gemini)
    #expect(resolved == ResolvedKey(value: "AIza-resolver-test-123456", source: .secretService))
    let overridden = try KeyResolver(environment: ["GEMINI_API_KEY": "AIza-env-999999999999"], store: store).resolve(
      .gemini)
    #expect(overridden.source == .environment("GEMINI_API_KEY"))
  }

  @Test func refusesInvalidKeysBeforeTouchingTheStore() throws {
    let store = LibsecretStore()
    #expect(throws: KeyStoreError.self) { try store.store("has space", for: .gemini) }
    #expect(try store.lookup(.gemini) == nil)
  }
}
