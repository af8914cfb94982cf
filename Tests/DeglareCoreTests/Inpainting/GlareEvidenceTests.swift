import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Evidence before subtraction: glare is estimated only where the photo shows one.
@Suite("LocalInpainter evidence before subtraction")
struct GlareEvidenceTests {
  /// Evidence switched off: every mask pixel is taken to hold glare (the behaviour before).
  static let noEvidence = LocalInpainter.Configuration(evidenceLevel: 0, traceLevel: -1)

  /// Mean absolute change of the colour samples of the mask's pixels, in levels.
  static func meanChange(_ a: ImageBuffer, _ b: ImageBuffer, mask: Mask) -> Double {
    var sum = 0
    var count = 0
    for y in 0..<mask.height {
      for x in 0..<mask.width where mask.isInside(x: x, y: y) {
        for c in 0..<3 { sum += abs(a.sample(x: x, y: y, channel: c) - b.sample(x: x, y: y, channel: c)) }
        count += 3
      }
    }
    return Double(sum) / Double(max(count, 1))
  }

  /// Textured paint with hard-edged shapes, no glare, and a generous polygon over it.
  static func glareFree(seed: UInt64) -> (image: ImageBuffer, mask: Mask) {
    let base = GlareSuite.Base.procedural(seed: seed, width: 160, height: 120)
    var random = SeededGenerator(seed: seed)
    let mask = GlareSuite.polygonMask(width: 160, height: 120, centre: (80, 60), radius: 30, random: &random)
    return (base.image, mask)
  }

  @Test("a mask over glare-free paint changes nothing beyond noise", arguments: [LocalMethod.subtract, .auto])
  func glareFreeUnchanged(method: LocalMethod) {
    var changes: [Double] = []
    var before: [Double] = []
    for seed in UInt64(1)...4 {
      let (image, mask) = Self.glareFree(seed: seed)
      let result = LocalInpainter.repaint(image, mask: mask, method: method)
      changes.append(Self.meanChange(result, image, mask: mask))
      let old = LocalInpainter.repaint(image, mask: mask, method: method, configuration: Self.noEvidence)
      before.append(Self.meanChange(old, image, mask: mask))
      #expect(GlareMetrics.outsideIdentical(result, image, mask: mask))
    }
    let mean = changes.reduce(0, +) / Double(changes.count)
    let old = before.reduce(0, +) / Double(before.count)
    #expect(mean < 0.5, "mean change \(changes) levels")
    // Without the evidence test the same masks lose paint.
    #expect(old > 2 * mean + 0.5, "without evidence \(before) levels")
  }

  @Test("a glare-free mask is reported unchanged and its pixels kept bit for bit")
  func reportedUnchanged() throws {
    let (image, mask) = Self.glareFree(seed: 2)
    let repair = try LocalInpainter.repair(image, mask: mask, method: .auto)
    #expect(repair.regions.count == 1)
    #expect(repair.regions.first?.action == .unchanged)
    #expect(repair.regions.first?.pixels == mask.insideCount)
    #expect(repair.image == image)
  }

  @Test("a mask grown by 12 px gives the same result inside the glare and leaves the ring alone")
  func grownMask() {
    for seed in UInt64(1)...3 {
      let veil = InpaintingFixtures.veil(seed: seed)
      let grown = veil.mask.grown(by: 12)
      let tight = LocalInpainter.repaint(veil.glared, mask: veil.mask, method: .auto)
      let wide = LocalInpainter.repaint(veil.glared, mask: grown, method: .auto)
      let tightPSNR = GlareMetrics.psnrInside(tight, veil.clean, mask: veil.mask)
      let widePSNR = GlareMetrics.psnrInside(wide, veil.clean, mask: veil.mask)
      #expect(widePSNR > tightPSNR - 1, "seed \(seed): PSNR in the glare \(tightPSNR) -> \(widePSNR) dB")
      var ring = Mask(width: grown.width, height: grown.height)
      for y in 0..<grown.height {
        for x in 0..<grown.width where grown.isInside(x: x, y: y) && !veil.mask.isInside(x: x, y: y) {
          ring[x, y] = 255
        }
      }
      let ringChange = Self.meanChange(wide, veil.glared, mask: ring)
      #expect(ringChange < 0.6, "seed \(seed): ring change \(ringChange) levels")
      let old = LocalInpainter.repaint(veil.glared, mask: grown, method: .auto, configuration: Self.noEvidence)
      #expect(Self.meanChange(old, veil.glared, mask: ring) > ringChange + 0.3, "seed \(seed): no gain over the old")
    }
  }

  @Test("each part of the mask is reported with what was done there")
  func regions() throws {
    let veil = InpaintingFixtures.veil(seed: 1)
    var mask = veil.mask
    for y in 8..<24 {
      for x in 6..<30 { mask[x, y] = 255 }
    }
    let repair = try LocalInpainter.repair(veil.glared, mask: mask, method: .auto)
    try #require(repair.regions.count == 2)
    let clean = repair.regions[0]
    #expect(clean.box == PixelRect(x: 6, y: 8, width: 24, height: 16))
    #expect(clean.pixels == 24 * 16 && clean.action == .unchanged && clean.glarePeak == 0)
    let glared = repair.regions[1]
    #expect(glared.pixels == veil.mask.insideCount && glared.action == .subtract)
    #expect(glared.subtractedPixels > glared.pixels / 2 && glared.filledPixels == 0)
    #expect(glared.glarePeak > 0.05 && glared.glarePeak < 0.2, "peak \(glared.glarePeak)")
    for y in 8..<24 {
      for x in 6..<30 { #expect(repair.image.pixelEquals(veil.glared, x: x, y: y)) }
    }
  }
}
