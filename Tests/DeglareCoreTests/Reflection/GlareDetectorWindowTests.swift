import DeglareTestSupport
import DeglareTestTraits
import Testing

@testable import DeglareCore

/// Window reflections (GlareDetector+Window.swift): a soft rectangle of neutral added light over
/// paint is proposed; bright rectangles of paint (hard edges, a change of paint) are not.
@Suite("Glare detector window reflections", .ownThread)
struct GlareDetectorWindowTests {
  /// Mid-tone, textured paint in blocks of a few colours, shaded across (brushwork).
  func paint() -> TestPainting {
    var painting = TestPainting(width: 480, height: 360, wall: (0.35, 0.30, 0.22), textureAmount: 0.05)
    painting.rectangle(x0: 0, y0: 0, x1: 200, y1: 170, colour: (0.30, 0.38, 0.25), shading: 0.15)
    painting.rectangle(x0: 200, y0: 170, x1: 480, y1: 360, colour: (0.42, 0.25, 0.22), shading: 0.15)
    painting.rectangle(x0: 280, y0: 30, x1: 420, y1: 120, colour: (0.25, 0.28, 0.40), shading: 0.1)
    return painting
  }

  /// The default configuration with the window pass switched off.
  var withoutWindows: GlareDetector.Configuration {
    var configuration = GlareDetector.Configuration()
    configuration.windowGridSide = 0
    return configuration
  }

  /// Expects the window pass to propose `painting`'s window: without the pass under a tenth of
  /// its lifted pixels are proposed, with it at least 70 %, and at least 90 % of what is proposed
  /// is lifted. Returns the detection.
  @discardableResult
  func expectWindowProposed(_ painting: TestPainting, sourceLocation: SourceLocation = #_sourceLocation)
    -> GlareDetection
  {
    let image = painting.image
    let truth = painting.glareMask()
    let lifted = truth.count { $0 }
    #expect(lifted > 10_000, "the scene no longer lifts a window", sourceLocation: sourceLocation)
    let without = GlareDetector(configuration: withoutWindows).detect(image, marginBand: 0).mask
    let missed = (0..<truth.count).count { truth[$0] && without.values[$0] >= Mask.insideThreshold }
    #expect(
      missed * 10 < lifted, "another pass already proposes the window: \(missed) of \(lifted)",
      sourceLocation: sourceLocation)
    let detection = GlareDetector().detect(image, marginBand: 0)
    let mask = detection.mask
    let found = (0..<truth.count).count { truth[$0] && mask.values[$0] >= Mask.insideThreshold }
    let proposed = mask.insideCount
    #expect(found * 10 >= lifted * 7, "\(found) of \(lifted) lifted pixels proposed", sourceLocation: sourceLocation)
    #expect(
      found * 10 >= proposed * 9, "\(proposed) pixels proposed, \(found) of them lifted", sourceLocation: sourceLocation
    )
    return detection
  }

  @Test("A soft window of white light over textured paint is proposed, and only by the window pass")
  func softWindow() {
    var painting = paint()
    painting.window(x0: 140, y0: 100, x1: 260, y1: 240, softness: 2.5, light: (0.15, 0.15, 0.15))
    let detection = expectWindowProposed(painting)
    let largest = detection.blobs.max { $0.pixelCount < $1.pixelCount }
    #expect(largest?.kind == .window, "the window is reported as \(String(describing: largest?.kind))")
  }

  @Test("A strong window, whose sides step by 0.32 in linear luma, is still a veil and proposed")
  func strongWindow() {
    // Its sides' median step measures about 0.72 of the light added (0.2 -> 0.145, 0.3 -> 0.217,
    // 0.45 -> 0.326): 0.44 lands between the former cap of 0.3, which took it for a painted
    // patch, and ``GlareDetector/Configuration/windowMaxLight``.
    var painting = paint()
    painting.window(x0: 140, y0: 100, x1: 260, y1: 240, softness: 2.5, light: (0.44, 0.44, 0.44))
    expectWindowProposed(painting)
  }

  @Test("A window's side whose light clips over a white mat is left out of the softness test")
  func clippedSideSoftness() {
    // Linear planes at analysis resolution: dark paint, a white mat from x = 100 on, and a soft
    // window's light (logistic, 2.5 px) over [40, 120) x [40, 120), clipped at 1. Over the mat
    // the right side's rise stops where the light clips, a few pixels into it: cut short, it
    // looks sharp. Judged where it does not clip (three sides), the window is soft.
    let side = 160
    var plane = Plane<Float>(width: side, height: side, repeating: 0)
    for y in 0..<side {
      for x in 0..<side {
        let u = Double(x) + 0.5
        let v = Double(y) + 0.5
        let light = 0.3 * TestPainting.softBox(u, v, x0: 40, y0: 40, x1: 120, y1: 120, softness: 2.5)
        plane.values[y * side + x] = Float(min(1, (x >= 100 ? 0.93 : 0.2) + light))
      }
    }
    let planes = [plane, plane, plane]
    let detector = GlareDetector()
    let box = WindowBox(x0: 40, x1: 120, y0: 40, y1: 120)
    let whole = detector.windowSharpness(planes, width: side, k: 1, box: box, unclippedOnly: false)
    let unclipped = detector.windowSharpness(planes, width: side, k: 1, box: box, unclippedOnly: true)
    let limit = detector.configuration.windowMaxSharpness
    #expect(whole.sharpest > limit, "the clipped side no longer looks sharp (\(whole.sharpest))")
    #expect(unclipped.sides == 3, "\(unclipped.sides) sides judged")
    #expect(unclipped.sharpest <= limit, "sharpness \(unclipped.sharpest) where the light does not clip")
    #expect(detector.windowSharpness(planes, width: side, k: 1, box: box) == unclipped.sharpest)
  }

  /// A pale form on grey paint, in the window tests' frame: `level(u, v, inside)` gives the
  /// encoded grey at the pixel centre (u, v), where `inside` is the form's soft box there (140-260
  /// by 100-240, softness 2.5); blue a little below the grey.
  func form(_ level: (_ u: Double, _ v: Double, _ inside: Double) -> Double) -> ImageBuffer {
    var form = TestPainting(width: 480, height: 360, wall: (0.55, 0.55, 0.53), textureAmount: 0.05)
    form.fill { _, _ in
      true
    } colour: { x, y in
      let u = Double(x) + 0.5
      let v = Double(y) + 0.5
      let grey = level(u, v, TestPainting.softBox(u, v, x0: 140, y0: 100, x1: 260, y1: 240, softness: 2.5))
      return (grey, grey, 0.97 * grey)
    }
    return form.image
  }

  @Test("A strong, soft-edged pale form modelled into darker paint around it is not proposed")
  func modelledForm() {
    // A pale form (a figure's lit limb in Leger's manner) on grey paint: soft edges, the texture
    // going on across them, a neutral step of a strong window's (about 0.31-0.34 in linear luma)
    // on all four sides; but to its left and above it, past a narrow band, the paint goes on
    // darkening away from it (the modelling). A window's light stops at its soft edge.
    let image = form { u, v, inside in
      let away = max(0, 136 - u) + max(0, 96 - v)
      let shade = 0.55 * (1 - 0.8 * min(away / 12, 1))
      return shade + (0.82 - shade) * inside
    }
    expectRefused(image, by: "the falloff test", passOff: withoutWindows) { $0.windowFalloffLight = .infinity }
  }

  @Test("A weaker pale form that the paint keeps darkening away from is not proposed")
  func shadedForm() {
    // A pale form on paint that darkens ever faster away from it (a limb modelled into shadow):
    // a neutral rise of about 0.25-0.34 on all four sides (in linear light 0.12 over paint that
    // falls by 0.0012 per squared pixel of distance from the form), the paint beyond the ring
    // falling by more than the rise wherever the sides are placed.
    let image = form { u, v, inside in
      let dx = max(0, 140 - u, u - 260)
      let dy = max(0, 100 - v, v - 240)
      let around = max(0.6 - 0.0012 * (dx * dx + dy * dy), 0.02)
      return Double(SRGB.encode(Float(around + 0.12 * inside)))
    }
    expectRefused(image, by: "the least falloff", passOff: withoutWindows) { $0.windowLeastFalloff = -.infinity }
  }

  @Test("A pale panel just above a picture's dark lower edge, the white mat a few cells below it, is not proposed")
  func panelAboveMat() {
    // Hammershoi's grey door panel: soft, neutral, the texture going on across its sides, of a
    // faint window's light (0.15 in linear light over paint at 0.10); but the picture ends 8 px
    // below it, and the white mat there is far brighter than the paint between (the highest
    // side's falloff several times its rise, where a window's paint goes on as in its ring).
    let image = form { u, v, inside in
      v >= 248 ? 0.9 : Double(SRGB.encode(Float(0.10 + 0.15 * inside)))
    }
    expectRefused(image, by: "the greatest falloff", passOff: withoutWindows) { $0.windowMaxFalloff = .infinity }
  }

  @Test("A window whose left edge crosses red paint near clipping for part of its height is proposed whole")
  func edgeCutShort() {
    // Over the red strip the light clips red, so the left edge's step there is not neutral and
    // the edge's run covers only the rows below it: the rows both edges share are a lower part
    // of the window, whose top side does not step. All the rows either edge runs along give the
    // window.
    var painting = paint()
    painting.rectangle(x0: 110, y0: 60, x1: 170, y1: 160, colour: (0.99, 0.45, 0.35))
    painting.window(x0: 140, y0: 80, x1: 300, y1: 280, softness: 2.5, light: (0.18, 0.18, 0.18))
    expectWindowProposed(painting)
  }

  @Test("A picture in a white mat and a bright, hard-edged painted rectangle are not proposed")
  func paintedRectangles() {
    // A white mat (the whole glass) holding a darker, textured picture ...
    var mat = TestPainting(width: 480, height: 360, wall: (0.90, 0.89, 0.86), textureAmount: 0.01)
    mat.rectangle(x0: 90, y0: 70, x1: 390, y1: 290, colour: (0.40, 0.33, 0.25), shading: 0.15)
    // ... and a pale, hard-edged rectangle (a label, a patch of paint) on mid-grey paint with the
    // same texture: a neutral step of a window's strength, up on all four sides, the texture going
    // on across it; only its hard edges tell it from a window.
    var label = TestPainting(width: 480, height: 360, wall: (0.35, 0.35, 0.33), textureAmount: 0.05)
    label.rectangle(x0: 150, y0: 110, x1: 270, y1: 230, colour: (0.55, 0.55, 0.53))
    for painting in [mat, label] {
      let image = painting.image
      let without = GlareDetector(configuration: withoutWindows).detect(image, marginBand: 0).mask
      let mask = GlareDetector().detect(image, marginBand: 0).mask
      #expect(
        mask.insideCount == without.insideCount, "\(mask.insideCount) proposed, \(without.insideCount) without the pass"
      )
    }
  }
}
