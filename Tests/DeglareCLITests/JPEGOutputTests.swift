import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// `remove` writing JPEG: over a JPEG photo's own blocks (lossless where untouched, said in the
/// summary and checked by `verify`), or re-encoded whole from another format (said too).
@Suite struct JPEGOutputTests {
  /// A 10x8 mask rectangle at (40, 24) of the 96x64 upright fixtures.
  static let masked = PixelRect(x: 40, y: 24, width: 10, height: 8)

  /// Copies fixture `jpeg/<name>.jpg` and writes the mask into `dir`; returns both paths.
  func files(_ name: String, in dir: String) throws -> (photo: String, mask: String) {
    let photo = dir + "/\(name).jpg"
    try OutputFile.write(try Fixtures.bytes("jpeg/\(name).jpg"), to: photo, overwrite: false)
    let mask = SyntheticImages.mask(width: 96, height: 64, rects: [Self.masked])
    try OutputFile.write(try PNGCodec.encode(mask.grayImage), to: dir + "/mask.png", overwrite: false)
    return (photo, dir + "/mask.png")
  }

  @Test(
    "a JPEG photo comes out as a JPEG over its own blocks, which verify accepts",
    arguments: ["splice-420", "splice-444", "splice-progressive", "splice-restart", "splice-orientation6"])
  func spliced(name: String) async throws {
    try await withTemporaryDirectory { dir in
      let (photo, mask) = try files(name, in: dir)
      let outcome = await runDeglare([
        "remove", photo, "--mask", mask, "--format", "jpeg", "--method", "fill", "--json",
      ])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      #expect(!outcome.stderr.contains("warning"), "\(outcome.stderr)")
      let output = dir + "/\(name).deglared.jpg"
      let before = try ImageFile.read(photo)
      let after = try ImageFile.read(output)
      let originalFile = try #require(before.jpegFile)
      let resultFile = try #require(after.jpegFile)
      let maskImage = Mask(image: try ImageFile.read(mask).image)
      let check = try #require(
        try JPEGSpliceCheck.check(
          original: originalFile, originalImage: before, result: resultFile, resultImage: after, mask: maskImage))
      #expect(check.holds && check.differing > 0 && check.differing < check.total / 4, "\(check)")
      #expect(after.appliedOrientation == before.appliedOrientation && after.metadata == before.metadata)

      let summary = try #require(
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
      let splice = try #require(summary["jpeg_splice"] as? [String: Int])
      #expect(splice["total_blocks"] == check.total)
      // A re-encoded block can come out with its old coefficients: then it does not differ.
      #expect((splice["reencoded_blocks"] ?? 0) >= check.differing)

      let verified = await runDeglare(["verify", photo, output, "--mask", mask])
      #expect(verified.code == .success, "\(verified.stdout)")
      #expect(verified.stdout.hasPrefix("lossless where untouched: a JPEG written over \(photo); "))
    }
  }

  @Test func theSummarySaysWhatHolds() async throws {
    try await withTemporaryDirectory { dir in
      let (photo, mask) = try files("splice-420", in: dir)
      let spliced = await runDeglare(["remove", photo, "--mask", mask, "-o", dir + "/out.jpg"])
      #expect(spliced.code == .success)
      #expect(spliced.stderr.contains("; JPEG written over the original's blocks: "), "\(spliced.stderr)")
      #expect(spliced.stderr.contains(" of 144 8x8 blocks re-encoded, every other block kept byte for byte"))
      #expect(!spliced.stderr.contains("every other pixel is unchanged"))

      let png = dir + "/photo.png"
      try OutputFile.write(try PNGCodec.encode(try ImageFile.read(photo).image), to: png, overwrite: false)
      let reencoded = await runDeglare(["remove", png, "--mask", mask, "--format", "jpeg"])
      #expect(reencoded.code == .success)
      #expect(reencoded.stderr.contains("warning: \(dir)/photo.deglared.jpg will be a re-encoded JPEG"))
      #expect(reencoded.stderr.contains("the whole picture was re-encoded as JPEG, so pixels outside the mask"))
      #expect(try ImageFile.read(dir + "/photo.deglared.jpg").format == .jpeg)
    }
  }

  @Test func verifyFindsAChangedBlockBeyondTheMask() async throws {
    try await withTemporaryDirectory { dir in
      let (photo, mask) = try files("splice-444", in: dir)
      let decoded = try ImageFile.read(photo)
      // A change at (80, 8), far outside the mask, written as a splice: its block differs.
      var pixels = decoded.image.cropped(to: PixelRect(x: 80, y: 8, width: 4, height: 4))
      for y in 0..<4 {
        for x in 0..<4 { pixels.setSample(x: x, y: y, channel: 1, 255 - pixels.sample(x: x, y: y, channel: 1)) }
      }
      let tampered = try JPEGCodec.splice(decoded, overlay: RegionOverlay(x: 80, y: 8, pixels: pixels))
      try OutputFile.write(tampered.bytes, to: dir + "/tampered.jpg", overwrite: false)
      let outcome = await runDeglare(["verify", photo, dir + "/tampered.jpg", "--mask", mask, "--json"])
      #expect(outcome.code == .failure)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
      let splice = try #require(object["jpeg_splice"] as? [String: Any])
      #expect(splice["holds"] as? Bool == false)
      // The changed pixels lie inside the changed blocks: those blocks are what fails.
      #expect((splice["blocks_beyond_mask"] as? Int ?? 0) > 0)
      #expect((splice["reencoded_pixels_outside_mask"] as? Int ?? 0) >= 16)
    }
  }
}
