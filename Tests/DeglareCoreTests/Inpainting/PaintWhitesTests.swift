import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// Clipping is not always a reflection's core: the paint has its own whites (impasto highlights,
/// white specks), clipped before any glare. `auto` synthesises only clipping larger than anything
/// white the paint shows near the mask.
@Suite("LocalInpainter paint whites", .ownThread)
struct PaintWhitesTests {
  /// Textured mid-tone paint with 3 x 3 white specks every 11 pixels, inside the mask and around
  /// it, under a soft veil centred in the mask; with `core`, a solid white disc of radius 9
  /// (clipped, larger than any speck) in the middle of the mask, as a lit sign's core.
  static func painting(veil: Bool, core: Bool) -> TestPainting {
    var painting = TestPainting(width: 160, height: 120, wall: (0.55, 0.45, 0.35), textureAmount: 0.06, seed: 5)
    painting.fill { x, y in
      x % 11 < 3 && y % 11 < 3
    } colour: { _, _ in
      (1, 1, 1)
    }
    if core {
      painting.fill { x, y in
        (x - 80) * (x - 80) + (y - 60) * (y - 60) <= 81
      } colour: { _, _ in
        (1, 1, 1)
      }
      painting.glow(at: (80, 60), sigma: 6, light: (0.6, 0.6, 0.6))
    }
    if veil { painting.glow(at: (80, 60), sigma: 16, light: (0.12, 0.1, 0.08)) }
    return painting
  }

  @Test("white specks of the paint under a veil are subtracted with it, not synthesised")
  func specksSubtracted() throws {
    let clean = Self.painting(veil: false, core: false)
    let veiled = Self.painting(veil: true, core: false)
    let mask = DoNoHarmTests.mask
    let repair = try LocalInpainter.repair(veiled.image, mask: mask, method: .auto)
    #expect(repair.regions.allSatisfy { $0.action != .fill }, "\(repair.regions.map(\.action))")
    let before = GlareMetrics.psnrInside(veiled.image, clean.image, mask: mask)
    let after = GlareMetrics.psnrInside(repair.image, clean.image, mask: mask)
    #expect(after > before + 3, "PSNR in the veil \(before) -> \(after) dB")
    // Every clipped speck taken for a core: the grown specks are synthesised.
    var everyCore = LocalInpainter.Configuration()
    everyCore.opaqueCoreRatio = 0
    everyCore.opaqueCoreMinimum = 0
    let plain = try LocalInpainter.repair(veiled.image, mask: mask, method: .auto, configuration: everyCore)
    #expect(plain.regions.contains { $0.action == .fill })
    // Bit-exact outside the mask, as always.
    let image = veiled.image
    for y in 0..<image.height {
      for x in 0..<image.width where !mask.isInside(x: x, y: y) {
        for k in 0..<3 where repair.image.sample(x: x, y: y, channel: k) != image.sample(x: x, y: y, channel: k) {
          Issue.record("pixel (\(x), \(y)) outside the mask changed")
          return
        }
      }
    }
  }

  @Test("a clipped core larger than any white of the paint nearby is still synthesised")
  func coreSynthesised() throws {
    let image = Self.painting(veil: true, core: true).image
    let repair = try LocalInpainter.repair(image, mask: DoNoHarmTests.mask, method: .auto)
    #expect(repair.regions.contains { $0.action == .fill }, "\(repair.regions.map(\.action))")
  }

  @Test("a cluster of white specks inside the mask, with none around it, is left as it is")
  func speckClusterUnchanged() throws {
    var painting = TestPainting(width: 160, height: 120, wall: (0.75, 0.6, 0.25), textureAmount: 0.06, seed: 5)
    painting.fill { x, y in
      (x - 70) * (x - 70) + (y - 55) * (y - 55) <= 400 && x % 5 < 3 && y % 5 < 3
    } colour: { _, _ in
      (1, 1, 1)
    }
    let image = painting.image
    let mask = DoNoHarmTests.mask
    let repair = try LocalInpainter.repair(image, mask: mask, method: .auto)
    let kept = repair.image == image
    #expect(kept, "the paint under the mask changed: \(repair.regions.map(\.action))")
    // Counted as cores, the specks (9 pixels each) grow into one part that is synthesised.
    var anySize = LocalInpainter.Configuration()
    anySize.opaqueCoreMinimum = 0
    let plain = LocalInpainter.repaint(image, mask: mask, method: .auto, configuration: anySize)
    let before = GlareEvidenceTests.meanChange(plain, image, mask: mask)
    #expect(before > 2, "\(before) levels with specks as cores")
  }

  @Test("a channel a streak clips on pale paint is filled, though its clipping runs out of the mask")
  func streakClippedChannelFilled() throws {
    let clean = TestPainting(width: 160, height: 120, wall: (0.86, 0.8, 0.72), textureAmount: 0.06, seed: 9)
    var streaked = clean
    // A green streak longer than the mask: its clipped green runs out of the mask, like the
    // paint's own whites do, so it is no core; the estimate explains it.
    streaked.streak(from: (10, 48), to: (150, 72), width: 12, softness: 2.5, light: (0.04, 0.45, 0.12))
    let mask = DoNoHarmTests.mask
    let repair = try LocalInpainter.repair(streaked.image, mask: mask, method: .auto)
    let after = GlareMetrics.psnrInside(repair.image, clean.image, mask: mask)
    // With no clipping explained by the estimate, the clipped green keeps its subtracted value.
    var unexplained = LocalInpainter.Configuration()
    unexplained.explainedClipping = 10
    let kept = LocalInpainter.repaint(streaked.image, mask: mask, method: .auto, configuration: unexplained)
    let before = GlareMetrics.psnrInside(kept, clean.image, mask: mask)
    #expect(after > before + 1, "PSNR in the mask \(before) -> \(after) dB")
  }
}
