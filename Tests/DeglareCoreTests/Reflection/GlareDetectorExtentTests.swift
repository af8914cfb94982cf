import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

@Suite("Glare detector extent of found blobs", .ownThread)
struct GlareDetectorExtentTests {
  let width = 200
  let height = 120
  /// Dark paint (linear), with a ±5 % canvas texture.
  let dark: [Float] = [0.02, 0.025, 0.01]
  /// A pale greenish paint field of about the streak core's luma, rows 74...95, x 40...160:
  /// lighter than the dark paint in nearly the streak's own colour.
  let pale: [Float] = [0.12, 0.26, 0.14]
  /// The green light of the streak at its axis (linear).
  let light: [Float] = [0.02, 0.25, 0.12]

  func inField(_ x: Int, _ y: Int) -> Bool { (74...95).contains(y) && (40...160).contains(x) }

  /// The streak's share of its light at row `y`: a Gaussian about row 60, standard deviation 6.
  func falloff(_ y: Int) -> Float {
    let d = Float(y - 60) / 6
    return exp(-0.5 * d * d)
  }

  /// A warm mid-tone (linear) that a varied ground alternates with the dark paint.
  let warm: [Float] = [0.2, 0.12, 0.05]

  /// The paint without the field: dark, or (varied) dark and warm in vertical stripes 10 px wide.
  func ground(_ x: Int, varied: Bool) -> [Float] { varied && (x / 10) % 2 == 1 ? warm : dark }

  /// The paint under the light.
  func paint(_ x: Int, _ y: Int, varied: Bool) -> [Float] {
    let texture = canvasTexture(x, y, width: width)
    return (inField(x, y) ? pale : ground(x, varied: varied)).map { $0 * texture }
  }

  /// Paint, plus the streak's light along x 20...180 (nothing over the field).
  func observed(_ x: Int, _ y: Int, varied: Bool) -> [Float] {
    let lit = (20...180).contains(x) && !inField(x, y) ? falloff(y) : 0
    return zip(paint(x, y, varied: varied), light).map { $0 + lit * $1 }
  }

  /// Evidence with the observed linear planes and, as the coloured test's local background, the
  /// paint each pixel lies on (what a median over its surroundings sees).
  func evidence(varied: Bool) -> GlareDetector.Evidence {
    var evidence = GlareDetector.Evidence.linearOnly(width: width, height: height) {
      observed($0, $1, varied: varied)
    }
    for i in 0..<(width * height) {
      let colour = inField(i % width, i / width) ? pale : ground(i % width, varied: varied)
      for c in 0..<3 { evidence.background[c].values[i] = colour[c] }
    }
    return evidence
  }

  /// The pixels added to a coloured streak found as its core (rows 54...66, x 30...170).
  func grown(_ detector: GlareDetector = GlareDetector(), varied: Bool = false) -> Set<Int> {
    var codes = [UInt8](repeating: 0, count: width * height)
    for y in 54...66 {
      for x in 30...170 { codes[y * width + x] = SeedKind.coloured }
    }
    let allowed = [Bool](repeating: true, count: width * height)
    let result = detector.growExtents(
      codes, evidence: evidence(varied: varied), allowed: allowed, width: width, height: height)
    return Set(result.indices.filter { result[$0] != 0 && codes[$0] == 0 })
  }

  @Test("A coloured streak found by its core is covered out to its soft flanks over dark paint")
  func coversFlanks() {
    let added = grown()
    // Rows 7...12 px from the axis: the light still lifts the encoded green by 20 levels or
    // more there (at 12 px, 0.034 over 0.025 linear: 44 to 68 levels).
    let flanks = [48...53, 67...72].flatMap { rows in rows.flatMap { y in (40...160).map { y * width + $0 } } }
    #expect(Double(flanks.count { added.contains($0) }) >= 0.8 * Double(flanks.count))
    // Not beyond where the light is visible (at 15 px it adds under 10 levels).
    #expect(Set(added.filter { abs($0 / width - 60) > 14 }.map { [$0 / width, $0 % width] }).isEmpty)
  }

  @Test("A pale paint field of the streak's luma and nearly its colour next to its flank is not taken")
  func leavesPaleField() {
    let added = grown()
    #expect(added.count > 0)
    #expect(!added.contains { inField($0 % width, $0 / width) })
  }

  @Test("Over varied paint one colour cannot stand for the paint under the halo: the blob is left as it is")
  func variedPaint() {
    // The same streak over dark and warm stripes: its flanks are lifted as much, but the warm
    // stripes would be taken for its light.
    #expect(grown(varied: true).isEmpty)
    var lenient = GlareDetector.Configuration()
    lenient.extentMaxSpreadLevels = 255
    #expect(!grown(GlareDetector(configuration: lenient), varied: true).isEmpty)
  }

  @Test("The growth can be turned off")
  func off() {
    var configuration = GlareDetector.Configuration()
    configuration.extentReach = 0
    #expect(grown(GlareDetector(configuration: configuration)).isEmpty)
  }
}
