import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// A 240x180 "painting": mid-grey wall, a dark figure with a pale dress beside it (hard edges),
/// optionally a specular bloom (clipped core, soft halo) added in linear light.
func syntheticPainting(bloomAt bloom: (x: Double, y: Double)? = nil) -> ImageBuffer {
  SyntheticImages.bloomPainting(width: 240, height: 180, bloom: bloom, haloSpread: 2 * 196) { x, y in
    var rgb: [Double] = [0.45, 0.44, 0.40]
    if x >= 60 && x < 90 && y >= 50 && y < 170 { rgb = [0.10, 0.10, 0.11] }  // dark figure
    if x >= 90 && x < 110 && y >= 60 && y < 170 { rgb = [0.86, 0.85, 0.82] }  // pale dress
    let texture = 0.02 * sin(Double(x) * 1.7) * cos(Double(y) * 1.3)
    return rgb.map { $0 + texture }
  }
}

@Suite("Glare detector", .ownThread)
struct GlareDetectorTests {
  @Test("A glare-free painting with a pale dress beside a dark figure gets an empty mask")
  func glareFree() {
    let detection = GlareDetector().detect(syntheticPainting())
    #expect(detection.mask.insideCount == 0)
    #expect(detection.coveragePercent == 0)
    #expect(detection.blobCount == 0)
    #expect(detection.mask.size == PixelSize(width: 240, height: 180))
  }

  @Test("A specular bloom is proposed, core and part of its halo, as one blob of 0/255 values")
  func bloom() throws {
    let detection = GlareDetector().detect(syntheticPainting(bloomAt: (170, 60)))
    #expect(detection.mask[170, 60] == 255)
    #expect(detection.mask[176, 60] == 255)
    #expect(detection.blobCount == 1)
    #expect(detection.mask.values.allSatisfy { $0 == 0 || $0 == 255 })
    // Nothing far from the bloom (the pale dress stays out).
    #expect(detection.mask[100, 120] == 0)
    let box = try #require(detection.mask.insideBoundingBox)
    #expect(box.width < 60)
  }

  @Test("The margin band is never proposed, even over glare")
  func marginBand() {
    let image = syntheticPainting(bloomAt: (8, 90))
    let detection = GlareDetector().detect(image, marginBand: 12)
    for y in 0..<image.height {
      for x in 0..<12 { #expect(detection.mask[x, y] == 0) }
    }
    #expect(detection.mask[14, 90] == 255)
    let none = GlareDetector().detect(image, marginBand: 0)
    #expect(none.mask[8, 90] == 255)
    #expect(GlareDetector().defaultMarginBand(for: image.size) == 5)
  }

  @Test("16-bit and gray images are accepted")
  func otherLayouts() {
    let eight = syntheticPainting(bloomAt: (170, 60))
    let sixteen = ImageBuffer(
      width: eight.width, height: eight.height, layout: .rgb, samples: eight.samples8.map { UInt16($0) * 257 })
    #expect(GlareDetector().detect(sixteen).mask == GlareDetector().detect(eight).mask)
    let gray = ImageBuffer(width: 4, height: 3, layout: .gray, samples: [UInt8](repeating: 90, count: 12))
    #expect(GlareDetector().detect(gray).blobCount == 0)
  }

  @Test("Default thresholds are pinned")
  func defaults() {
    let c = GlareDetector.Configuration()
    #expect(c.maxAnalysisSide == 1024)
    #expect(c.luminanceOpeningFraction == 0.10)
    #expect(c.minLuma == 120)
    #expect(c.colourBackgroundFraction == 0.2)
    #expect(c.minHueAgreement == -0.85)
    #expect(c.minTint == 0)
    #expect(c.maxEdgeSharpness == 0.12)
    #expect(c.whiteEdgePercentile == 0.8)
    #expect(c.maxSaturation == 0.12)
    #expect(c.clipLevel == 250)
    #expect(c.marginBandFraction == 0.03)
  }
}
