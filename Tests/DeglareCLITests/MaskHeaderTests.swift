import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// A mask (or a result) of the wrong size is refused from its header, before its pixels are
/// decoded: the mask here has a valid 300x200 header over pixel data no decoder accepts, so only
/// a check that comes before decoding can name its size.
@Suite struct MaskHeaderTests {
  /// A 300x200 8-bit gray PNG whose every row has an invalid filter type (9).
  static let undecodableMask = HandMadePNG.file(
    width: 300, height: 200, colorType: 0,
    [HandMadePNG.chunk("IDAT", HandMadePNG.storedZlib(Array(repeating: 9, count: 200 * 301)))])

  @Test("remove and verify name the wrong size without decoding the mask")
  func wrongSizeFromTheHeader() async throws {
    try await withTemporaryDirectory { dir in
      try DryRunTests.writeInputs(dir)
      let mask = dir + "/big-mask.png"
      try OutputFile.write(Self.undecodableMask, to: mask, overwrite: false)
      let expected = "the mask \(mask) is 300x200 but the image \(dir)/in.png is 48x32"
      let remove = await runDeglare(["remove", dir + "/in.png", "--mask", mask, "-o", dir + "/out.png"])
      #expect(remove.code == .dataError)
      #expect(remove.stderr.hasPrefix("error: \(expected)"), "\(remove.stderr)")
      let verify = await runDeglare(["verify", dir + "/in.png", dir + "/in.png", "--mask", mask])
      #expect(verify.code == .dataError)
      #expect(verify.stderr.hasPrefix("error: the mask \(mask) is 300x200 but the original"), "\(verify.stderr)")
      let result = await runDeglare(["verify", dir + "/in.png", mask, "--mask", dir + "/mask.png"])
      #expect(result.code == .dataError)
      #expect(result.stderr.hasPrefix("error: \(mask) is 300x200 but the original"), "\(result.stderr)")
      #expect(directoryListing(dir) == ["big-mask.png", "in.png", "mask.png"])
    }
  }
}
