import DeglareCore
import DeglareKeyStore
import DeglareTestSupport
import Testing

@Suite struct KeyResolverTests {
  @Test func environmentWinsThenSecretService() throws {
    let store = InMemorySecretStore([.openai: "sk-stored-000000000000", .gemini: "AIza-stored-0000000000"])
    let bare = KeyResolver(environment: [:], store: store)
    #expect(try bare.resolve(.openai) == ResolvedKey(value: "sk-stored-000000000000", source: .secretService))
    let withEnv = KeyResolver(environment: ["OPENAI_API_KEY": "sk-env-11111111111"], store: store)
    #expect(
      try withEnv.resolve(.openai) == ResolvedKey(value: "sk-env-11111111111", source: .environment("OPENAI_API_KEY")))
  }

  @Test("GOOGLE_API_KEY wins over GEMINI_API_KEY, as in Google's SDK")
  func geminiOrder() throws {
    let store = InMemorySecretStore([.gemini: "AIza-stored-0000000000"])
    let both = KeyResolver(
      environment: ["GOOGLE_API_KEY": "google-key-123456", "GEMINI_API_KEY": "gemini-key-123456"], store: store)
    #expect(try both.resolve(.gemini).source == .environment("GOOGLE_API_KEY"))
    let gemini = KeyResolver(environment: ["GEMINI_API_KEY": "gemini-key-123456"], store: store)
    #expect(
      try gemini.resolve(.gemini) == ResolvedKey(value: "gemini-key-123456", source: .environment("GEMINI_API_KEY")))
    let empty = KeyResolver(environment: ["GOOGLE_API_KEY": "", "GEMINI_API_KEY": ""], store: store)
    #expect(try empty.resolve(.gemini).source == .secretService)
  }

  @Test func missingKeyNamesBothFixes() {
    let resolver = KeyResolver(environment: [:], store: InMemorySecretStore())
    #expect(throws: KeyStoreError.missingKey(.gemini)) { try resolver.resolve(.gemini) }
    #expect(
      KeyStoreError.missingKey(.gemini).description
        == "no Gemini key: set GOOGLE_API_KEY or GEMINI_API_KEY, or store one with 'deglare keys set gemini'")
  }

  @Test func unavailableSecretServiceNamesBothFixes() throws {
    let resolver = KeyResolver(environment: [:], store: UnavailableSecretStore())
    let error = #expect(throws: KeyStoreError.self) { try resolver.resolve(.openai) }
    let text = error?.description ?? ""
    #expect(text.contains("no Secret Service is reachable"))
    #expect(text.contains("gnome-keyring"))
    #expect(text.contains("OPENAI_API_KEY"))
    // The environment still works without a Secret Service.
    let withEnv = KeyResolver(environment: ["OPENAI_API_KEY": "sk-env-11111111111"], store: UnavailableSecretStore())
    #expect(try withEnv.resolve(.openai).value == "sk-env-11111111111")
  }

  @Test func validationAndMasking() throws {
    try KeyValidation.validate("sk-proj-abcDEF123_-")
    #expect(throws: KeyStoreError.self) { try KeyValidation.validate("") }
    #expect(throws: KeyStoreError.self) { try KeyValidation.validate("sk abc") }
    #expect(throws: KeyStoreError.self) { try KeyValidation.validate("sk-abc\n") }
    #expect(throws: KeyStoreError.self) { try KeyValidation.validate("sk-\u{7}abc") }
    #expect(throws: KeyStoreError.self) { try KeyValidation.validate("sk-\u{00A0}abc") }
    #expect(APIKey.masked("sk-proj-abcdefghijklmnop") == "sk-p…mnop")
    #expect(APIKey.masked("short1") == "…t1")
    #expect(APIKey.masked("abc") == "…")
  }
}
