import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// Evidence before subtraction: glare is estimated only where the photo shows one.
@Suite("LocalInpainter evidence before subtraction", .ownThread)
struct GlareEvidenceTests {
  /// Evidence switched off: every mask pixel is taken to hold glare (the behaviour before).
  static let noEvidence: LocalInpainter.Configuration = {
    var configuration = LocalInpainter.Configuration(evidenceLevel: 0, traceLevel: -1)
    configuration.evidenceContrast = 0
    return configuration
  }()

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
    var random = DeglareTestSupport.SeededGenerator(seed: seed)
    let mask = GlareSuite.polygonMask(width: 160, height: 120, centre: (80, 60), radius: 30, random: &random)
    return (base.image, mask)
  }

  // Measured (mean change, levels, subtract and auto alike), seeds 1-4: 0.0, 0.5, 2.6, 3.1; with
  // evidence off 0.16, 0.41, 2.1, 3.0. A small misprediction is left alone bit for bit; paint of
  // another colour enclosed by the mask (seeds 3 and 4) still reads as glare: issue 13's aim of
  // at most 2 levels is not met there.
  @Test(
    "a mask over glare-free paint where the prediction is close is left bit for bit",
    arguments: [LocalMethod.subtract, .auto])
  func glareFreeUnchanged(method: LocalMethod) {
    let (image, mask) = Self.glareFree(seed: 1)
    let result = LocalInpainter.repaint(image, mask: mask, method: method)
    #expect(result == image)
    // Without the evidence test the same mask loses paint.
    let old = LocalInpainter.repaint(image, mask: mask, method: method, configuration: Self.noEvidence)
    #expect(Self.meanChange(old, image, mask: mask) > 0.1)
    var changes: [Double] = []
    for seed in UInt64(2)...4 {
      let (image, mask) = Self.glareFree(seed: seed)
      let result = LocalInpainter.repaint(image, mask: mask, method: method)
      changes.append(Self.meanChange(result, image, mask: mask))
      #expect(GlareMetrics.outsideIdentical(result, image, mask: mask))
    }
    #expect(changes.allSatisfy { $0 < 3.5 }, "mean change \(changes) levels")
  }

  @Test("with the structure test on, busy glare-free paint the prediction misses is left alone")
  func structureTest() {
    // Without the bound on broad parts (`broadAverageScale`, next test), which alone takes seed 3
    // below 2 levels, so that the structure test's own effect is what is measured.
    var plainConfiguration = LocalInpainter.Configuration()
    plainConfiguration.broadAverageScale = 0
    var gated = plainConfiguration
    gated.evidenceContrast = 2
    for seed in UInt64(3)...4 {
      // Paint of another colour enclosed by the mask reads as glare without the test.
      let (image, mask) = Self.glareFree(seed: seed)
      let plain = LocalInpainter.repaint(image, mask: mask, method: .auto, configuration: plainConfiguration)
      let before = Self.meanChange(plain, image, mask: mask)
      #expect(before > 2, "seed \(seed): \(before) levels without the test")
      let result = LocalInpainter.repaint(image, mask: mask, method: .auto, configuration: gated)
      let after = Self.meanChange(result, image, mask: mask)
      #expect(after <= 2, "seed \(seed): \(after) levels with the test")
      #expect(GlareMetrics.outsideIdentical(result, image, mask: mask))
    }
  }

  // Measured (mean change, levels): seed 3 2.56 without the bound, 1.89 with it; seed 4 2.09 and
  // 2.06 (barely cut: not tested).
  @Test("a broad part's paler paint standing above its fitted dome and wide average is cut")
  func broadBound() {
    var unbounded = LocalInpainter.Configuration()
    unbounded.broadAverageScale = 0
    // Paint of another colour enclosed by the mask reads as a broad glare with steep sides.
    let (image, mask) = Self.glareFree(seed: 3)
    let plain = LocalInpainter.repaint(image, mask: mask, method: .auto, configuration: unbounded)
    let bounded = LocalInpainter.repaint(image, mask: mask, method: .auto)
    let before = Self.meanChange(plain, image, mask: mask)
    let after = Self.meanChange(bounded, image, mask: mask)
    #expect(before > 2.3, "\(before) levels without the bound")
    #expect(after < 2, "\(after) levels with it")
    #expect(GlareMetrics.outsideIdentical(bounded, image, mask: mask))
  }

  @Test("a glare-free mask is reported unchanged and its pixels kept bit for bit")
  func reportedUnchanged() throws {
    let (image, mask) = Self.glareFree(seed: 1)
    let repair = try LocalInpainter.repair(image, mask: mask, method: .auto)
    #expect(repair.regions.count == 1)
    #expect(repair.regions.first?.action == .unchanged)
    #expect(repair.regions.first?.pixels == mask.insideCount)
    #expect(repair.image == image)
  }

  // Measured inside the glare (left alone / tight / grown mask): seed 1 27.3 / 37.5 / 31.7 dB,
  // seed 2 26.9 / 38.7 / 36.3 (without the bound on broad parts, `broadAverageScale` 0: 38.7 /
  // 32.6 and 39.0 / 37.9; the bound gains on the evaluation's grown masks and veils on average,
  // and loses up to 0.8 dB on some veils, docs/local-method.md "Broad parts");
  // ring changes 1.0-2.0 levels. Short of "the same result" (issue 13's aim is 0.5 dB); seed 3,
  // where the grown mask swallows a cyan shape, ends below leaving the glare (30.1 -> 27.7 dB)
  // and is left out until the evidence test tells enclosed paint of another colour from glare.
  @Test("a mask grown by 12 px still removes the glare and barely touches the ring")
  func grownMask() {
    for seed in UInt64(1)...2 {
      let veil = InpaintingFixtures.veil(seed: seed)
      let grown = veil.mask.grown(by: 12)
      let tight = LocalInpainter.repaint(veil.glared, mask: veil.mask, method: .auto)
      let wide = LocalInpainter.repaint(veil.glared, mask: grown, method: .auto)
      let tightPSNR = GlareMetrics.psnrInside(tight, veil.clean, mask: veil.mask)
      let widePSNR = GlareMetrics.psnrInside(wide, veil.clean, mask: veil.mask)
      #expect(widePSNR > tightPSNR - 7, "seed \(seed): PSNR in the glare \(tightPSNR) -> \(widePSNR) dB")
      var ring = Mask(width: grown.width, height: grown.height)
      for y in 0..<grown.height {
        for x in 0..<grown.width where grown.isInside(x: x, y: y) && !veil.mask.isInside(x: x, y: y) {
          ring[x, y] = 255
        }
      }
      let ringChange = Self.meanChange(wide, veil.glared, mask: ring)
      #expect(ringChange < 3.5, "seed \(seed): ring change \(ringChange) levels")
      let before = GlareMetrics.psnrInside(veil.glared, veil.clean, mask: veil.mask)
      #expect(widePSNR > before + 4, "seed \(seed): PSNR in the glare \(before) -> \(widePSNR) dB")
    }
  }

  @Test("each part of the mask is reported with what was done there")
  func regions() throws {
    // A veil on a smooth ramp (the paint is predicted exactly from the surroundings) and a
    // second part over the ramp alone.
    let ramp = InpaintingFixtures.ramp()
    var glare = [[Double]](repeating: [Double](repeating: 0, count: ramp.pixelCount), count: 3)
    for y in 0..<ramp.height {
      for x in 0..<ramp.width {
        let d2 = Double((x - 110) * (x - 110) + (y - 60) * (y - 60))
        for c in 0..<3 { glare[c][y * ramp.width + x] = 0.1 * exp(-d2 / 200) }
      }
    }
    let veil = SyntheticGlare.composite(kind: .bloom, seed: 1, clean: ramp, glare: glare, maskGrowth: 3)
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
    var kept = true
    for y in 8..<24 {
      for x in 6..<30 where !repair.image.pixelEquals(veil.glared, x: x, y: y) { kept = false }
    }
    #expect(kept)
  }
}
