import DeglareCore
import DeglarePipeline
import DeglareTestSupport
import Testing

@Suite struct AutoMaskTests {
  @Test("the growth is 0.4 % of the shorter side, at least 2 px, at most the largest growth")
  func growth() {
    let configuration = AutoMask.Configuration()
    #expect(configuration.growth(for: PixelSize(width: 4057, height: 3241)) == 13)
    #expect(configuration.growth(for: PixelSize(width: 480, height: 360)) == 2)
    #expect(configuration.growth(for: PixelSize(width: 200_000, height: 100_000)) == Mask.largestGrowth)
  }

  @Test("a glare-free image gives an empty mask; the detector's proposal is inside the removal mask")
  func proposalIsGrown() {
    let flat = SyntheticImages.constant(width: 160, height: 120, layout: .rgb, bitDepth: .eight, value: 90)
    #expect(AutoMask.detect(flat).mask.insideBoundingBox == nil)

    var painting = TestPainting(width: 320, height: 240, wall: (0.22, 0.20, 0.18))
    painting.streak(from: (30, 200), to: (280, 40), width: 18, softness: 4, light: (0.35, 0.35, 0.34))
    let result = AutoMask.detect(painting.image)
    #expect(result.growth == 2)
    #expect(result.detection.mask.insideCount > 0)
    #expect(result.mask == result.detection.glass.clearingOutside(result.detection.mask.grown(by: 2)))
    #expect(result.mask.insideCount > result.detection.mask.insideCount)
  }
}
