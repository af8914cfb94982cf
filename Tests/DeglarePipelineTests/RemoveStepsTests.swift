import DeglareCore
import DeglarePipeline
import DeglareTestSupport
import Testing

/// The checks on a provider's returned patch.
@Suite struct RemoveStepsTests {
  static func patch(_ width: Int, _ height: Int) -> ImageBuffer {
    ImageBuffer(width: width, height: height, layout: .rgb, bitDepth: .eight)
  }

  @Test("a patch of the upload's size fits, even under 8 px a side", arguments: [(1, 1), (7, 5), (2, 30)])
  func uploadSizeFits(_ width: Int, _ height: Int) throws {
    try RemoveSteps.checkPatch(
      Self.patch(width, height), uploadSize: PixelSize(width: width, height: height), provider: .local)
  }

  @Test("a tiny or distorted patch of another size is refused with a sentence that holds")
  func otherSizesRefused() {
    let cases: [(patch: ImageBuffer, upload: PixelSize)] = [
      (Self.patch(1, 1), PixelSize(width: 1024, height: 1024)),
      (Self.patch(3, 2), PixelSize(width: 7, height: 5)),
      (Self.patch(1024, 512), PixelSize(width: 1024, height: 1024)),
    ]
    for (patch, upload) in cases {
      let expected = RemovalError.unusablePatch(
        provider: .openai,
        message:
          "the returned image is \(patch.width)x\(patch.height), which cannot be the \(upload) crop that was sent")
      #expect(throws: expected) { try RemoveSteps.checkPatch(patch, uploadSize: upload, provider: .openai) }
    }
  }
}
