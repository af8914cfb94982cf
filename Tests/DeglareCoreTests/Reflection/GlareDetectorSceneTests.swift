import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

/// Scenes of issue 14: what paint looks like that is not glare (a clipped white mat, a gold
/// ground beside dark paint), coloured compact light that is (a lit exit sign on a dark
/// painting), and a raw photo whose frame must be found first.
@Suite("Glare detector scenes", .ownThread)
struct GlareDetectorSceneTests {
  /// A photograph behind glass: a thin dark frame, a white mat exposed to clipping, a dark
  /// photograph in its window.
  func mattedPhotograph() -> TestPainting {
    var painting = TestPainting(width: 320, height: 240, wall: (0.80, 0.80, 0.78), textureAmount: 0.01)
    painting.rectangle(x0: 4, y0: 4, x1: 316, y1: 236, colour: (0.15, 0.15, 0.15))
    painting.rectangle(x0: 10, y0: 10, x1: 310, y1: 230, colour: (1.0, 1.0, 1.0))
    painting.rectangle(x0: 26, y0: 26, x1: 294, y1: 214, colour: (0.25, 0.26, 0.28), shading: 0.3)
    return painting
  }

  @Test("A clipped white mat around a dark photograph is not taken for a specular core")
  func clippedMat() {
    let image = mattedPhotograph().image
    // The mat is clipped in every channel: the trap of the blown-core rule.
    #expect((0..<3).allSatisfy { image.samples8[(15 * 320 + 100) * 3 + $0] >= 250 })
    var lenient = GlareDetector.Configuration()
    lenient.maxBlownFraction = 1
    lenient.maxSpotFraction = 1
    lenient.largeSpotFraction = 1
    lenient.maxCoreHoleShare = 1  // a mat is a ring too: this test is about the size limits
    let trap = GlareDetector(configuration: lenient).detect(image, marginBand: 0)
    #expect(trap.mask.insideCount > 0, "the scene no longer shows the trap the spot-size limits are for")
    let detection = GlareDetector().detect(image, marginBand: 0)
    #expect(detection.mask.insideCount == 0)
  }

  @Test(
    "The mat test: white light along three or four sides of the glass is a mat; a streak across it, a patch by one side are not"
  )
  func matGeometry() {
    // A 200 x 150 glass inside a 220 x 170 analysis image.
    let width = 220
    let height = 170
    let glass = (0..<(width * height)).map { i in (10..<210).contains(i % width) && (10..<160).contains(i / width) }
    let distance = DistanceTransform.distance(to: glass.map { !$0 }, width: width, height: height)
    let configuration = GlareDetector.Configuration()
    func pixels(_ inside: (Int, Int) -> Bool) -> [Int] {
      (0..<(width * height)).filter { glass[$0] && inside($0 % width, $0 / width) }
    }
    func isMat(_ blob: [Int]) -> Bool {
      GlareDetector.liesAlongEdges(blob, distance: distance, width: width, height: height, c: configuration)
    }
    // A mat 12 px wide on all four sides, and on three (the fourth hidden by the frame's shadow).
    let ring = pixels { x, y in x < 22 || x >= 198 || y < 22 || y >= 148 }
    #expect(isMat(ring))
    #expect(isMat(pixels { x, y in x < 22 || x >= 198 || y < 22 }))
    // A streak from corner to corner, 16 px wide: it touches all four sides, but crosses the glass.
    #expect(!isMat(pixels { x, y in abs(Double(y - 10) - Double(x - 10) * 0.75) < 10 }))
    // A window's reflection in a corner, and a band of light along one side.
    #expect(!isMat(pixels { x, y in x < 70 && y < 60 }))
    #expect(!isMat(pixels { _, y in y < 22 }))
  }

  @Test("A white object's texture clipped by the exposure is not grown over the object")
  func clippedWhiteTexture() {
    // A white figure on dark paint, its folds painted in vertical bands that the exposure clips
    // in small fragments (a white spacesuit, a white garment).
    var painting = TestPainting(width: 320, height: 240, wall: (0.14, 0.13, 0.12), textureAmount: 0.03)
    func inFigure(_ x: Int, _ y: Int) -> Bool {
      pow(Double(x - 160) / 70, 2) + pow(Double(y - 130) / 60, 2) <= 1
    }
    painting.fill(inFigure) { x, y in
      let folds = sin(Double(x) / 4) * sin(Double(y) / 6)
      let v = 0.95 + 0.07 * folds
      return (v, v, v * 0.98)
    }
    let image = painting.image
    let figure = (0..<(320 * 240)).filter { inFigure($0 % 320, $0 / 320) }
    let clipped = figure.count { i in (0..<3).allSatisfy { image.samples8[i * 3 + $0] >= 250 } }
    #expect(clipped > figure.count / 50, "the scene's premise: the folds clip (\(clipped) px)")
    func covered(_ detection: GlareDetection) -> Double {
      Double(figure.count { detection.mask[$0 % 320, $0 / 320] != 0 }) / Double(figure.count)
    }
    var growing = GlareDetector.Configuration()
    growing.minGrowingCoreElevation = 0
    let trap = covered(GlareDetector(configuration: growing).detect(image, marginBand: 0))
    let share = covered(GlareDetector().detect(image, marginBand: 0))
    // The clipped fragments themselves may be proposed (a specular core over white paint looks
    // the same, though its light would surround it); grown, they spread over the figure.
    let fragments = Double(clipped) / Double(figure.count)
    #expect(trap > 3 * fragments, "no longer the trap: grown, the fragments cover \(trap) of the figure")
    #expect(share < 1.5 * fragments, "\(share) of the figure proposed, \(fragments) clipped")
  }

  @Test("A ring encloses a share of its outline that a disc, a disc with a pinhole and a crescent do not")
  func enclosedShare() {
    let width = 120
    let height = 100
    func blob(_ inside: (Double) -> Bool) -> [Int] {
      (0..<(width * height)).filter { i in
        inside((pow(Double(i % width - 60), 2) + pow(Double(i / width - 50), 2)).squareRoot())
      }
    }
    let limit = GlareDetector.Configuration().maxCoreHoleShare
    // A white helmet, its visor dark: a ring 22-44 px (the visor takes a quarter of the outline).
    #expect(GlareDetector.enclosedShare(blob { (22...44).contains($0) }, width: width, height: height) > limit)
    #expect(GlareDetector.enclosedShare(blob { $0 <= 44 }, width: width, height: height) == 0)
    // A lamp's spot over a dark dot of paint, and a crescent (a spot that a dark figure cuts into).
    #expect(GlareDetector.enclosedShare(blob { (6...44).contains($0) }, width: width, height: height) < limit)
    let bitten = { (i: Int) in pow(Double(i % width - 80), 2) + pow(Double(i / width - 50), 2) <= 900 }
    let crescent = blob { $0 <= 44 }.filter { !bitten($0) }
    #expect(GlareDetector.enclosedShare(crescent, width: width, height: height) == 0)
  }

  @Test("A painted gold halo, soft-edged on dark green paint, is not coloured light")
  func goldHalo() {
    var painting = TestPainting(width: 320, height: 240, wall: (0.16, 0.24, 0.20), textureAmount: 0.03)
    // Gold leaf fading into the ground over a few pixels, as a saint's halo is laid in.
    let inside: (Int, Int) -> Bool = { x, y in hypot(Double(x - 160), Double(y - 110)) < 40 }
    painting.fill(inside) { x, y in
      let r = hypot(Double(x - 160), Double(y - 110))
      let t = min(max((40 - r) / 12, 0), 1)
      return (0.16 + t * (0.82 - 0.16), 0.24 + t * (0.66 - 0.24), 0.20 + t * (0.30 - 0.20))
    }
    var anyHue = GlareDetector.Configuration()
    anyHue.lightHues = 0...360
    let trap = GlareDetector(configuration: anyHue).detect(painting.image, marginBand: 0)
    #expect(trap.mask.insideCount > 0, "the scene no longer shows the trap the light-hue test is for")
    #expect(GlareDetector().detect(painting.image, marginBand: 0).mask.insideCount == 0)
  }

  @Test("A soft patch of pale turquoise paint on cream is not coloured light: it lowers the red")
  func paintedTurquoise() {
    var painting = TestPainting(width: 320, height: 240, wall: (0.92, 0.88, 0.80), textureAmount: 0.03)
    let inside: (Int, Int) -> Bool = { x, y in hypot(Double(x - 160), Double(y - 120)) < 45 }
    painting.fill(inside) { x, y in
      let r = hypot(Double(x - 160), Double(y - 120))
      let t = min(max((45 - r) / 15, 0), 1)
      return (0.92 + t * (0.74 - 0.92), 0.88 + t * (0.90 - 0.88), 0.80 + t * (0.92 - 0.80))
    }
    var lenient = GlareDetector.Configuration()
    lenient.maxColourDeficit = 1000
    let trap = GlareDetector(configuration: lenient).detect(painting.image, marginBand: 0)
    #expect(trap.mask.insideCount > 0, "the scene no longer shows the trap the deficit test is for")
    #expect(GlareDetector().detect(painting.image, marginBand: 0).mask.insideCount == 0)
  }

  @Test("A lit green exit sign reflected on a dark painting is found, as a sign")
  func exitSign() throws {
    var painting = TestPainting(width: 320, height: 240, wall: (0.10, 0.09, 0.08), textureAmount: 0.05)
    painting.rectangle(x0: 40, y0: 120, x1: 110, y1: 240, colour: (0.30, 0.22, 0.14))
    // Out of focus: a box of green light with soft edges, and its glow around it.
    painting.streak(from: (165, 90), to: (215, 90), width: 16, softness: 1.5, light: (0.06, 0.9, 0.25))
    let panel = painting.glareMask()
    painting.glow(at: (190, 90), sigma: 18, light: (0.005, 0.06, 0.02))
    let visible = painting.glareMask()
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    // The lit panel is proposed; nothing beyond where its light (with the glow) shows.
    #expect(Double(overlap(detection.mask, panel).inside) >= 0.7 * Double(panel.filter { $0 }.count))
    #expect(overlap(detection.mask, visible).outside == 0)
    let blob = try #require(detection.blobs.max { $0.pixelCount < $1.pixelCount })
    #expect(blob.kind == .sign)
    #expect(blob.coloured)
  }

  @Test("Many sign-like glowing patches are saturated paint: none is proposed as a sign")
  func manySigns() {
    var painting = TestPainting(width: 320, height: 240, wall: (0.10, 0.09, 0.08), textureAmount: 0.05)
    for (x, y) in [(60.0, 60.0), (250.0, 60.0), (60.0, 180.0), (250.0, 180.0)] {
      painting.streak(from: (x - 20, y), to: (x + 20, y), width: 14, softness: 1.5, light: (0.06, 0.9, 0.25))
      painting.glow(at: (x, y), sigma: 16, light: (0.005, 0.06, 0.02))
    }
    var lenient = GlareDetector.Configuration()
    lenient.maxSigns = .max
    let trap = GlareDetector(configuration: lenient).detect(painting.image, marginBand: 0)
    #expect(trap.blobs.count(where: { $0.kind == .sign }) == 4, "the scene no longer shows the trap: \(trap.blobs)")
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    #expect(!detection.blobs.contains { $0.kind == .sign }, "\(detection.blobs)")
  }

  @Test("A lamp clipped at the edge of a pale passage bounded by dark lines is proposed, not the whole passage")
  func lampOnPalePassage() {
    // Léger's manner: a pale passage outlined in black among red paint, a lamp's clipped core
    // near its left edge.
    var painting = TestPainting(width: 480, height: 360, wall: (0.62, 0.22, 0.16), textureAmount: 0.06)
    painting.rectangle(x0: 200, y0: 30, x1: 244, y1: 330, colour: (0.08, 0.08, 0.08))
    painting.rectangle(x0: 206, y0: 36, x1: 238, y1: 324, colour: (0.86, 0.85, 0.82))
    painting.glow(at: (216, 180), sigma: 4, light: (4, 4, 3.8))
    painting.glow(at: (216, 180), sigma: 14, light: (0.3, 0.3, 0.28))
    let image = painting.image
    // The passage beyond the lamp's light: its ends, 100 px and more from the lamp.
    func far(_ mask: Mask) -> Int {
      (0..<(480 * 360)).count { i in
        let (x, y) = (i % 480, i / 480)
        return x >= 206 && x < 238 && (y < 80 || y >= 280) && mask.values[i] >= Mask.insideThreshold
      }
    }
    var whole = GlareDetector.Configuration()
    whole.maxCoreReach = .infinity
    let trap = GlareDetector(configuration: whole).detect(image, marginBand: 0).mask
    #expect(far(trap) > 2000, "the scene no longer shows the passage filled whole")
    let mask = GlareDetector().detect(image, marginBand: 0).mask
    #expect(far(mask) == 0, "\(far(mask)) pixels of the passage's ends proposed")
    // The lamp's visible light is still proposed.
    let truth = painting.glareMask()
    let lit = truth.count { $0 }
    let found = (0..<truth.count).count { truth[$0] && mask.values[$0] >= Mask.insideThreshold }
    #expect(found * 10 >= lit * 7, "\(found) of the lamp's \(lit) visible pixels proposed")
  }

  @Test("A lamp's bloom is a spot, a long soft streak a streak")
  func kinds() throws {
    var painting = TestPainting(width: 320, height: 240, wall: (0.22, 0.20, 0.18))
    painting.streak(from: (30, 200), to: (280, 160), width: 14, softness: 3, light: (0.35, 0.35, 0.34))
    painting.glow(at: (240, 60), sigma: 4, light: (4, 4, 3.8))
    painting.glow(at: (240, 60), sigma: 16, light: (0.3, 0.3, 0.28))
    let detection = GlareDetector().detect(painting.image, marginBand: 0)
    let kinds = Set(detection.blobs.map(\.kind))
    #expect(kinds == [.spot, .streak], "\(detection.blobs)")
    let spot = try #require(detection.blobs.first { $0.kind == .spot })
    #expect(spot.bounds.contains(x: 240, y: 60))
  }

  @Test("In a raw photo the frame is found first, and only its inside is proposed")
  func rawPhoto() throws {
    let size = PixelSize(width: 480, height: 360)
    let scene = SyntheticFrameScene.plainFrame(
      size: size, style: .wood, mouldingWidth: 0.08, wallColour: [150, 148, 144], focalLength: 520, distance: 2.6,
      yaw: 0.12, seed: 11)
    // A lamp's reflection on the glass (inside the canvas) and a bright lamp spot on the wall.
    let painting = scene.paintingQuad.centroid
    let image = addingLight(
      to: scene.render(),
      spots: [(painting.x + 20, painting.y - 15), (30, 40)], sigma: 3, halo: 12)
    let open = GlareDetector().detect(image)
    #expect(open.mask[30, 40] == 255, "the wall's spot is no longer a trap")
    let detection = GlareDetector().detectInFrame(image)
    #expect(detection.glass.source == .frame)
    #expect(detection.glass.quad.maxCornerDistance(to: scene.frameQuad) < 6)
    #expect(detection.mask[Int(painting.x + 20), Int(painting.y - 15)] == 255)
    let spans = detection.glass.rowSpans(size)
    for y in 0..<size.height {
      for x in 0..<size.width where detection.mask[x, y] != 0 {
        #expect(scene.frameQuad.contains(Point(x: Double(x), y: Double(y))) && spans[y].contains(x))
      }
    }
    #expect(detection.mask[30, 40] == 0)
  }

  @Test("The glass region's spans are the pixels whose centres lie in the quad shrunk by the band")
  func glassSpans() throws {
    let quad = Quad(
      topLeft: Point(x: 20.3, y: 11.8), topRight: Point(x: 101.6, y: 17.2), bottomRight: Point(x: 95.1, y: 70.4),
      bottomLeft: Point(x: 14.9, y: 66.3))
    let size = PixelSize(width: 110, height: 80)
    let region = GlassRegion(quad: quad, band: 4, source: .frame)
    let inner = try quad.expanded(by: -4)
    let spans = region.rowSpans(size)
    for y in 0..<size.height {
      for x in 0..<size.width {
        let inside = inner.contains(Point(x: Double(x), y: Double(y)))
        #expect(spans[y].contains(x) == inside, "(\(x), \(y))")
      }
    }
    let whole = GlassRegion.image(size, band: 3).rowSpans(size)
    #expect(whole[2].isEmpty && whole[3] == 3..<107 && whole[76] == 3..<107 && whole[77].isEmpty)
    let mask = Mask(width: 110, height: 80, values: [UInt8](repeating: 255, count: 110 * 80))
    #expect(region.clearingOutside(mask).insideCount == spans.reduce(0) { $0 + $1.count })
  }
}

/// `image` with spots of light (a Gaussian core of `sigma` px at 4x the sensor's maximum and a
/// halo of `halo` px at 0.3) added in linear light at `spots`.
func addingLight(to image: ImageBuffer, spots: [(Double, Double)], sigma: Double, halo: Double) -> ImageBuffer {
  var samples = image.samples8
  for y in 0..<image.height {
    for x in 0..<image.width {
      var light = 0.0
      for (sx, sy) in spots {
        let d2 = pow(Double(x) - sx, 2) + pow(Double(y) - sy, 2)
        light += 4 * exp(-d2 / (2 * sigma * sigma)) + 0.3 * exp(-d2 / (2 * halo * halo))
      }
      guard light > 1e-4 else { continue }
      for c in 0..<3 {
        let i = (y * image.width + x) * 3 + c
        let sum = SyntheticGlare.decode(Double(samples[i]) / 255) + light
        samples[i] = UInt8((SyntheticGlare.encode(min(sum, 1)) * 255).rounded())
      }
    }
  }
  return ImageBuffer(width: image.width, height: image.height, layout: .rgb, samples: samples)
}
