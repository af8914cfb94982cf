import Testing

@testable import DeglareCLI

@Suite struct ConsoleTests {
  @Test(
    "control characters, DEL, C1 controls and bidirectional overrides are shown escaped",
    arguments: [
      ("photo.png", "photo.png"), ("a\u{1B}[2Jb", "a\\u001B[2Jb"), ("bell\u{07}", "bell\\u0007"),
      ("cr\rlf\n", "cr\\u000Dlf\n"), ("tab\tok", "tab\tok"), ("del\u{7F}", "del\\u007F"),
      ("csi\u{9B}1m", "csi\\u009B1m"),
      ("gnp.\u{202E}exe", "gnp.\\u202Eexe"), ("café ✓", "café ✓"),
    ])
  func escapes(_ text: String, _ expected: String) {
    #expect(TerminalText.escaped(text) == expected)
  }

  @Test("every line a command prints passes the escaping")
  func commandsPrintEscapedNames() async {
    let outcome = await runDeglare(["verify", "in\u{1B}]0;x\u{07}.png", "b.png", "--mask", "m.png"])
    #expect(outcome.code == .dataError)
    #expect(outcome.stderr == "error: cannot read in\\u001B]0;x\\u0007.png: no such file.\n")
  }
}
