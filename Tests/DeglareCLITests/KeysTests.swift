import DeglareCLI
import DeglareKeyStore
import DeglareTestSupport
import Testing

@Suite struct KeysTests {
  @Test func setStatusDeleteRoundTrip() async throws {
    let store = InMemorySecretStore()
    let key = "sk-proj-0123456789abcdefWXYZ"
    let set = await runDeglare(["keys", "set", "openai"], input: .piped(key + "\n"), secretStore: store)
    #expect(set.code == .success)
    #expect(try store.lookup(.openai) == key)
    #expect(set.stderr == "stored the OpenAI key (sk-p…WXYZ) in the Secret Service as 'deglare API key (OpenAI)'\n")
    let status = await runDeglare(["keys", "status"], secretStore: store)
    #expect(status.code == .success)
    #expect(
      status.stdout
        == "openai: sk-p…WXYZ from the Secret Service\ngemini: no key; set GOOGLE_API_KEY or GEMINI_API_KEY or run 'deglare keys set gemini'\n"
    )
    let json = await runDeglare(
      ["keys", "status", "--json"], environment: ["GEMINI_API_KEY": "AIzaSyA-1234567890-abcd"], secretStore: store)
    #expect(
      json.stdout
        == "{\"openai\":{\"source\":\"Secret Service\",\"key\":\"sk-p…WXYZ\"},\"gemini\":{\"source\":\"GEMINI_API_KEY\",\"key\":\"AIza…abcd\"}}\n"
    )
    for outcome in [set, status, json] {
      #expect(!outcome.stdout.contains(key) && !outcome.stderr.contains(key))
    }
    let delete = await runDeglare(["keys", "delete", "openai"], secretStore: store)
    #expect(delete.code == .success)
    #expect(try store.lookup(.openai) == nil)
  }

  @Test("only one trailing newline is stripped; whitespace inside is refused")
  func stdinHandling() async throws {
    let store = InMemorySecretStore()
    let crlf = await runDeglare(["keys", "set", "gemini"], input: .piped("AIza-0123456789\r\n"), secretStore: store)
    #expect(crlf.code == .success)
    #expect(try store.lookup(.gemini) == "AIza-0123456789")
    let twoLines = await runDeglare(
      ["keys", "set", "gemini"], input: .piped("AIza-0123456789\n\n"), secretStore: store)
    #expect(twoLines.code == .noPermission)
    #expect(
      twoLines.stderr == "error: that key cannot be used: it contains whitespace (a copied line break or space?).\n")
    let empty = await runDeglare(["keys", "set", "gemini"], input: .piped("\n"), secretStore: store)
    #expect(empty.code == .noPermission)
    #expect(try store.lookup(.gemini) == "AIza-0123456789")
  }

  @Test func keyOnTheCommandLineIsRefused() async throws {
    let store = InMemorySecretStore()
    let outcome = await runDeglare(["keys", "set", "openai", "sk-secret-on-argv"], secretStore: store)
    #expect(outcome.code == .usage)
    #expect(outcome.stderr.hasPrefix("error: deglare never takes a key as a command-line argument"))
    #expect(try store.lookup(.openai) == nil)
  }

  @Test func unknownProviderAndMissingCommand() async {
    let store = InMemorySecretStore()
    let unknown = await runDeglare(["keys", "set", "anthropic"], secretStore: store)
    #expect(unknown.code == .usage)
    #expect(unknown.stderr.hasPrefix("error: unknown provider 'anthropic': expected openai or gemini."))
    let bare = await runDeglare(["keys"], secretStore: store)
    #expect(bare.code == .usage)
    #expect(bare.stderr.hasPrefix("error: missing command for 'deglare keys'."))
    let typo = await runDeglare(["keys", "stauts"], secretStore: store)
    #expect(typo.stderr.hasPrefix("error: unknown command 'stauts' for 'deglare keys' (did you mean 'status'?)."))
  }

  @Test func noSecretServiceIsOneSentenceWithBothFixes() async {
    let outcome = await runDeglare(
      ["keys", "set", "openai"], input: .piped("sk-0123456789abcdef"), secretStore: UnavailableSecretStore())
    #expect(outcome.code == .noPermission)
    #expect(
      outcome.stderr
        == "error: no Secret Service is reachable (Cannot autolaunch D-Bus without X11 $DISPLAY); start one, such as "
        + "gnome-keyring in your desktop session, or set OPENAI_API_KEY in the environment instead.\n")
    let status = await runDeglare(
      ["keys", "status"], environment: ["OPENAI_API_KEY": "sk-0123456789abcdef"], secretStore: UnavailableSecretStore())
    #expect(status.code == .success)
    #expect(status.stdout.hasPrefix("openai: sk-0…cdef from OPENAI_API_KEY\n"))
  }

  /// Keys that a paste can produce: plain ones, and ones with whitespace, control characters or
  /// non-ASCII characters (typographic dashes, accents, invisible spaces). `accepted` is the one
  /// rule: printable ASCII without spaces.
  static let pastedKeys: [(key: String, accepted: Bool)] = [
    ("sk-proj-abcDEF123_-xyz", true), ("AIza-0123456789~!+/=", true), ("", false), ("sk-abc def-0123", false),
    ("sk-abc\tdef-0123", false), ("sk-\u{7}abc-0123", false), ("sk-\u{7F}abc-0123", false),
    ("sk-\u{85}abc-0123", false), ("sk-\u{A0}abc-0123", false), ("sk-\u{2013}abc-0123", false),
    ("sk-cl\u{E9}-0123456", false), ("sk-\u{200B}abc-0123", false),
  ]

  @Test("a key 'keys set' stores is a key 'remove' sends, and the other way round", arguments: pastedKeys)
  func keysSetAndRemoveAgree(_ key: String, accepted: Bool) async {
    let set = await runDeglare(["keys", "set", "openai"], input: .piped(key + "\n"))
    #expect((set.code == .success) == accepted, "keys set: \(set.stderr)")
    // Nothing listens on loopback port 1: a key that is sent fails to connect (69); a key that
    // is refused never gets that far (77).
    await withTemporaryDirectory { dir in
      let remove = await runDeglare(
        [
          "remove", Fixtures.path("demo/painting.png"), "--mask", Fixtures.path("demo/glare-mask.png"),
          "--provider", "openai", "-o", dir + "/out.png",
        ],
        environment: ["OPENAI_API_KEY": key, "OPENAI_BASE_URL": "http://127.0.0.1:1/v1"])
      #expect(remove.code == (accepted ? .unavailable : .noPermission), "remove: \(remove.stderr)")
      #expect(directoryListing(dir).isEmpty)
    }
  }
}
