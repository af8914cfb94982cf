import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Testing

/// Images with a side under 8 pixels: the local method repaints them like any other, and every
/// pixel outside the mask is written unchanged.
@Suite struct RemoveSmallImageTests {
  @Test(
    "a photo with a side under 8 px is repainted, everything outside the mask unchanged",
    arguments: [(1, 1), (7, 5), (2, 30), (5, 7), (3, 1)])
  func smallImages(_ width: Int, _ height: Int) async throws {
    try await withTemporaryDirectory { dir in
      let image = SyntheticImages.noise(width: width, height: height, layout: .rgb, bitDepth: .eight, seed: 3)
      let mask = SyntheticImages.mask(
        width: width, height: height, rects: [PixelRect(x: width / 2, y: height / 2, width: 1, height: 1)])
      try ImageFile.write(image, metadata: ImageMetadata(), to: dir + "/in.png", options: ImageWriteOptions())
      try ImageFile.write(
        mask.grayImage, metadata: ImageMetadata(), to: dir + "/mask.png", options: ImageWriteOptions())
      let outcome = await runDeglare(["remove", dir + "/in.png", "--mask", dir + "/mask.png", "-o", dir + "/out.png"])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      let written = try ImageFile.read(dir + "/out.png").image
      try #require(written.size == image.size)
      #expect(Verification.compare(original: image, result: written, mask: mask).identical)
    }
  }
}
