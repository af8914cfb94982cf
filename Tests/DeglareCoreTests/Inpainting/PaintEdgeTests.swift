import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// The edge check: a glare estimate that steps where the paint steps, and leaves the paint
/// between its pale strokes unlifted, is paint, not a veil.
@Suite("LocalInpainter edge check", .ownThread)
struct PaintEdgeTests {
  /// The edge check off (on by default, see ``LocalInpainter/Configuration/paintStepLimit``).
  static var unchecked: LocalInpainter.Configuration {
    var configuration = LocalInpainter.Configuration()
    configuration.paintStepLimit = 0
    return configuration
  }

  /// Textured light paint with dark bars around the mask (the dark floor is theirs); with
  /// `tiles`, a block of pale tiles in the middle (a pale motif the surroundings do not show,
  /// the light paint between its tiles).
  static func painting(tiles: Bool) -> TestPainting {
    var painting = TestPainting(width: 160, height: 120, wall: (0.75, 0.7, 0.62), textureAmount: 0.06, seed: 21)
    let mask = DoNoHarmTests.mask
    painting.fill { x, y in
      (x + 2 * y) % 37 < 3 && !mask.isInside(x: x, y: y)
    } colour: { _, _ in
      (0.12, 0.1, 0.08)
    }
    if tiles {
      painting.fill { x, y in
        x >= 56 && x < 104 && y >= 36 && y < 88 && (x - 56) % 15 < 12 && (y - 36) % 20 < 12
      } colour: { _, _ in
        (0.9, 0.88, 0.82)
      }
    }
    return painting
  }

  @Test(
    "a pale block under a generous mask on textured paint comes out bit for bit",
    arguments: [
      LocalMethod.subtract, .auto,
    ])
  func paleBlockUnchanged(method: LocalMethod) throws {
    let image = Self.painting(tiles: true).image
    let mask = DoNoHarmTests.mask
    let repair = try LocalInpainter.repair(image, mask: mask, method: method)
    let kept = repair.image == image
    #expect(kept, "\(method): the paint under the mask changed")
    #expect(repair.regions.allSatisfy { $0.action == .unchanged })
    // Without the check the block reads as glare (the dark floor check lets it through).
    let plain = LocalInpainter.repaint(image, mask: mask, method: method, configuration: Self.unchecked)
    let before = GlareEvidenceTests.meanChange(plain, image, mask: mask)
    #expect(before > 2, "\(method): \(before) levels without the check")
  }

  /// A pale block filling most of the mask, crossed by grey strokes: the estimate steps at the
  /// block's sides and not at the strokes (about 0.2 of the photo's steps, under the step limit
  /// alone), and about a quarter of its core is unlifted; together they are paint.
  @Test("a pale block crossed by grey strokes comes out bit for bit")
  func strokedBlockUnchanged() throws {
    var painting = Self.painting(tiles: false)
    let block = { (x: Int, y: Int) in x >= 50 && x < 110 && y >= 30 && y < 92 }
    painting.fill { x, y in
      block(x, y)
    } colour: { _, _ in
      (0.88, 0.85, 0.79)
    }
    painting.fill { x, y in
      block(x, y) && (x + y) % 9 < 2
    } colour: { _, _ in
      (0.55, 0.58, 0.66)
    }
    let image = painting.image
    let mask = DoNoHarmTests.mask
    let repair = try LocalInpainter.repair(image, mask: mask, method: .auto)
    let kept = repair.image == image
    #expect(kept, "the paint under the mask changed")
    // Without the joint evidence (a step under the limit) the block reads as glare.
    var stepOnly = LocalInpainter.Configuration()
    stepOnly.paintEvidence = 1
    let plain = LocalInpainter.repaint(image, mask: mask, method: .auto, configuration: stepOnly)
    let before = GlareEvidenceTests.meanChange(plain, image, mask: mask)
    #expect(before > 5, "\(before) levels without the joint evidence")
  }

  // A veil over the pale block itself is refused with it (its residual between the tiles is the
  // veil alone, under half the estimate): the check trades that case for the block left intact.
  @Test("a soft veil over the same paint is still subtracted")
  func veilSubtracted() throws {
    let clean = Self.painting(tiles: false)
    var veiled = clean
    veiled.glow(at: (80, 60), sigma: 14, light: (0.25, 0.25, 0.25))
    let mask = DoNoHarmTests.mask
    let repair = try LocalInpainter.repair(veiled.image, mask: mask, method: .auto)
    #expect(repair.regions.contains { $0.action == .subtract })
    let before = GlareMetrics.psnrInside(veiled.image, clean.image, mask: mask)
    let after = GlareMetrics.psnrInside(repair.image, clean.image, mask: mask)
    #expect(after > before + 3, "PSNR in the veil \(before) -> \(after) dB")
    let plain = LocalInpainter.repaint(veiled.image, mask: mask, method: .auto, configuration: Self.unchecked)
    let same = repair.image == plain
    #expect(same, "the check refused the veil")
  }
}
