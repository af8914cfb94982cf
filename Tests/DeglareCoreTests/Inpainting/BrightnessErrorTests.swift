import Testing

@testable import DeglareCore

/// Paint lighter than predicted is not glare: the estimate keeps only the share that the paint's
/// own colour does not explain (`GlareSubtraction+Brightness.swift`).
@Suite("LocalInpainter paint lighter than predicted")
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
}
