import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// The built `deglare` binary, run as a user runs it.
@Suite struct VerifyEndToEndTests {
  @Test func versionAndExitCodes() async throws {
    let version = try await ProcessRunner.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("deglare "))
    let usage = try await ProcessRunner.run(["nonsense"])
    #expect(usage.status == 64)
    #expect(usage.stdout.isEmpty)
    #expect(usage.stderr.hasPrefix("error: unknown command 'nonsense'"))
  }

  @Test func verifyThroughTheBinary() async throws {
    try await withTemporaryDirectory { dir in
      let painting = Fixtures.path("demo/painting.png")
      let mask = Fixtures.path("demo/glare-mask.png")
      let same = try await ProcessRunner.run(["verify", painting, painting, "--mask", mask, "--json"])
      #expect(same.status == 0)
      #expect(same.stdout.hasPrefix("{\"identical\":true,"))
      // Change one pixel outside the mask: exit 1, and the pixel is named.
      var image = try ImageFile.read(painting).image
      image.setSample(x: 3, y: 4, channel: 0, image.sample(x: 3, y: 4, channel: 0) ^ 1)
      try ImageFile.write(image, metadata: ImageMetadata(), to: dir + "/changed.png", options: ImageWriteOptions())
      let changed = try await ProcessRunner.run(["verify", painting, dir + "/changed.png", "--mask", mask])
      #expect(changed.status == 1)
      #expect(changed.stdout.contains("(3, 4)"))
      let corrupt = try await ProcessRunner.run([
        "verify", Fixtures.path("corrupt/jpeg-truncated.jpg"), painting, "--mask", mask,
      ])
      #expect(corrupt.status == 65)
      #expect(corrupt.stderr.contains("Premature end of JPEG file"))
    }
  }
}
