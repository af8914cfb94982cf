import DeglareCLI
import DeglareTestSupport
import Testing

/// `remove`'s command line: mistakes are usage errors (64) found before any file is read.
@Suite struct RemoveArgumentTests {
  static let painting = Fixtures.path("demo/painting.png")
  static let mask = Fixtures.path("demo/glare-mask.png")

  @Test(
    "options that do not fit the provider, or out of range, are usage errors",
    arguments: [
      (["--provider", "openai", "--method", "fill"], "--method applies to the local provider, not openai"),
      (["--model", "gpt-image-1.5"], "--model applies to a remote provider"),
      (["--quality", "high"], "--quality applies to a remote provider"),
      (["--provider", "dall-e"], "invalid value 'dall-e' for '--provider': expected one of local, openai, gemini"),
      (["--method", "magic"], "invalid value 'magic' for '--method': expected one of subtract, fill, auto"),
      (["--feather", "500"], "invalid value '500' for '--feather': expected a number from 0.0 to 100.0"),
      (["--padding", "-1"], "invalid value '-1' for '--padding'"),
      (["--compression", "zip"], "invalid value 'zip' for '--compression'"),
      (["--format", "gif"], "invalid value 'gif' for '--format': expected one of png, jpeg"),
      (["--format", "jpeg", "-o", "out.png"], "--format jpeg does not match the output name out.png"),
    ])
  func usageErrors(extra: [String], message: String) async {
    let outcome = await runDeglare(["remove", Self.painting, "--mask", Self.mask] + extra)
    #expect(outcome.code == .usage, "\(outcome.stderr)")
    #expect(outcome.stderr.hasPrefix("error: \(message)"), "\(outcome.stderr)")
    #expect(outcome.stderr.hasSuffix("See 'deglare help remove'.\n"))
  }

  @Test func missingMaskSaysHow() async {
    let outcome = await runDeglare(["remove", Self.painting])
    #expect(outcome.code == .usage)
    #expect(
      outcome.stderr.hasPrefix(
        "error: missing '--mask MASK' for 'deglare remove' (a mask file, or 'auto' to detect the glare)."))
  }

  @Test func providerFromTheEnvironment() async {
    let bad = await runDeglare(
      ["remove", Self.painting, "--mask", Self.mask], environment: ["DEGLARE_PROVIDER": "midjourney"])
    #expect(bad.code == .usage)
    #expect(
      bad.stderr.hasPrefix("error: DEGLARE_PROVIDER='midjourney' is not a provider: expected local, openai or gemini."))
    // DEGLARE_PROVIDER=openai and an output folder that does not exist: refused (73) before any
    // file is read, any key looked up or anything sent.
    let remote = await runDeglare(
      ["remove", Self.painting, "--mask", Self.mask, "-o", "/nonexistent-deglare/out.png"],
      environment: ["DEGLARE_PROVIDER": "openai"])
    #expect(remote.code == .cannotCreate, "the output folder is checked first: \(remote.stderr)")
  }

  @Test func defaultOutputNames() async {
    let outcome = await runDeglare(["help", "remove"])
    #expect(outcome.stdout.contains("-o, --output OUT      Output file (default <stem>.deglared.png beside IMAGE)."))
  }
}
