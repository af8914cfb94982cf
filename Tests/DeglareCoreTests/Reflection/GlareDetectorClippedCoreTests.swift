import DeglareTestSupport
import DeglareTestTraits
import Testing

@testable import DeglareCore

/// Clipped glare over white paint: the core's half-level region stops at the paint's hard
/// outline, so the edge test refuses it, and only the light it casts on the dark paint around it
/// tells it from a white object that clipped (``GlareDetector/Configuration/haloSectors``).
@Suite("Glare detector clipped cores over white paint", .ownThread)
struct GlareDetectorClippedCoreTests {
  /// A white garment (hard edges) standing on a dark, textured ground.
  func garment() -> TestPainting {
    var painting = TestPainting(width: 480, height: 360, wall: (0.22, 0.20, 0.18), textureAmount: 0.04)
    painting.rectangle(x0: 226, y0: 90, x1: 256, y1: 360, colour: (0.90, 0.89, 0.86), shading: 0.05)
    return painting
  }

  /// Pixels clipped in all three channels.
  func clipped(_ image: ImageBuffer) -> [Int] {
    (0..<(image.width * image.height)).filter { p in (0..<3).allSatisfy { image.samples8[p * 3 + $0] == 255 } }
  }

  /// The default configuration without the halo rule.
  var withoutHaloRule: GlareDetector.Configuration {
    var configuration = GlareDetector.Configuration()
    configuration.minHaloSectors = configuration.haloSectors + 1  // more than there are
    return configuration
  }

  @Test("A lamp's spot that clips over a white garment is found, by the light it casts around it")
  func spotOverGarment() {
    var painting = garment()
    // A lamp's reflection: a bright core and the wide, faint halo around it.
    painting.glow(at: (241, 160), sigma: 14, light: (1.3, 1.3, 1.3))
    painting.glow(at: (241, 160), sigma: 45, light: (0.12, 0.12, 0.12))
    let image = painting.image
    let core = clipped(image)
    #expect(core.count > 600, "the scene no longer clips a large core")
    let refused = GlareDetector(configuration: withoutHaloRule).detect(image, marginBand: 0).mask
    #expect(
      core.count { refused.values[$0] >= Mask.insideThreshold } * 10 < core.count,
      "the edge test no longer refuses the core: the scene does not show what the halo rule is for")
    let mask = GlareDetector().detect(image, marginBand: 0).mask
    let found = core.count { mask.values[$0] >= Mask.insideThreshold }
    #expect(found * 10 >= core.count * 9, "\(found) of \(core.count) clipped pixels proposed")
  }

  @Test("A white object that clipped, with no light around it, stays unproposed")
  func clippedPaint() {
    var painting = garment()
    // A white coin on the dark ground beside the garment, clipped: pure white paint, hard-edged.
    painting.rectangle(x0: 60, y0: 150, x1: 90, y1: 200, colour: (1.0, 1.0, 1.0))
    let image = painting.image
    #expect(clipped(image).count > 600, "the scene no longer clips")
    var lenient = GlareDetector.Configuration()
    lenient.minHaloLift = -255
    #expect(
      GlareDetector(configuration: lenient).detect(image, marginBand: 0).mask.insideCount > 0,
      "the clipped passage is no longer a refused core: the scene does not test the halo rule")
    #expect(GlareDetector().detect(image, marginBand: 0).mask.insideCount == 0)
  }

  @Test("A spot that clips over a white mat, no higher than the mat around it, is found by its halo")
  func spotOverMat() {
    // A print on a white mat: the mat fills the glass around a dark, textured picture.
    var painting = TestPainting(width: 480, height: 360, wall: (0.88, 0.87, 0.84), textureAmount: 0.01)
    painting.rectangle(x0: 170, y0: 70, x1: 420, y1: 290, colour: (0.20, 0.18, 0.16), shading: 0.04)
    // A lamp's soft spot on the mat beside the print, its halo reaching over the print's edge.
    painting.glow(at: (120, 180), sigma: 16, light: (0.9, 0.9, 0.9))
    painting.glow(at: (120, 180), sigma: 50, light: (0.10, 0.10, 0.10))
    let image = painting.image
    let core = clipped(image)
    #expect(core.count > 400, "the scene no longer clips a core")
    var withoutFaintCores = GlareDetector.Configuration()
    withoutFaintCores.faintCores = false
    let seeded = GlareDetector(configuration: withoutFaintCores).detect(image, marginBand: 0).mask
    #expect(
      core.count { seeded.values[$0] >= Mask.insideThreshold } * 10 < core.count,
      "a seed already holds the core: the scene does not show what faint cores are for")
    let mask = GlareDetector().detect(image, marginBand: 0).mask
    let found = core.count { mask.values[$0] >= Mask.insideThreshold }
    #expect(found * 10 >= core.count * 9, "\(found) of \(core.count) clipped pixels proposed")
  }

  @Test("A mat clipped by the exposure is not a faint core")
  func clippedMat() {
    var painting = TestPainting(width: 480, height: 360, wall: (1.0, 1.0, 1.0), textureAmount: 0)
    painting.rectangle(x0: 170, y0: 70, x1: 420, y1: 290, colour: (0.20, 0.18, 0.16), shading: 0.04)
    let image = painting.image
    #expect(clipped(image).count > 10_000, "the mat is no longer clipped")
    #expect(GlareDetector().detect(image, marginBand: 0).mask.insideCount == 0)
  }
}
