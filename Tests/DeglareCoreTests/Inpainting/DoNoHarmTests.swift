import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// Masks over glare-free paint that is lighter than its surroundings predict (the hard cases on
/// real paintings: white blossoms on a gold ground, pale clouds in a sky).
@Suite("LocalInpainter do no harm on bright paint", .ownThread)
struct DoNoHarmTests {
  static let width = 160
  static let height = 120

  /// Gold ground with clusters of white blossoms (some clipped) and a dark branch; or a pale sky
  /// with brighter clouds and a dark twig. Grain as on canvas. The blossoms and clouds cluster
  /// around the middle, where the mask goes, so the surroundings do not predict them.
  static func painting(sky: Bool) -> TestPainting {
    let ground = sky ? (0.62, 0.72, 0.86) : (0.72, 0.58, 0.25)
    let bright = sky ? (0.9, 0.92, 0.95) : (1.0, 0.98, 0.96)
    var painting = TestPainting(width: width, height: height, wall: ground, textureAmount: 0.06, seed: sky ? 11 : 12)
    var random = DeglareTestSupport.SeededGenerator(seed: sky ? 3 : 4)
    var spots: [(x: Double, y: Double, r: Double)] = []
    for _ in 0..<(sky ? 7 : 16) {
      spots.append(
        (
          80 + random.uniform(-22...22), 60 + random.uniform(-16...16),
          sky ? random.uniform(6...11) : random.uniform(2.5...5)
        ))
    }
    painting.fill { x, y in
      spots.contains { pow(Double(x) - $0.x, 2) + pow(Double(y) - $0.y, 2) <= $0.r * $0.r }
    } colour: { _, _ in
      bright
    }
    // A dark branch across the picture, through the mask.
    painting.fill { x, y in
      abs(Double(y) - (20 + 0.6 * Double(x))) < 2.5
    } colour: { _, _ in
      (0.25, 0.18, 0.12)
    }
    return painting
  }

  /// A polygon over the middle, around the blossoms or clouds.
  static var mask: Mask {
    var random = DeglareTestSupport.SeededGenerator(seed: 9)
    return GlareSuite.polygonMask(width: width, height: height, centre: (80, 60), radius: 36, random: &random)
  }

  /// The dark floor check off (on by default, see ``LocalInpainter/Configuration/floorTolerance``).
  /// The settings stay those of detail one pixel wide: this canvas grain is smooth enough to read
  /// as detail 4 px wide (``DetailScaleTests``), and the measurements below were made without it.
  static var unchecked: LocalInpainter.Configuration {
    var configuration = LocalInpainter.Configuration()
    configuration.floorTolerance = 1
    configuration.adaptsToDetailScale = false
    return configuration
  }

  /// The lift bound on (it is off by default, see ``LocalInpainter/Configuration/envelopeRadius``),
  /// the dark floor check off, so that the bound is measured alone.
  static var bounded: LocalInpainter.Configuration {
    var configuration = unchecked
    configuration.envelopeRadius = 8
    return configuration
  }

  // Measured (mean change, levels): gold 0.0 with the bound, sky 0.52; auto on the gold still
  // fills clipped blossoms (4.4 levels) and a faint veil over this paint is then mostly kept:
  // issue 13's aim is not met by the bound alone.
  @Test("with the lift bound on, subtract leaves glare-free bright paint under a mask nearly as it is")
  func brightPaintUnchanged() throws {
    for sky in [false, true] {
      let image = Self.painting(sky: sky).image
      let repair = try LocalInpainter.repair(image, mask: Self.mask, method: .subtract, configuration: Self.bounded)
      let change = GlareEvidenceTests.meanChange(repair.image, image, mask: Self.mask)
      let plain = try LocalInpainter.repair(image, mask: Self.mask, method: .subtract, configuration: Self.unchecked)
      let before = GlareEvidenceTests.meanChange(plain.image, image, mask: Self.mask)
      #expect(change <= 1 && change < before, "\(sky ? "sky" : "gold"): mean change \(before) -> \(change) levels")
      #expect(GlareMetrics.outsideIdentical(repair.image, image, mask: Self.mask))
    }
  }

  // Measured (mean change, levels, subtract and auto alike): sky 17.4 without the check, 0 with
  // it; the gold ground (7.7 subtract, 16.2 auto) is not helped: the dark branch through the mask
  // keeps the floor low, and its blossoms' lift stays within it.
  @Test("the dark floor check leaves pale clouds in a glare-free sky under a mask bit for bit")
  func paleCloudsUnchanged() throws {
    let image = Self.painting(sky: true).image
    for method in [LocalMethod.subtract, .auto] {
      let repair = try LocalInpainter.repair(image, mask: Self.mask, method: method)
      #expect(repair.image == image)
      #expect(repair.regions.allSatisfy { $0.action == .unchanged })
      // Without the check the clouds read as glare over the sky and lose their light.
      let plain = LocalInpainter.repaint(image, mask: Self.mask, method: method, configuration: Self.unchecked)
      let before = GlareEvidenceTests.meanChange(plain, image, mask: Self.mask)
      #expect(before > 5, "\(method): \(before) levels without the check")
    }
  }
}
