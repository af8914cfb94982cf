import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

/// Sheens (GlareDetector+Sheen.swift): a broad, weak veil of neutral light over dark ground is
/// proposed; paint lit the same way (its texture grows with its light) and a strong lift are not.
@Suite("Glare detector sheens", .ownThread)
struct GlareDetectorSheenTests {
  /// Dark, textured ground (velvet, a night sky): ±10 % brush grain.
  func ground() -> TestPainting {
    TestPainting(width: 480, height: 360, wall: (0.20, 0.19, 0.18), textureAmount: 0.1)
  }

  /// The default configuration with the sheen pass switched off.
  var withoutSheens: GlareDetector.Configuration {
    var configuration = GlareDetector.Configuration()
    configuration.sheenGridSide = 0
    return configuration
  }

  /// The test veil: a Gaussian of 60 px, 0.08 linear.
  static func roundVeil(_ painting: inout TestPainting) {
    painting.glow(at: (260, 170), sigma: 60, light: (0.08, 0.08, 0.075))
  }

  /// Lays a veil (by default ``roundVeil(_:)``) over `painting` and checks that it lifts a sheen
  /// no other pass proposes, and that the detector proposes at least half of it, at precision
  /// 0.8; returns the detection.
  func detectVeil(
    over base: TestPainting, veil: (inout TestPainting) -> Void = Self.roundVeil(_:)
  ) -> GlareDetection {
    var painting = base
    veil(&painting)
    let image = painting.image
    let truth = painting.glareMask()
    let lifted = truth.count { $0 }
    #expect(lifted > 10_000, "the scene no longer lifts a sheen")
    let without = GlareDetector(configuration: withoutSheens).detect(image, marginBand: 0).mask
    let missed = (0..<truth.count).count { truth[$0] && without.values[$0] >= Mask.insideThreshold }
    #expect(missed * 10 < lifted, "another pass already proposes the sheen: \(missed) of \(lifted)")
    let detection = GlareDetector().detect(image, marginBand: 0)
    let mask = detection.mask
    let found = (0..<truth.count).count { truth[$0] && mask.values[$0] >= Mask.insideThreshold }
    #expect(found * 2 >= lifted, "\(found) of \(lifted) lifted pixels proposed")
    #expect(found * 10 >= mask.insideCount * 8, "\(mask.insideCount) pixels proposed, \(found) of them lifted")
    return detection
  }

  @Test(
    "A broad, weak veil of neutral light over dark textured ground is proposed, as a sheen, and only by the sheen pass")
  func veilOverDarkGround() {
    let detection = detectVeil(over: ground())
    let largest = detection.blobs.max { $0.pixelCount < $1.pixelCount }
    #expect(largest?.kind == .sheen, "the sheen is reported as \(String(describing: largest?.kind))")
  }

  @Test("White coins standing in a veil over dark velvet leave the veil proposed around them, as a sheen")
  func objectsInTheVeil() {
    var painting = ground()
    // Four white coins of 16 px radius (as on the velvet of the evaluation's objects scene), three
    // of them inside the veil's brightest part.
    let coins: [(Double, Double)] = [(215, 150), (300, 135), (265, 215), (345, 250)]
    painting.fill { x, y in
      coins.contains { pow(Double(x) - $0.0, 2) + pow(Double(y) - $0.1, 2) <= 256 }
    } colour: { _, _ in
      (0.85, 0.85, 0.83)
    }
    let detection = detectVeil(over: painting)
    #expect(detection.blobs.contains { $0.kind == .sheen }, "no sheen among \(detection.blobs.map(\.kind))")
  }

  @Test("A veil cut by a large white figure standing in it is proposed beside the figure, as a sheen")
  func figureInTheVeil() {
    var painting = ground()
    // A white disc of 80 px radius (as the angel of the evaluation's draw 9) over the flank of a
    // long diagonal veil: too large to stand in the veil as a coin does, it bites the veil's
    // patch, which then covers 0.62 of its own ellipse (0.81 counting the figure's cells).
    painting.fill { x, y in
      pow(Double(x) - 227, 2) + pow(Double(y) - 220, 2) <= 80 * 80
    } colour: { _, _ in
      (0.85, 0.85, 0.83)
    }
    let detection = detectVeil(over: painting) { painting in
      for k in 0..<7 {
        painting.glow(at: (135 + 41.5 * Double(k), 87 + 27.7 * Double(k)), sigma: 40, light: (0.06, 0.06, 0.056))
      }
    }
    #expect(detection.blobs.contains { $0.kind == .sheen }, "no sheen among \(detection.blobs.map(\.kind))")
  }

  @Test("Ground painted lighter in the same soft shape (its texture grows with its light) is not proposed")
  func paintedGlow() {
    // The same light, but reflected by the paint: the ground's colour times a soft bump, so the
    // brush grain grows with it, as on a lit wall or a painted glow.
    var painting = ground()
    let base = [0.20, 0.19, 0.18].map { SyntheticGlare.decode($0) }
    painting.fill { _, _ in
      true
    } colour: { x, y in
      let d2 = pow(Double(x) - 260, 2) + pow(Double(y) - 170, 2)
      let bump = exp(-d2 / (2 * 60 * 60))
      let light = [0.08, 0.08, 0.075]
      let lit = (0..<3).map { SyntheticGlare.encode(base[$0] + light[$0] * bump) }
      return (lit[0], lit[1], lit[2])
    }
    let image = painting.image
    let without = GlareDetector(configuration: withoutSheens).detect(image, marginBand: 0).mask
    let mask = GlareDetector().detect(image, marginBand: 0).mask
    #expect(
      mask.insideCount == without.insideCount, "\(mask.insideCount) proposed, \(without.insideCount) without the pass")
  }

  /// Dark brown ground (its red channel holds about 1.45 times the light of its blue), lit by
  /// `lit` (1: as painted) in its own colour and lifted by `added` (linear, neutral), with a
  /// grain of the same strength everywhere (as the mottled ground of the evaluation's draw 15,
  /// whose grain was 1.6 times the ground's where its light was 4 times): lighter paint whose
  /// texture alone does not give it away.
  func brownGround(
    lit: @escaping (Int, Int) -> Double = { _, _ in 1 }, added: @escaping (Int, Int) -> Double = { _, _ in 0 }
  ) -> TestPainting {
    var painting = TestPainting(width: 480, height: 360, wall: (0.22, 0.20, 0.18), textureAmount: 0)
    let base = [0.22, 0.20, 0.18].map { SyntheticGlare.decode($0) }
    // ±10 % of the ground's mean light, added, so it does not grow where the paint is lighter.
    let amount = 0.1 * base.reduce(0, +) / 3
    let width = painting.width
    var generator = SeededGenerator(seed: 11)
    let grain = (0..<(width * painting.height)).map { _ in
      amount * Double.random(in: -1...1, using: &generator)
    }
    painting.fill { _, _ in
      true
    } colour: { x, y in
      let colour = base.map { SyntheticGlare.encode($0 * lit(x, y) + added(x, y) + grain[y * width + x]) }
      return (colour[0], colour[1], colour[2])
    }
    return painting
  }

  /// Checks that the sheen pass proposes nothing on `painting`, and that it would propose a
  /// sheen there with one of its tests switched off (`test`, by `switchOff`): that test alone
  /// refuses the scene.
  func expectRefused(
    _ painting: TestPainting, by test: String, switchOff: (inout GlareDetector.Configuration) -> Void
  ) {
    DeglareCoreTests.expectRefused(painting.image, by: test, passOff: withoutSheens, switchOff: switchOff)
  }

  @Test("A neutral veil over brown ground is proposed, as a sheen: added light keeps its own colour")
  func veilOverBrownGround() {
    let detection = detectVeil(over: brownGround())
    #expect(detection.blobs.contains { $0.kind == .sheen }, "no sheen among \(detection.blobs.map(\.kind))")
  }

  @Test("Brown ground painted lighter in its own colour, in a veil's soft shape, is not proposed")
  func groundLitInItsOwnColour() {
    // The ground's light times a soft bump: its lift carries the ground's tint, where added light
    // would carry its own.
    let painting = brownGround { x, y in
      1 + 2.5 * exp(-(pow(Double(x) - 260, 2) + pow(Double(y) - 170, 2)) / (2 * 60 * 60))
    }
    expectRefused(painting, by: "the tint test") { $0.sheenTintShare = .infinity }
  }

  @Test("Paint lifted in a veil's shape but cut by a hard outline (a grey skirt beside a dark coat) is not proposed")
  func hardOutline() {
    // A neutral lift of the test veil's strength and shape whose left side is a painted outline:
    // it stops within a pixel at x = 240, a third of a sigma left of its peak, where it still
    // lifts 0.95 of it. The other sides are soft, and the part's border as a whole is just soft
    // enough (`sheenSoftEdge`): only the pixel scale tells the outline (cut a sigma from the
    // peak, the border is softer than `sheenOutlineBorder` and the part is still proposed).
    let painting = brownGround(added: { x, y in
      x < 240 ? 0 : 0.08 * exp(-(pow(Double(x) - 260, 2) + pow(Double(y) - 170, 2)) / (2 * 60 * 60))
    })
    expectRefused(painting, by: "the sharpness test") { $0.sheenMaxEdgeSharpness = .infinity }
  }

  @Test("A strong neutral lift over dark ground (a lit wall's strength) is not proposed as a sheen")
  func strongLift() {
    var painting = ground()
    painting.glow(at: (260, 170), sigma: 60, light: (0.40, 0.40, 0.38))
    let image = painting.image
    let without = GlareDetector(configuration: withoutSheens).detect(image, marginBand: 0).mask
    let mask = GlareDetector().detect(image, marginBand: 0).mask
    #expect(
      mask.insideCount == without.insideCount, "\(mask.insideCount) proposed, \(without.insideCount) without the pass")
  }
}
