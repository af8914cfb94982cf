import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

/// Issue 14: a lit exit sign reflected over pale paint is a veil of coloured light, not light
/// that outshines the paint, so only its panel's shape tells it from a veil or from paint.
@Suite("Glare detector sign panels", .ownThread)
struct GlareDetectorSignPanelTests {
  /// Pale, textured paper with a few strokes of red chalk.
  func paper() -> TestPainting {
    var painting = TestPainting(width: 320, height: 240, wall: (0.86, 0.72, 0.58), textureAmount: 0.05)
    painting.rectangle(x0: 30, y0: 40, x1: 90, y1: 46, colour: (0.70, 0.42, 0.30))
    painting.rectangle(x0: 220, y0: 170, x1: 300, y1: 176, colour: (0.72, 0.45, 0.32))
    painting.rectangle(x0: 60, y0: 150, x1: 66, y1: 220, colour: (0.70, 0.42, 0.30))
    return painting
  }

  /// A box from `x0` to `x1`, `y0` to `y1` with soft (logistic, `softness` px) edges, 0...1.
  static func softBox(_ x: Int, _ y: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, softness: Double)
    -> Double
  {
    func step(_ d: Double) -> Double { 1 / (1 + exp(-d / softness)) }
    let px = Double(x)
    let py = Double(y)
    return step(px - x0) * step(x1 - px) * step(py - y0) * step(y1 - py)
  }

  /// A lit sign (green unless told) out of focus, with four dark letters and a glow, added (linear
  /// light) to `painting`'s paint; and the pixels its panel covers.
  func withSign(
    _ painting: TestPainting, light: (Double, Double, Double) = (0.05, 0.45, 0.14), glow: Double = 0.06,
    softness: Double = 0.7
  ) -> (image: ImageBuffer, panel: [Bool]) {
    let (x0, y0, x1, y1) = (125.0, 100.0, 195.0, 130.0)
    var samples = [UInt8](repeating: 0, count: painting.width * painting.height * 3)
    var panel = [Bool](repeating: false, count: painting.width * painting.height)
    for y in 0..<painting.height {
      for x in 0..<painting.width {
        var f = Self.softBox(x, y, x0, y0, x1, y1, softness: softness)
        for k in 0..<4 {
          let lx = x0 + 13 + Double(k) * 13
          f -= 0.6 * Self.softBox(x, y, lx, y0 + 8, lx + 6, y1 - 8, softness: softness)
        }
        let dx = Double(x) - (x0 + x1) / 2
        let dy = Double(y) - (y0 + y1) / 2
        f += glow * exp(-(dx * dx + dy * dy) / (2 * 30 * 30))
        let p = y * painting.width + x
        panel[p] = Double(x) >= x0 && Double(x) < x1 && Double(y) >= y0 && Double(y) < y1
        for (c, l) in [light.0, light.1, light.2].enumerated() {
          let v = Double(painting.paint[p * 3 + c]) + f * l
          samples[p * 3 + c] = UInt8((SyntheticGlare.encode(min(max(v, 0), 1)) * 255).rounded())
        }
      }
    }
    return (ImageBuffer(width: painting.width, height: painting.height, layout: .rgb, samples: samples), panel)
  }

  @Test("A lit sign reflected over pale paper is proposed, as a sign")
  func signOverPaper() throws {
    let (image, panel) = withSign(paper())
    // Over pale paint the sign does not outshine the paint: it seeds coloured light, not
    // glowing light, and only its panel's shape makes it a sign.
    var noPanels = GlareDetector.Configuration()
    noPanels.minSignPanelFill = 2
    let veil = GlareDetector(configuration: noPanels).detect(image, marginBand: 0)
    #expect(overlap(veil.mask, panel).inside == 0, "the scene no longer shows what the panel test is for")
    let detection = GlareDetector().detect(image, marginBand: 0)
    let found = overlap(detection.mask, panel)
    #expect(Double(found.inside) >= 0.7 * Double(panel.count { $0 }))
    let blob = try #require(detection.blobs.max { $0.pixelCount < $1.pixelCount })
    #expect(blob.kind == .sign)
  }

  @Test("A saturated green panel of paint on the same paper, of the same size, is not proposed")
  func paintedPanel() {
    var painting = paper()
    painting.rectangle(x0: 125, y0: 100, x1: 195, y1: 130, colour: (0.45, 0.80, 0.42))
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    #expect(detection.mask.insideCount == 0, "\(detection.blobs)")
  }

  @Test("A lit red sign reflected over mid-grey paint is proposed, as a sign")
  func redSign() throws {
    var grey = TestPainting(width: 320, height: 240, wall: (0.62, 0.62, 0.60), textureAmount: 0.05)
    grey.rectangle(x0: 0, y0: 0, x1: 90, y1: 240, colour: (0.30, 0.30, 0.32))
    let (image, panel) = withSign(grey, light: (0.30, 0.03, 0.02), softness: 1.5)
    // Red is a paint's hue to the coloured test: only the red panel seeds find it.
    var noRed = GlareDetector.Configuration()
    noRed.signPanelHues = 400...400
    let missed = GlareDetector(configuration: noRed).detect(image, marginBand: 0)
    #expect(overlap(missed.mask, panel).inside == 0, "the scene no longer shows what the red seeds are for")
    let detection = GlareDetector().detect(image, marginBand: 0)
    #expect(Double(overlap(detection.mask, panel).inside) >= 0.7 * Double(panel.count { $0 }))
    let blob = try #require(detection.blobs.max { $0.pixelCount < $1.pixelCount })
    #expect(blob.kind == .sign)
  }

  @Test("A red panel of paint on the same mid-grey paint, of the same size, is not proposed: it lowers green and blue")
  func redPaint() {
    var grey = TestPainting(width: 320, height: 240, wall: (0.62, 0.62, 0.60), textureAmount: 0.05)
    grey.rectangle(x0: 0, y0: 0, x1: 90, y1: 240, colour: (0.30, 0.30, 0.32))
    grey.rectangle(x0: 125, y0: 100, x1: 195, y1: 130, colour: (0.85, 0.40, 0.36))
    let detection = GlareDetector().detect(grey.image, marginBand: 0)
    #expect(detection.mask.insideCount == 0, "\(detection.blobs)")
  }

  /// Textured mid-grey paint (a grey photograph, say) with a few darker strokes, larger than
  /// the paper: a sign's panel is small in its picture (the coloured test's background, a
  /// median over a fifth of the shorter side, must see the paint around the panel).
  func midGrey() -> TestPainting {
    var grey = TestPainting(width: 480, height: 360, wall: (0.55, 0.55, 0.53), textureAmount: 0.08)
    grey.rectangle(x0: 20, y0: 30, x1: 110, y1: 36, colour: (0.35, 0.35, 0.34))
    grey.rectangle(x0: 230, y0: 60, x1: 236, y1: 200, colour: (0.38, 0.37, 0.36))
    grey.rectangle(x0: 40, y0: 190, x1: 200, y1: 196, colour: (0.33, 0.33, 0.33))
    return grey
  }

  @Test("A sharp lit sign with letters and no halo over textured mid-grey paint is proposed, as a sign")
  func sharpSignWithoutHalo() throws {
    let (image, panel) = withSign(midGrey(), glow: 0, softness: 0.8)
    // Without a halo the sign does not glow: only its solid panel lets it pass.
    var noSolid = GlareDetector.Configuration()
    noSolid.minSolidPanelFill = 2
    let unglowing = GlareDetector(configuration: noSolid).detect(image, marginBand: 0)
    #expect(overlap(unglowing.mask, panel).inside == 0, "the scene no longer shows what solid panels are for")
    let detection = GlareDetector().detect(image, marginBand: 0)
    #expect(Double(overlap(detection.mask, panel).inside) >= 0.7 * Double(panel.count { $0 }))
    let blob = try #require(detection.blobs.max { $0.pixelCount < $1.pixelCount })
    #expect(blob.kind == .sign)
  }

  @Test(
    "A saturated painted rectangle of the same size is not proposed, on the mid-grey paint or on dark paint it outshines",
    arguments: [false, true])
  func paintedRectangle(dark: Bool) {
    var painting =
      dark ? TestPainting(width: 480, height: 360, wall: (0.10, 0.10, 0.11), textureAmount: 0.08) : midGrey()
    painting.rectangle(x0: 125, y0: 100, x1: 195, y1: 130, colour: (0.20, 0.80, 0.35))
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    #expect(detection.mask.insideCount == 0, "\(detection.blobs)")
  }
}
