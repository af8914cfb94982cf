import DeglareCLI
import Testing

@Suite struct ArgumentParsingTests {
  @Test func versionAndHelp() async {
    let version = await runDeglare(["--version"])
    #expect(version.code == .success)
    #expect(version.stdout == "deglare \(RootCommand.version)\n")
    let help = await runDeglare(["--help"])
    #expect(help.code == .success)
    #expect(help.stdout.hasPrefix("OVERVIEW: deglare"))
    #expect(help.stdout.contains("  verify "))
    #expect(help.stderr.isEmpty)
    let commandHelp = await runDeglare(["help", "verify"])
    #expect(commandHelp.stdout.contains("USAGE: deglare verify ORIGINAL RESULT --mask MASK [--json] [--max-pixels N]"))
    let inlineHelp = await runDeglare(["verify", "--help"])
    #expect(inlineHelp.stdout == commandHelp.stdout)
  }

  @Test func unknownCommandSuggests() async {
    let outcome = await runDeglare(["verfy"])
    #expect(outcome.code == .usage)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr == "error: unknown command 'verfy' (did you mean 'verify'?).\nSee 'deglare help'.\n")
  }

  @Test func unknownOptionIsAUsageError() async {
    let outcome = await runDeglare(["verify", "a.png", "b.png", "--mask", "m.png", "--jsno"])
    #expect(outcome.code == .usage)
    #expect(
      outcome.stderr
        == "error: unknown option '--jsno' for 'deglare verify' (did you mean '--json'?).\nSee 'deglare help verify'.\n"
    )
  }

  @Test func missingValuesAndArguments() async {
    let noMask = await runDeglare(["verify", "a.png", "b.png"])
    #expect(noMask.code == .usage)
    #expect(noMask.stderr.hasPrefix("error: missing '--mask MASK' for 'deglare verify'."))
    let noValue = await runDeglare(["verify", "a.png", "b.png", "--mask"])
    #expect(noValue.stderr.hasPrefix("error: missing value for '--mask' (MASK)."))
    let extra = await runDeglare(["verify", "a.png", "b.png", "c.png", "--mask", "m.png"])
    #expect(extra.stderr.hasPrefix("error: unexpected argument 'c.png' for 'deglare verify'."))
    let badNumber = await runDeglare(["verify", "a.png", "b.png", "--mask", "m.png", "--max-pixels", "lots"])
    #expect(badNumber.code == .usage)
    #expect(badNumber.stderr.hasPrefix("error: invalid value 'lots' for '--max-pixels': expected a whole number."))
  }

  @Test func equalsFormAndDoubleDash() async {
    let outcome = await runDeglare(["verify", "--mask=m.png", "--", "-a.png", "b.png"])
    // Parsing succeeded: the failure is about the missing file, not the arguments.
    #expect(outcome.code == .dataError)
    #expect(outcome.stderr == "error: cannot read -a.png: no such file.\n")
  }

  @Test(
    "an option given twice is a usage error, whatever its spelling",
    arguments: [
      ["-o", "a.png", "-o", "b.png"], ["--output=a.png", "-o", "b.png"], ["--max-pixels", "9", "--max-pixels=9"],
    ])
  func repeatedOption(_ options: [String]) async {
    let outcome = await runDeglare(["detect", "photo.png"] + options)
    #expect(outcome.code == .usage)
    let name = options[0].hasPrefix("--max") ? "'--max-pixels'" : "'-o/--output'"
    #expect(outcome.stderr == "error: \(name) is given twice; give it once.\nSee 'deglare help detect'.\n")
  }

  @Test func emptyValuesAndArguments() async {
    let emptyOutput = await runDeglare(["detect", "photo.png", "-o", ""])
    #expect(emptyOutput.code == .usage)
    #expect(emptyOutput.stderr == "error: empty value for '-o' (MASK).\nSee 'deglare help detect'.\n")
    let emptyInline = await runDeglare(["detect", "photo.png", "--output="])
    #expect(emptyInline.stderr.hasPrefix("error: empty value for '--output' (MASK)."))
    let emptyImage = await runDeglare(["detect", ""])
    #expect(emptyImage.code == .usage)
    #expect(emptyImage.stderr.hasPrefix("error: empty IMAGE for 'deglare detect'."))
  }

  @Test func flagsMayRepeat() async {
    let outcome = await runDeglare(["verify", "--json", "--json", "a.png", "b.png", "--mask", "m.png"])
    #expect(outcome.code == .dataError)
  }
}
