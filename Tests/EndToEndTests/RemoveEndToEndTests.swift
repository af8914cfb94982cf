import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// `deglare remove` through the built binary: the rule holds in the written file, bad input
/// fails cleanly, remote providers work against stub-server over real HTTP.
@Suite(.serialized) struct RemoveEndToEndTests {
  static let painting = Fixtures.path("demo/painting.png")
  static let mask = Fixtures.path("demo/glare-mask.png")

  static func checkInvariant(original: String, result: String, mask: String) throws {
    let before = try ImageFile.read(original).image
    let after = try ImageFile.read(result).image
    let maskImage = Mask(image: try ImageFile.read(mask).image)
    let report = Verification.compare(original: before, result: after, mask: maskImage)
    #expect(
      report.identical, "\(report.differingPixels) pixels differ outside the mask, first \(report.firstDifferences)")
    #expect(before.layout == after.layout && before.bitDepth == after.bitDepth)
  }

  @Test func localRemovalKeepsEveryOutsidePixel() async throws {
    try await withTemporaryDirectory { dir in
      let output = dir + "/clean.png"
      let outcome = try await ProcessRunner.run(
        ["remove", Self.painting, "--mask", Self.mask, "-o", output, "--json"],
        environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(outcome.status == 0, "\(outcome.stderr)")
      for key in [
        "\"output\":", "\"crop\":[", "\"upload_size\":[", "\"provider\":\"local\"", "\"method\":\"auto\"",
        "\"seconds\":", "\"regions\":[{\"box\":[", "\"action\":\"subtract\"", "\"glare_peak\":",
      ] {
        #expect(outcome.stdout.contains(key), "\(key) missing from \(outcome.stdout)")
      }
      try Self.checkInvariant(original: Self.painting, result: output, mask: Self.mask)
      // The glare is actually reduced: the streak's centre gets darker.
      let before = try ImageFile.read(Self.painting).image
      let after = try ImageFile.read(output).image
      #expect(after.sample(x: 300, y: 190, channel: 0) < before.sample(x: 300, y: 190, channel: 0) - 30)
      let verify = try await ProcessRunner.run(["verify", Self.painting, output, "--mask", Self.mask])
      #expect(verify.status == 0)
      #expect(directoryListing(dir) == ["clean.png", "clean.png.json"])
    }
  }

  @Test func defaultOutputAndRefusals() async throws {
    try await withTemporaryDirectory { dir in
      let input = dir + "/photo.png"
      try FileManager.default.copyItem(atPath: Self.painting, toPath: input)
      let original = try Data(contentsOf: URL(fileURLWithPath: input))
      let first = try await ProcessRunner.run(
        ["remove", input, "--mask", Self.mask], environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(first.status == 0, "\(first.stderr)")
      #expect(first.stderr.contains("wrote \(dir)/photo.deglared.png"))
      #expect(first.stderr.contains("px: glare subtracted"), "\(first.stderr)")
      // Existing output without --force: 73, nothing changes.
      let again = try await ProcessRunner.run(
        ["remove", input, "--mask", Self.mask], environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(again.status == 73)
      #expect(again.stderr.hasPrefix("error: \(dir)/photo.deglared.png already exists"))
      let forced = try await ProcessRunner.run(
        ["remove", input, "--mask", Self.mask, "--force"], environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(forced.status == 0)
      // The input as output: 64, even with --force.
      let sameFile = try await ProcessRunner.run(
        ["remove", input, "--mask", Self.mask, "-o", input, "--force"],
        environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(sameFile.status == 64)
      #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == original)
      #expect(directoryListing(dir) == ["photo.deglared.png", "photo.deglared.png.json", "photo.png"])
    }
  }

  @Test func badInputIsExit65AndWritesNothing() async throws {
    try await withTemporaryDirectory { dir in
      let small = dir + "/small-mask.png"
      try OutputFile.write(try PNGCodec.encode(Mask(width: 10, height: 8).grayImage), to: small, overwrite: false)
      let empty = dir + "/empty-mask.png"
      try OutputFile.write(try PNGCodec.encode(Mask(width: 480, height: 360).grayImage), to: empty, overwrite: false)
      let cases: [([String], String)] = [
        (["remove", Self.painting, "--mask", small], "is 10x8 but the image"),
        (["remove", Self.painting, "--mask", empty], "nothing to remove"),
        (["remove", Fixtures.path("corrupt/jpeg-truncated.jpg"), "--mask", Self.mask], "cannot decode"),
        // A mask of the wrong size is named from its header, before its (corrupt) pixels are decoded.
        (["remove", Self.painting, "--mask", Fixtures.path("corrupt/png-bad-crc.png")], "is 16x16 but the image"),
      ]
      for (arguments, message) in cases {
        let outcome = try await ProcessRunner.run(
          arguments + ["-o", dir + "/out.png"], environment: ProcessRunner.cleanEnvironment(home: dir))
        #expect(outcome.status == 65, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
      }
      #expect(directoryListing(dir) == ["empty-mask.png", "small-mask.png"])
    }
  }

  @Test("--mask auto removes exactly what detect proposes; an image without glare is exit 65")
  func automaticMask() async throws {
    try await withTemporaryDirectory { dir in
      let proposal = dir + "/proposal.png"
      let detect = try await ProcessRunner.run(
        ["detect", Self.painting, "-o", proposal], environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(detect.status == 0, "\(detect.stderr)")
      let output = dir + "/auto.png"
      let outcome = try await ProcessRunner.run(
        ["remove", Self.painting, "--mask", "auto", "-o", output],
        environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(outcome.status == 0, "\(outcome.stderr)")
      // 360 px shorter side: 0.4 % is 1.44 px, so the 2 px minimum applies.
      #expect(outcome.stderr.hasPrefix("detected 1 glare area covering "), "\(outcome.stderr)")
      #expect(outcome.stderr.contains(" of the image; removing it with a 2 px margin\n"), "\(outcome.stderr)")
      // The rule holds against the proposal grown by 2 px (margin band still outside), and the
      // ring the growth added was repainted too: against the bare proposal, pixels differ.
      let detected = Mask(image: try ImageFile.read(proposal).image)
      let band = GlareDetector().defaultMarginBand(for: detected.size)
      let grown = dir + "/grown.png"
      try OutputFile.write(
        try PNGCodec.encode(detected.grown(by: 2, clearingBand: band).grayImage), to: grown, overwrite: false)
      try Self.checkInvariant(original: Self.painting, result: output, mask: grown)
      let bare = try await ProcessRunner.run(["verify", Self.painting, output, "--mask", proposal])
      #expect(bare.status == 1, "\(bare.stdout)")
      let before = try ImageFile.read(Self.painting).image
      let after = try ImageFile.read(output).image
      #expect(after.sample(x: 300, y: 190, channel: 0) < before.sample(x: 300, y: 190, channel: 0) - 30)

      // A flat grey picture has no glare: one sentence, exit 65, nothing written.
      let flat = dir + "/flat.png"
      let grey = SyntheticImages.constant(width: 160, height: 120, layout: .rgb, bitDepth: .eight, value: 128)
      try OutputFile.write(try PNGCodec.encode(grey), to: flat, overwrite: false)
      let nothing = try await ProcessRunner.run(
        ["remove", flat, "--mask", "auto", "-o", dir + "/flat-out.png"],
        environment: ProcessRunner.cleanEnvironment(home: dir))
      #expect(nothing.status == 65)
      #expect(nothing.stderr.contains("nothing to remove: no glare was detected in \(flat)"), "\(nothing.stderr)")
      #expect(
        directoryListing(dir) == [
          "auto.mask.png", "auto.png", "auto.png.json", "flat.png", "grown.png", "proposal.png",
        ])
    }
  }

  @Test("--dry-run writes exactly the upload and the plan, needs no key, and sends nothing")
  func dryRun() async throws {
    try await withTemporaryDirectory { dir in
      for provider in ["local", "openai", "gemini"] {
        let folder = dir + "/dry-\(provider)/nested"
        let outcome = try await ProcessRunner.run(
          ["remove", Self.painting, "--mask", Self.mask, "--provider", provider, "--dry-run", folder, "--json"],
          environment: ProcessRunner.cleanEnvironment(
            home: dir, ["OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "GOOGLE_GEMINI_BASE_URL": "http://127.0.0.1:9"]))
        #expect(outcome.status == 0, "\(provider): \(outcome.stderr)")
        #expect(outcome.stdout.contains("\"provider\":\"\(provider)\""))
        let files = directoryListing(folder)
        #expect(files.contains("image.png") && files.contains("mask.png") && files.contains("plan.json"), "\(files)")
        let image = try ImageFile.read(folder + "/image.png").image
        let mask = try ImageFile.read(folder + "/mask.png").image
        #expect(image.size == mask.size)
        if provider == "openai" {
          #expect(mask.layout == .rgba)
          #expect(
            [
              PixelSize(width: 1024, height: 1024), PixelSize(width: 1536, height: 1024),
              PixelSize(width: 1024, height: 1536),
            ].contains(image.size))
        }
      }
      #expect(!FileManager.default.fileExists(atPath: dir + "/painting.deglared.png"))
    }
  }

  @Test("remote providers end to end against stub-server", arguments: ["openai", "gemini"])
  func remote(provider: String) async throws {
    try await withStubServer { server in
      try await withTemporaryDirectory { dir in
        let output = dir + "/remote.png"
        let key = provider == "openai" ? "sk-e2e-0123456789abcdef0123" : "AIza-e2e-0123456789abcdef"
        let environment = ProcessRunner.cleanEnvironment(
          home: dir,
          server.baseURLEnvironment.merging([provider == "openai" ? "OPENAI_API_KEY" : "GEMINI_API_KEY": key]) { $1 })
        let outcome = try await ProcessRunner.run(
          ["remove", Self.painting, "--mask", Self.mask, "--provider", provider, "-o", output, "--json"],
          environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\"model\":"))
        #expect(outcome.stdout.contains("\"usage\":"))
        try Self.checkInvariant(original: Self.painting, result: output, mask: Self.mask)
        #expect(!outcome.stdout.contains(key) && !outcome.stderr.contains(key))
        #expect(try server.requests().count == 1)
      }
    }
  }

  @Test(
    "provider failures: the right exit code, the provider's message, no file",
    arguments: [
      ("openai", "unauthorized", Int32(77)), ("gemini", "unauthorized", 77), ("openai", "quota", 69),
      ("gemini", "quota", 69), ("gemini", "safety", 69), ("openai", "html-error", 69), ("openai", "non-image", 69),
      ("gemini", "wrong-size", 69), ("openai", "malformed-json", 69),
    ])
  func remoteFailures(provider: String, mode: String, status: Int32) async throws {
    try await withStubServer(mode: mode) { server in
      try await withTemporaryDirectory { dir in
        let environment = ProcessRunner.cleanEnvironment(
          home: dir,
          server.baseURLEnvironment.merging(
            ["OPENAI_API_KEY": "sk-e2e-0123456789abcdef0123", "GEMINI_API_KEY": "AIza-e2e-0123456789abcdef"]) { $1 })
        let outcome = try await ProcessRunner.run(
          ["remove", Self.painting, "--mask", Self.mask, "--provider", provider, "-o", dir + "/out.png"],
          environment: environment)
        #expect(outcome.status == status, "\(provider) \(mode): \(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("sending the crop"))
        #expect(outcome.stderr.contains("error: "))
        #expect(directoryListing(dir).isEmpty, "\(directoryListing(dir))")
      }
    }
  }

  @Test func missingKeyIs77BeforeAnyUpload() async throws {
    try await withStubServer { server in
      try await withTemporaryDirectory { dir in
        let outcome = try await ProcessRunner.run(
          ["remove", Self.painting, "--mask", Self.mask, "--provider", "openai"],
          environment: ProcessRunner.cleanEnvironment(home: dir, ["OPENAI_BASE_URL": server.openAIBaseURL]))
        #expect(outcome.status == 77)
        #expect(outcome.stderr.contains("OPENAI_API_KEY"))
        #expect(try server.requests().isEmpty)
      }
    }
  }

  @Test("a configured key is not consent: without --provider nothing is uploaded")
  func keyIsNotConsent() async throws {
    try await withStubServer { server in
      try await withTemporaryDirectory { dir in
        let outcome = try await ProcessRunner.run(
          ["remove", Self.painting, "--mask", Self.mask, "-o", dir + "/out.png", "--json"],
          environment: ProcessRunner.cleanEnvironment(
            home: dir, ["OPENAI_BASE_URL": server.openAIBaseURL, "OPENAI_API_KEY": "sk-e2e-0123456789abcdef0123"]))
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("\"provider\":\"local\""))
        #expect(try server.requests().isEmpty)
      }
    }
  }
}
