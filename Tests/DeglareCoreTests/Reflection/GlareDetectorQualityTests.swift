import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

/// A 320x240 interior: textured beige wall, a dark figure with a white apron, hard edges.
func interior() -> TestPainting {
  var painting = TestPainting(width: 320, height: 240, wall: (0.90, 0.86, 0.76), textureAmount: 0.05)
  painting.rectangle(x0: 130, y0: 90, x1: 190, y1: 240, colour: (0.12, 0.12, 0.13))
  painting.rectangle(x0: 148, y0: 150, x1: 172, y1: 240, colour: (0.88, 0.87, 0.84), shading: 0.15)
  return painting
}

/// Counts of `mask` pixels inside and outside `truth`.
func overlap(_ mask: Mask, _ truth: [Bool]) -> (inside: Int, outside: Int) {
  var inside = 0
  var outside = 0
  for (i, value) in mask.values.enumerated() where value != 0 {
    if truth[i] { inside += 1 } else { outside += 1 }
  }
  return (inside, outside)
}

@Suite("Glare detector quality", .ownThread)
struct GlareDetectorQualityTests {
  @Test("A green-cyan streak across a textured wall, close above a dark head, is mostly found")
  func colouredStreak() throws {
    var painting = interior()
    // The light of IMG_7690's streak: green and some blue added to beige paint.
    painting.streak(from: (40, 70), to: (290, 80), width: 22, softness: 3, light: (0.0, 0.18, 0.10))
    let truth = painting.glareMask()
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    let (inside, outside) = overlap(detection.mask, truth)
    let visible = truth.filter { $0 }.count
    #expect(visible > 2000)
    #expect(Double(inside) >= 0.5 * Double(visible))
    #expect(Double(outside) <= 0.3 * Double(inside + outside))
    // The figure, the apron and the wall below stay out.
    #expect(!detection.mask.values[(120 * 320)...].contains(255))
  }

  @Test("A white apron with hard painted edges and shading, beside dark cloth, is not proposed")
  func whiteApron() {
    let detection = GlareDetector().detect(interior().image, marginBand: 0)
    #expect(detection.mask.insideCount == 0)
  }

  @Test("A shaded white dress on a mid-grey wall is not proposed")
  func whiteDress() {
    var painting = TestPainting(width: 320, height: 240, wall: (0.45, 0.46, 0.44))
    painting.rectangle(x0: 100, y0: 60, x1: 150, y1: 240, colour: (0.86, 0.85, 0.82), shading: 0.2)
    painting.rectangle(x0: 150, y0: 60, x1: 200, y1: 240, colour: (0.15, 0.14, 0.16))
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    #expect(detection.mask.insideCount == 0)
  }

  @Test("A white cloud on blue sky is not taken for coloured light; a white veil over it is glare")
  func cloudOnSky() {
    var sky = TestPainting(width: 320, height: 240, wall: (0.62, 0.72, 0.86), textureAmount: 0.03)
    sky.fill(
      { x, y in
        let u = Double(x - 160) / 70
        let v = Double(y - 110) / 25
        return u * u + v * v <= 1
      },
      colour: { _, _ in (0.90, 0.90, 0.89) })
    #expect(GlareDetector().detect(sky.image, marginBand: 0).mask.insideCount == 0)
  }

  /// A blue sky (its blue channel about four times its red in linear light) with a soft round
  /// passage at (160, 110): white paint blended into the sky (`paintedWhite`), or white light
  /// added to it.
  func skyWithSoftWhite(paintedWhite: Bool) -> TestPainting {
    let skyColour = (0.45, 0.60, 0.85)
    var sky = TestPainting(width: 320, height: 240, wall: skyColour, textureAmount: 0.03)
    func weight(_ x: Int, _ y: Int) -> Double {
      let dx = Double(x) - 160
      let dy = Double(y) - 110
      return exp(-(dx * dx + dy * dy) / (2 * 10 * 10))
    }
    if paintedWhite {
      let blue = [skyColour.0, skyColour.1, skyColour.2].map { SyntheticGlare.decode($0) }
      let white = SyntheticGlare.decode(0.95)
      sky.fill { _, _ in
        true
      } colour: { x, y in
        let w = 0.8 * weight(x, y)
        let mixed = blue.map { SyntheticGlare.encode($0 * (1 - w) + white * w) }
        return (mixed[0], mixed[1], mixed[2])
      }
    } else {
      sky.glow(at: (160, 110), sigma: 10, light: (0.4, 0.4, 0.4))
    }
    return sky
  }

  @Test("A soft white passage painted into blue sky is not proposed: it cancels the sky's blue, added light would not")
  func softPaintedWhiteOnSky() {
    let image = skyWithSoftWhite(paintedWhite: true).image
    var blind = GlareDetector.Configuration()
    blind.whitePaintTintShare = -.infinity
    #expect(
      GlareDetector(configuration: blind).detect(image, marginBand: 0).mask.insideCount > 100,
      "without the tint test the painted white is not proposed: the scene tests nothing")
    let mask = GlareDetector().detect(image, marginBand: 0).mask
    #expect(mask.insideCount == 0, "\(mask.insideCount) pixels proposed")
  }

  @Test("Soft white light added to blue sky is proposed")
  func softWhiteLightOnSky() {
    let painting = skyWithSoftWhite(paintedWhite: false)
    let truth = painting.glareMask()
    let (inside, outside) = overlap(GlareDetector().detect(painting.image, marginBand: 0).mask, truth)
    let visible = truth.count { $0 }
    #expect(visible > 1000)
    #expect(inside * 3 >= visible, "\(inside) of \(visible) glare pixels proposed")
    #expect(outside * 5 <= inside + outside, "\(outside) of \(inside + outside) proposed pixels outside the glare")
  }

  @Test("Sky in the corners of a dark frame is not taken for coloured light")
  func skyInsideFrame() {
    // A framed landscape, as photographed: pale wall, a dark wooden frame, blue sky over green
    // ground, figures standing into the sky. In the sky's corners the median's window holds
    // mostly wall and frame, so the sky looks like blue light added to grey-brown paint; but the
    // same sky goes on beyond those patches: nothing fades, so nothing is glare.
    var painting = TestPainting(width: 320, height: 240, wall: (0.82, 0.82, 0.80), textureAmount: 0.03)
    painting.rectangle(x0: 16, y0: 16, x1: 304, y1: 224, colour: (0.30, 0.20, 0.10), shading: 0.1)
    painting.rectangle(x0: 28, y0: 28, x1: 292, y1: 120, colour: (0.60, 0.70, 0.86))
    painting.rectangle(x0: 28, y0: 120, x1: 292, y1: 212, colour: (0.32, 0.42, 0.24))
    painting.rectangle(x0: 100, y0: 60, x1: 128, y1: 212, colour: (0.16, 0.20, 0.12))
    painting.rectangle(x0: 196, y0: 70, x1: 226, y1: 212, colour: (0.40, 0.16, 0.12))
    var unchecked = GlareDetector.Configuration()
    unchecked.maxContinuation = 1
    let trap = GlareDetector(configuration: unchecked).detect(painting.image, marginBand: 0)
    #expect(trap.mask.insideCount > 0, "the scene no longer shows the trap the continuation test is for")
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    #expect(detection.mask.insideCount == 0, "\(detection.mask.insideBoundingBox.map { "\($0)" } ?? "")")
  }

  @Test("A soft white streak over dark paint is found; the band and the dark paint beside it are not")
  func whiteStreakOnDark() throws {
    var painting = TestPainting(width: 320, height: 240, wall: (0.22, 0.20, 0.18))
    painting.streak(from: (30, 200), to: (280, 40), width: 18, softness: 4, light: (0.35, 0.35, 0.34))
    let truth = painting.glareMask()
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    let (inside, outside) = overlap(detection.mask, truth)
    #expect(Double(inside) >= 0.4 * Double(truth.filter { $0 }.count))
    #expect(Double(outside) <= 0.3 * Double(inside + outside))
  }

  @Test("The half-level region follows a shaded plateau to its outline and skips the margin")
  func halfLevelRegion() {
    // 12x8 grid: a plateau x in 2...9, y in 1...6, brighter to the right; seeds on the right only.
    let width = 12
    let height = 8
    var values = [Float](repeating: 0, count: width * height)
    for y in 1...6 {
      for x in 2...9 { values[y * width + x] = 0.6 + 0.05 * Float(x) }
    }
    var region = HalfLevelRegion(width: width, height: height, margin: 0)
    let seeds = [3 * width + 8, 3 * width + 9]
    let edge = region.boundary(from: seeds, stamp: 1) { values[$0] >= 0.5 }
    let expected = (1...6).flatMap { y in (2...9).map { x in y * width + x } }.filter { i in
      let x = i % width
      let y = i / width
      return x == 2 || x == 9 || y == 1 || y == 6
    }
    #expect(Set(edge) == Set(expected))
    // The rings around it: the frame one pixel out (10 x 8 less the 8 x 6 plateau), then the
    // columns beyond it (the grid ends above and below).
    let touching = region.ring(around: edge, stamp: 1, distances: 1...1)
    #expect(touching.count == 32 && Set(touching).count == 32)
    #expect(touching.allSatisfy { i in (i % width == 1 || i % width == 10 || i / width == 0 || i / width == 7) })
    var again = HalfLevelRegion(width: width, height: height, margin: 0)
    let sameEdge = again.boundary(from: seeds, stamp: 1) { values[$0] >= 0.5 }
    let beyond = again.ring(around: sameEdge, stamp: 1, distances: 2...2)
    #expect(Set(beyond) == Set((0..<height).flatMap { y in [y * width, y * width + width - 1] }))
    var inner = HalfLevelRegion(width: width, height: height, margin: 2)
    let clipped = inner.boundary(from: seeds, stamp: 1) { values[$0] >= 0.5 }
    #expect(
      Set(clipped)
        == Set(
          expected.filter { i in i % width == 2 || i % width == 9 }.filter { i in
            let y = i / width
            return y >= 2 && y < 6
          }))
  }
}
