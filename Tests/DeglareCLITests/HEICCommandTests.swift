import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Testing

/// The phone's own files at the command line: HEIC read by every command, broken HEIC a clear
/// exit 65, and a HEIC's colour profile carried into the result.
@Suite struct HEICCommandTests {
  @Test("a HEIC goes through detect and remove; the P3 profile is kept in the PNG result")
  func heicIn() async throws {
    try await withTemporaryDirectory { dir in
      let photo = Fixtures.path("heif/rgb8-p3.heic")
      let decoded = try ImageFile.read(photo)
      let detected = await runDeglare(["detect", photo, "-o", dir + "/mask.png"])
      #expect(detected.code == .success || detected.code == .dataError, "\(detected.stderr)")
      #expect(!detected.stderr.contains("not a PNG or JPEG"))

      let size = decoded.image.size
      let mask = SyntheticImages.mask(
        width: size.width, height: size.height, rects: [PixelRect(x: 4, y: 4, width: size.width / 3, height: 6)])
      try OutputFile.write(try PNGCodec.encode(mask.grayImage), to: dir + "/glare.png", overwrite: false)
      let removed = await runDeglare(["remove", photo, "--mask", dir + "/glare.png", "-o", dir + "/out.png"])
      #expect(removed.code == .success, "\(removed.stderr)")
      let result = try ImageFile.read(dir + "/out.png")
      #expect(result.image.size == size)
      #expect(result.metadata.iccProfile != nil && result.metadata.iccProfile == decoded.metadata.iccProfile)
      let verified = await runDeglare(["verify", photo, dir + "/out.png", "--mask", dir + "/glare.png"])
      #expect(verified.code == .success, "\(verified.stdout)")
    }
  }

  @Test(
    "a truncated or damaged HEIC is bad input (65) with one sentence",
    arguments: ["heic-truncated.heic", "heic-truncated-meta.heic", "heic-damaged.heic"])
  func brokenHEIC(name: String) async throws {
    try await withTemporaryDirectory { dir in
      let path = Fixtures.path("corrupt/\(name)")
      let outcome = await runDeglare(["detect", path, "-o", dir + "/mask.png"])
      #expect(outcome.code == .dataError, "\(outcome.stderr)")
      #expect(outcome.stderr.hasPrefix("error: cannot decode \(path): "), "\(outcome.stderr)")
      #expect(outcome.stderr.split(separator: "\n").count == 1)
      #expect(directoryListing(dir).isEmpty)
    }
  }
}
