import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

/// Paint lighter than predicted is not glare: the estimate keeps only the share that the paint's
/// own colour does not explain (`GlareSubtraction+Brightness.swift`).
@Suite("LocalInpainter paint lighter than predicted", .ownThread)
struct BrightnessErrorTests {
  /// A green glare with a little less red (a camera's colour matrix), as on IMG_7690.
  static let green = unit([-0.15, 0.95, 0.27])
  /// Pale warm paint (linear light).
  static let pale: [Float] = [0.8, 0.7, 0.5]

  static func unit(_ vector: [Float]) -> [Float] {
    let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
    return vector.map { $0 / norm }
  }

  static func share(mean: [Float], colour: [Float] = green, paint: [Float] = pale) -> Float {
    GlareSubtraction.explainedShare(mean: mean, colour: colour, paint: paint, configuration: .init())
  }

  @Test("a mean of the paint's own colour explains no glare, and one of the glare's colour all of it")
  func fit() {
    let paint = Self.unit(Self.pale)
    #expect(Self.share(mean: paint.map { 0.3 * $0 }) == 0)
    #expect(Self.share(mean: Self.green.map { 0.2 * $0 }) == 1)
    // A little of the paint's colour beside the glare (the prediction a little dark) keeps it.
    let mixed = zip(Self.green, paint).map { 0.2 * $0 + 0.02 * $1 }
    #expect(Self.share(mean: mixed) == 1)
    // As much of each leaves the glare's part: 1 / (1 + cos) of the single-colour amount.
    let even = zip(Self.green, paint).map { 0.2 * $0 + 0.2 * $1 }
    let cosine = zip(Self.green, paint).reduce(0) { $0 + $1.0 * $1.1 }
    let expected = (1 / (1 + cosine) - 0.1) / 0.6
    #expect(abs(Self.share(mean: even) - expected) < 1e-4, "cos \(cosine)")
    // A mean that adds no light along the glare's colour says nothing.
    #expect(Self.share(mean: Self.green.map { -0.1 * $0 }) == 1)
  }

  @Test("white glare on pale paint cannot be told from the paint's brightness, and is kept")
  func closeColours() {
    let white = Self.unit([1, 1, 1])
    // Pale paint is within 0.5 (sine) of white: the fit is refused even for a mean of its colour.
    #expect(Self.share(mean: Self.unit(Self.pale).map { 0.3 * $0 }, colour: white) == 1)
  }

  /// A generous mask (a rectangle) over pale paint: its top rows (the pocket) predicted far too
  /// dark, as when the mask's edge lies in a frame's shadow, above a green streak whose
  /// prediction is right. The residual observed - prediction is given, and so is the glare's
  /// colour (green everywhere, from the streak).
  static func pocketAboveStreak() -> (shares: [Float], width: Int, pocket: Range<Int>, streak: Range<Int>) {
    let width = 120
    let height = 40
    let pocket = 4..<8
    let streak = 10..<32
    var observed = ColorPlanes(width: width, height: height, channels: 3)
    var inside = [Bool](repeating: false, count: width * height)
    var residual = [[Float]](repeating: [Float](repeating: 0, count: width * height), count: 3)
    for y in 0..<height {
      for x in 0..<width {
        let p = y * width + x
        // Brush grain: a fixed hash of the position, +-4 %.
        let grain = 1 + 0.04 * (Float((x * 37 + y * 91) % 17) / 8 - 1)
        let glare: Float = streak.contains(y) ? 0.15 : 0
        inside[p] = (4..<36).contains(y) && (4..<116).contains(x)
        for k in 0..<3 {
          observed.planes[k][p] = Self.pale[k] * grain + glare * Self.green[k]
          // Predicted as 0.6 of the paint in the pocket, right (less the grain) elsewhere.
          let predicted = Self.pale[k] * (pocket.contains(y) ? 0.6 : 1)
          residual[k][p] = observed.planes[k][p] - predicted
        }
      }
    }
    let configuration = LocalInpainter.Configuration()
    let components = MaskComponents(inside: inside, width: width, height: height, configuration: configuration)
    let component = components.components[0]
    // The whole image is the component's box here, as in `estimatedGlare` for a box of the work area.
    let area = PixelRect(x: 0, y: 0, width: width, height: height)
    let orientation = GlareSubtraction.maskOrientation(
      area: area, distance: components.levelLines, workWidth: width, workHeight: height,
      tensorSigma: configuration.orientationScale * component.glareSigma)
    let shares = GlareSubtraction.explainedShares(
      residual: residual, weights: inside.map { $0 ? 1 : 0 },
      direction: Self.green.map { [Float](repeating: $0, count: width * height) }, observed: observed,
      members: inside, area: area, sigma: component.glareSigma, orientation: orientation,
      alongSigma: min(max(configuration.alongScale * component.halfWidth, 2), configuration.maximumSigma),
      configuration: configuration)
    return (shares, width, pocket, streak)
  }

  @Test("a pale band predicted too dark above a green streak keeps none of its estimate, the streak all")
  func pocketKeepsNone() {
    let (shares, width, pocket, streak) = Self.pocketAboveStreak()
    func mean(rows: Range<Int>) -> Float {
      var sum: Float = 0
      for y in rows {
        for x in 20..<100 { sum += shares[y * width + x] }
      }
      return sum / Float(rows.count * 80)
    }
    let kept = mean(rows: pocket)
    #expect(kept < 0.05, "share kept over the pocket: \(kept)")
    let glare = mean(rows: (streak.lowerBound + 2)..<(streak.upperBound - 2))
    #expect(glare > 0.95, "share kept over the streak: \(glare)")
  }

  /// Along a straight edge of the mask the structure tensor's off-diagonal is rounding noise; the
  /// level lines must still run along the edge (they once came out across it).
  @Test("the level lines of a rectangular mask run along its straight edges")
  func straightEdges() {
    let width = 120
    let height = 40
    let inside = (0..<(width * height)).map { p in (4..<36).contains(p / width) && (4..<116).contains(p % width) }
    let configuration = LocalInpainter.Configuration()
    let components = MaskComponents(inside: inside, width: width, height: height, configuration: configuration)
    let orientation = GlareSubtraction.maskOrientation(
      area: PixelRect(x: 0, y: 0, width: width, height: height), distance: components.levelLines,
      workWidth: width, workHeight: height,
      tensorSigma: configuration.orientationScale * components.components[0].glareSigma)
    for y in [4, 5, 6, 7, 32, 33, 34, 35] {
      for x in stride(from: 30, to: 91, by: 10) {
        let line = orientation.direction(x: x, y: y)
        #expect(abs(line.x) > 0.99 && line.coherence > 0.5, "(\(x), \(y)): \(line)")
      }
    }
  }

  /// Pale paint under a frame (its shadow a dark ramp along the top), and a green streak below
  /// whose top edge is sharp, 3 px under the shadow: the clean and glared images, the mask the
  /// user drew generously (its top edge in the shadow) and the tight one.
  static func frameShadowScene() -> (clean: ImageBuffer, glared: ImageBuffer, grown: Mask, tight: Mask) {
    let width = 200
    let height = 80
    var clean = ImageBuffer(width: width, height: height, layout: .rgb, bitDepth: .eight)
    var glared = clean
    var grown = Mask(width: width, height: height)
    var tight = Mask(width: width, height: height)
    let colour = unit([-0.15, 1, 0.3]).map(Double.init)
    for y in 0..<height {
      for x in 0..<width {
        var srgb = [0.9, 0.86, 0.75]
        if y < 20 {
          srgb = [0.45, 0.3, 0.15]
        } else if y < 24 {
          let t = Double(y - 20) / 4
          srgb = [0.15 + 0.35 * t, 0.1 + 0.32 * t, 0.06 + 0.26 * t]
        }
        let grain = 1 + 0.04 * (Double((x * 37 + y * 91) % 17) / 8 - 1)
        let profile = min(max(Double(y - 27), 0), 1) * exp(-pow(Double(max(y - 40, 0)), 2) / 32)
        let taper = min(max(min(Double(x - 20), Double(180 - x)) / 10, 0), 1)
        for c in 0..<3 {
          let paint = SyntheticGlare.decode(srgb[c]) * grain
          clean.setSample(x: x, y: y, channel: c, SyntheticGlare.level(paint))
          glared.setSample(x: x, y: y, channel: c, SyntheticGlare.level(paint + 0.22 * profile * taper * colour[c]))
        }
        if (22..<60).contains(y) && (10..<190).contains(x) { grown[x, y] = 255 }
        if (26..<52).contains(y) && (16..<184).contains(x) { tight[x, y] = 255 }
      }
    }
    return (clean, glared, grown, tight)
  }

  /// Mean absolute change (levels, over the channels) and mean rise of red less green, between
  /// `a` and `b` over rows `rows`, columns 30..<170.
  static func change(_ a: ImageBuffer, _ b: ImageBuffer, rows: Range<Int>) -> (mean: Double, redRise: Double) {
    var sum = 0.0
    var rise = 0.0
    for y in rows {
      for x in 30..<170 {
        let d = (0..<3).map { Double(a.sample(x: x, y: y, channel: $0) - b.sample(x: x, y: y, channel: $0)) }
        sum += d.reduce(0) { $0 + abs($1) } / 3
        rise += d[0] - d[1]
      }
    }
    let count = Double(rows.count * 140)
    return (sum / count, rise / count)
  }

  /// IMG_7690 in small. Under the generous mask the pale band between the shadow and the streak
  /// turned red (red less green up by 20 levels, a change of 9) and the streak was left 2.4
  /// levels from the clean paint: the level lines along the mask's straight top edge ran across
  /// it. With the lines right, the band still changed by 0.4 levels (its few voters' amount)
  /// until the glare's share of the residual's mean cut it.
  @Test("a generous mask whose edge lies in a frame's shadow leaves the pale paint below it and removes the streak")
  func frameShadow() {
    let scene = Self.frameShadowScene()
    for (name, mask) in [("grown", scene.grown), ("tight", scene.tight)] {
      let result = LocalInpainter.repaint(scene.glared, mask: mask, method: .auto)
      let band = Self.change(result, scene.clean, rows: 24..<27)
      #expect(band.mean < 0.2 && band.redRise < 0.3, "\(name): the pale band changed by \(band)")
      let streak = Self.change(result, scene.clean, rows: 28..<50)
      #expect(streak.mean < 1.2, "\(name): the streak is \(streak.mean) levels from the clean paint")
    }
  }
}
