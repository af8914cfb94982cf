import DeglareTestTraits
import Testing

@testable import DeglareCore

@Suite("Glare detector streak extension", .ownThread)
struct GlareDetectorStreakExtensionTests {
  let width = 160
  let height = 120

  /// Linear paint: a dark olive trunk left of x = 50, gold leaf right of it, with a
  /// deterministic multiplicative texture of ±5 %; `paint(x, y)` may override it.
  func paint(_ x: Int, _ y: Int) -> [Float] {
    let texture = canvasTexture(x, y, width: width)
    let colour: [Float] = x < 50 ? [0.02, 0.025, 0.01] : [0.5, 0.32, 0.05]
    return colour.map { $0 * texture }
  }

  /// The fraction (0...1) of light a horizontal band about row 60, 13 px wide, adds: full
  /// within 6 px of its axis, half at 7 px, none beyond.
  func band(_ y: Int) -> Float {
    let d = abs(y - 60)
    return d <= 6 ? 1 : d == 7 ? 0.5 : 0
  }

  /// Evidence whose linear planes are `colour(x, y)` (the extension reads nothing else).
  func evidence(_ colour: (Int, Int) -> [Float]) -> GlareDetector.Evidence {
    GlareDetector.Evidence.linearOnly(width: width, height: height, colour)
  }

  /// The pixels proposed after extending a coloured streak blob found over the trunk (rows
  /// 55...65, x 5...45); the glass ends above row `glassEnd`.
  func extended(
    _ evidence: GlareDetector.Evidence, detector: GlareDetector = GlareDetector(), glassEnd: Int = 120
  ) -> Set<Int> {
    var codes = [UInt8](repeating: 0, count: width * height)
    for y in 55...65 {
      for x in 5...45 { codes[y * width + x] = SeedKind.coloured }
    }
    let allowed = (0..<(width * height)).map { $0 / width < glassEnd }
    let result = detector.extendStreaks(codes, evidence: evidence, allowed: allowed, width: width, height: height)
    return Set(result.indices.filter { result[$0] != 0 && codes[$0] == 0 })
  }

  /// Cyan skylight (linear 0.03, 0.10, 0.13) added in the band, across the whole picture.
  func skylight(_ x: Int, _ y: Int) -> [Float] {
    let light: [Float] = [0.03, 0.10, 0.13]
    return zip(paint(x, y), light).map { $0 + band(y) * $1 }
  }

  @Test("A cyan streak found over a dark trunk goes on over the gold leaf, across the paint's edge")
  func crossesPaintEdges() {
    let added = extended(evidence(skylight))
    // The band's core over the gold, x 60...150.
    let core = (56...64).flatMap { y in (60...150).map { y * width + $0 } }
    #expect(Double(core.count { added.contains($0) }) >= 0.8 * Double(core.count))
    // Nothing beyond the band's flanks.
    #expect(added.allSatisfy { (52...68).contains($0 / width) })
  }

  @Test("A streak along the glass's edge, parallel to the frame, is not extended: it may be the frame's lip")
  func alongTheFrame() {
    // The same light, but the glass ends 8 px below the band's axis.
    #expect(extended(evidence(skylight), glassEnd: 68).isEmpty)
    #expect(!extended(evidence(skylight), glassEnd: 100).isEmpty)
  }

  @Test("The extension can be turned off")
  func off() {
    var configuration = GlareDetector.Configuration()
    configuration.streakExtensionFraction = 0
    #expect(extended(evidence(skylight), detector: GlareDetector(configuration: configuration)).isEmpty)
  }

  @Test("Paint of another colour that goes on along the streak's axis is not taken for its light")
  func stopsAtOtherPaint() {
    // The light only over the trunk; over the gold, a paler, redder stripe of paint in the band.
    let added = extended(
      evidence { x, y in
        if x < 50 { return skylight(x, y) }
        return band(y) > 0 ? paint(x, y).enumerated().map { $0.element * [2, 1.2, 1][$0.offset] } : paint(x, y)
      })
    #expect(added.allSatisfy { $0 % width < 55 })
  }

  @Test("A streak-shaped blob over paint that ends with it is not extended")
  func endsWithPaint() {
    let added = extended(evidence { x, y in x < 50 ? skylight(x, y) : paint(x, y) })
    #expect(added.allSatisfy { $0 % width < 55 })
  }
}
