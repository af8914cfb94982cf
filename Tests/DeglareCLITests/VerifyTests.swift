import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct VerifyTests {
  /// The files of one check: the original and the mask, and the original's pixels.
  struct Case {
    var dir: String
    var original: String
    var mask: String
    var image: ImageBuffer
  }

  /// Writes `image` as the PNG `<dir>/<name>` and returns its path.
  @discardableResult
  func writePNG(_ image: ImageBuffer, _ dir: String, _ name: String) throws -> String {
    try OutputFile.write(try PNGCodec.encode(image), to: dir + "/" + name, overwrite: false)
    return dir + "/" + name
  }

  /// Runs `body` with original.png (16x10 RGBA) and a mask with a 4x3 block at (5, 2) written in
  /// a fresh folder.
  func withCase(depth: BitDepth = .eight, _ body: (Case) async throws -> Void) async throws {
    try await withTemporaryDirectory { dir in
      let image = SyntheticImages.formula(width: 16, height: 10, layout: .rgba, bitDepth: depth)
      let mask = SyntheticImages.mask(width: 16, height: 10, rects: [PixelRect(x: 5, y: 2, width: 4, height: 3)])
      try await body(
        Case(
          dir: dir, original: try writePNG(image, dir, "original.png"),
          mask: try writePNG(mask.grayImage, dir, "mask.png"), image: image))
    }
  }

  /// Writes `result` as `<dir>/<name>` and runs `deglare verify` on it against the case's original.
  func verify(_ files: Case, against result: ImageBuffer, named name: String = "result.png", json: Bool = false)
    async throws -> CommandOutcome
  {
    let path = try writePNG(result, files.dir, name)
    return await runDeglare(["verify", files.original, path, "--mask", files.mask] + (json ? ["--json"] : []))
  }

  @Test func identicalFilesExitZero() async throws {
    try await withCase { files in
      let outcome = await runDeglare(["verify", files.original, files.original, "--mask", files.mask])
      #expect(outcome.code == .success)
      #expect(outcome.stdout == "identical: all 148 pixels outside the mask match \(files.original) exactly\n")
    }
  }

  @Test("changes inside the mask are allowed", arguments: [BitDepth.eight, .sixteen])
  func differencesInsideTheMask(depth: BitDepth) async throws {
    try await withCase(depth: depth) { files in
      var result = files.image
      for y in 2..<5 { for x in 5..<9 { for c in 0..<4 { result.setSample(x: x, y: y, channel: c, 0) } } }
      let outcome = try await verify(files, against: result, json: true)
      #expect(outcome.code == .success)
      #expect(outcome.stdout == "{\"identical\":true,\"differing_pixels\":0,\"checked_pixels\":148}\n")
    }
  }

  @Test("one pixel outside differs, even only in the low byte of a 16-bit sample or in alpha")
  func onePixelOutside() async throws {
    try await withCase(depth: .sixteen) { files in
      var result = files.image
      let old = result.sample(x: 12, y: 7, channel: 3)
      result.setSample(x: 12, y: 7, channel: 3, old ^ 1)
      let outcome = try await verify(files, against: result, json: true)
      #expect(outcome.code == .failure)
      let expected = files.image.pixel(x: 12, y: 7)
      var actual = expected
      actual[3] = old ^ 1
      #expect(
        outcome.stdout
          == "{\"identical\":false,\"differing_pixels\":1,\"checked_pixels\":148,\"bbox\":[12,7,1,1],"
          + "\"first_differences\":[{\"x\":12,\"y\":7,\"expected\":\(expected),\"actual\":\(actual)}]}\n"
          .replacingOccurrences(of: " ", with: ""))
      let text = await runDeglare(["verify", files.original, files.dir + "/result.png", "--mask", files.mask])
      #expect(text.code == .failure)
      #expect(text.stdout.hasPrefix("differs: 1 of 148 pixels outside the mask differ, within x 12...12, y 7...7\n"))
    }
  }

  @Test func sizeMismatchIsBadInput() async throws {
    try await withCase { files in
      let small = SyntheticImages.formula(width: 15, height: 10, layout: .rgba, bitDepth: .eight)
      let outcome = try await verify(files, against: small, named: "small.png")
      let smallPath = files.dir + "/small.png"
      #expect(outcome.code == .dataError)
      #expect(outcome.stderr.contains("is 15x10 but the original"))
      #expect(outcome.stderr.contains("is 16x10"))
      let maskMismatch = await runDeglare(["verify", files.original, files.original, "--mask", smallPath])
      #expect(maskMismatch.code == .dataError)
      #expect(maskMismatch.stderr.contains("the mask \(smallPath) is 15x10 but the original"))
    }
  }

  @Test func undecodableInputIsBadInput() async throws {
    try await withCase { files in
      let outcome = await runDeglare([
        "verify", Fixtures.path("corrupt/png-truncated.png"), files.original, "--mask", files.mask,
      ])
      #expect(outcome.code == .dataError)
      #expect(outcome.stderr.hasPrefix("error: cannot decode \(Fixtures.path("corrupt/png-truncated.png")): "))
    }
  }

  @Test func layoutMismatchIsADifference() async throws {
    try await withCase { files in
      let rgb = SyntheticImages.formula(width: 16, height: 10, layout: .rgb, bitDepth: .eight)
      let outcome = try await verify(files, against: rgb, named: "rgb.png")
      #expect(outcome.code == .failure)
      #expect(outcome.stdout.contains("the original is RGBA 8-bit but the result is RGB 8-bit"))
    }
  }
}
