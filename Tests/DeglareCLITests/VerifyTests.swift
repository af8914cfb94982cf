import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct VerifyTests {
  /// Writes original.png, a mask with a 4x3 block at (5, 2), and returns their paths.
  func writeCase(_ dir: String, depth: BitDepth = .eight) throws -> (
    original: String, mask: String, image: ImageBuffer, maskImage: Mask
  ) {
    let image = SyntheticImages.formula(width: 16, height: 10, layout: .rgba, bitDepth: depth)
    let mask = SyntheticImages.mask(width: 16, height: 10, rects: [PixelRect(x: 5, y: 2, width: 4, height: 3)])
    try OutputFile.write(try PNGCodec.encode(image), to: dir + "/original.png", overwrite: false)
    try OutputFile.write(try PNGCodec.encode(mask.grayImage), to: dir + "/mask.png", overwrite: false)
    return (dir + "/original.png", dir + "/mask.png", image, mask)
  }

  @Test func identicalFilesExitZero() async throws {
    try await withTemporaryDirectory { dir in
      let files = try writeCase(dir)
      let outcome = await runDeglare(["verify", files.original, files.original, "--mask", files.mask])
      #expect(outcome.code == .success)
      #expect(outcome.stdout == "identical: all 148 pixels outside the mask match \(files.original) exactly\n")
    }
  }

  @Test("changes inside the mask are allowed", arguments: [BitDepth.eight, .sixteen])
  func differencesInsideTheMask(depth: BitDepth) async throws {
    try await withTemporaryDirectory { dir in
      let files = try writeCase(dir, depth: depth)
      var result = files.image
      for y in 2..<5 { for x in 5..<9 { for c in 0..<4 { result.setSample(x: x, y: y, channel: c, 0) } } }
      try OutputFile.write(try PNGCodec.encode(result), to: dir + "/result.png", overwrite: false)
      let outcome = await runDeglare(["verify", files.original, dir + "/result.png", "--mask", files.mask, "--json"])
      #expect(outcome.code == .success)
      #expect(outcome.stdout == "{\"identical\":true,\"differing_pixels\":0,\"checked_pixels\":148}\n")
    }
  }

  @Test("one pixel outside differs, even only in the low byte of a 16-bit sample or in alpha")
  func onePixelOutside() async throws {
    try await withTemporaryDirectory { dir in
      let files = try writeCase(dir, depth: .sixteen)
      var result = files.image
      let old = result.sample(x: 12, y: 7, channel: 3)
      result.setSample(x: 12, y: 7, channel: 3, old ^ 1)
      try OutputFile.write(try PNGCodec.encode(result), to: dir + "/result.png", overwrite: false)
      let outcome = await runDeglare(["verify", files.original, dir + "/result.png", "--mask", files.mask, "--json"])
      #expect(outcome.code == .failure)
      let expected = files.image.pixel(x: 12, y: 7)
      var actual = expected
      actual[3] = old ^ 1
      #expect(
        outcome.stdout
          == "{\"identical\":false,\"differing_pixels\":1,\"checked_pixels\":148,\"bbox\":[12,7,1,1],"
          + "\"first_differences\":[{\"x\":12,\"y\":7,\"expected\":\(expected),\"actual\":\(actual)}]}\n"
          .replacingOccurrences(of: " ", with: ""))
      let text = await runDeglare(["verify", files.original, dir + "/result.png", "--mask", files.mask])
      #expect(text.code == .failure)
      #expect(text.stdout.hasPrefix("differs: 1 of 148 pixels outside the mask differ, within x 12...12, y 7...7\n"))
    }
  }

  @Test func sizeMismatchIsBadInput() async throws {
    try await withTemporaryDirectory { dir in
      let files = try writeCase(dir)
      let small = SyntheticImages.formula(width: 15, height: 10, layout: .rgba, bitDepth: .eight)
      try OutputFile.write(try PNGCodec.encode(small), to: dir + "/small.png", overwrite: false)
      let outcome = await runDeglare(["verify", files.original, dir + "/small.png", "--mask", files.mask])
      #expect(outcome.code == .dataError)
      #expect(outcome.stderr.contains("is 15x10 but the original"))
      #expect(outcome.stderr.contains("is 16x10"))
      let maskMismatch = await runDeglare(["verify", files.original, files.original, "--mask", dir + "/small.png"])
      #expect(maskMismatch.code == .dataError)
      #expect(maskMismatch.stderr.contains("the mask \(dir)/small.png is 15x10 but the original"))
    }
  }

  @Test func undecodableInputIsBadInput() async throws {
    try await withTemporaryDirectory { dir in
      let files = try writeCase(dir)
      let outcome = await runDeglare([
        "verify", files.original, Fixtures.path("corrupt/png-truncated.png"), "--mask", files.mask,
      ])
      #expect(outcome.code == .dataError)
      #expect(outcome.stderr.hasPrefix("error: cannot decode \(Fixtures.path("corrupt/png-truncated.png")): "))
    }
  }

  @Test func layoutMismatchIsADifference() async throws {
    try await withTemporaryDirectory { dir in
      let files = try writeCase(dir)
      let rgb = SyntheticImages.formula(width: 16, height: 10, layout: .rgb, bitDepth: .eight)
      try OutputFile.write(try PNGCodec.encode(rgb), to: dir + "/rgb.png", overwrite: false)
      let outcome = await runDeglare(["verify", files.original, dir + "/rgb.png", "--mask", files.mask])
      #expect(outcome.code == .failure)
      #expect(outcome.stdout.contains("the original is RGBA 8-bit but the result is RGB 8-bit"))
    }
  }
}
