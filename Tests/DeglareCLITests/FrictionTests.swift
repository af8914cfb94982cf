import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Synchronization
import Testing

/// The small things a new user met: errors under `--json`, the order of complaints, a mask that
/// is probably wrong, and `keys set` without a Secret Service.
@Suite struct FrictionTests {
  static let painting = Fixtures.path("demo/painting.png")
  static let mask = Fixtures.path("demo/glare-mask.png")

  @Test("under --json an error is also one JSON object on stdout: error, exit_code, file")
  func jsonErrors() async {
    let missing = await runDeglare(["remove", "/nonexistent/photo.png", "--mask", Self.mask, "--json"])
    #expect(missing.code == .dataError)
    #expect(
      missing.stdout
        == "{\"error\":\"cannot read /nonexistent/photo.png: no such file.\",\"exit_code\":65,"
        + "\"file\":\"/nonexistent/photo.png\"}\n")
    #expect(missing.stderr == "error: cannot read /nonexistent/photo.png: no such file.\n")

    let usage = await runDeglare(["detect", Self.painting, "--margin-band", "x", "--json"])
    #expect(usage.code == .usage)
    #expect(usage.stdout.hasPrefix("{\"error\":\"invalid value 'x' for '--margin-band'"), "\(usage.stdout)")
    #expect(usage.stdout.hasSuffix(",\"exit_code\":64,\"file\":null}\n"), "\(usage.stdout)")

    let plain = await runDeglare(["remove", "/nonexistent/photo.png", "--mask", Self.mask])
    #expect(plain.stdout.isEmpty)
  }

  @Test("a missing or broken input is reported before an output that already exists")
  func inputBeforeOutputConflict() async throws {
    try await withTemporaryDirectory { dir in
      let existing = dir + "/out.png"
      try OutputFile.write(Array("x".utf8), to: existing, overwrite: false)
      let remove = await runDeglare(["remove", dir + "/missing.png", "--mask", Self.mask, "-o", existing])
      #expect(remove.code == .dataError, "\(remove.stderr)")
      #expect(remove.stderr.hasPrefix("error: cannot read \(dir)/missing.png: no such file"))
      let badMask = await runDeglare(
        ["remove", Self.painting, "--mask", Fixtures.path("corrupt/png-bad-crc.png"), "-o", existing])
      #expect(badMask.code == .dataError, "\(badMask.stderr)")
      let detect = await runDeglare(["detect", dir + "/missing.png", "-o", existing])
      #expect(detect.code == .dataError, "\(detect.stderr)")
      #expect(directoryListing(dir) == ["out.png"])
    }
  }

  @Test("a mask covering more than a quarter of the image gets a warning, in --json too")
  func largeMaskWarning() async throws {
    try await withTemporaryDirectory { dir in
      let image = dir + "/small.png"
      let mask = dir + "/mask.png"
      try OutputFile.write(
        try PNGCodec.encode(SyntheticImages.noise(width: 64, height: 48, layout: .rgb, bitDepth: .eight)), to: image,
        overwrite: false)
      let wide = SyntheticImages.mask(width: 64, height: 48, rects: [PixelRect(x: 8, y: 8, width: 32, height: 24)])
      try OutputFile.write(try PNGCodec.encode(wide.grayImage), to: mask, overwrite: false)
      let outcome = await runDeglare(["remove", image, "--mask", mask, "--method", "fill", "--json"])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      let warning =
        "the mask covers 25.0 % of the image; is this the right mask? (white = repaint; an inverted mask repaints "
        + "everything but the glare)"
      #expect(!outcome.stderr.contains("warning:"), "exactly a quarter is not more: \(outcome.stderr)")
      let larger = SyntheticImages.mask(width: 64, height: 48, rects: [PixelRect(x: 8, y: 8, width: 40, height: 24)])
      try OutputFile.write(try PNGCodec.encode(larger.grayImage), to: mask, overwrite: true)
      let warned = await runDeglare(["remove", image, "--mask", mask, "--method", "fill", "--json", "--force"])
      #expect(warned.code == .success, "\(warned.stderr)")
      let expected = warning.replacingOccurrences(of: "25.0 %", with: "31.25 %")
      #expect(warned.stderr == "warning: \(expected)\n", "\(warned.stderr)")
      #expect(warned.stdout.contains("\"warnings\":[\"\(expected)\"]"), "\(warned.stdout)")
    }
  }

  @Test("keys set asks the Secret Service before it asks for the key")
  func keysSetChecksTheSecretServiceFirst() async {
    let prompted = Mutex(false)
    let input = StandardInput(
      isTerminal: true, readAll: { [] },
      readSecretLine: { _ in
        prompted.withLock { $0 = true }
        return "sk-proj-0123456789abcdefWXYZ"
      })
    let outcome = await runDeglare(["keys", "set", "openai"], input: input, secretStore: UnavailableSecretStore())
    #expect(outcome.code == .noPermission)
    #expect(outcome.stderr.hasPrefix("error: no Secret Service is reachable"), "\(outcome.stderr)")
    #expect(!prompted.withLock { $0 })
  }
}
