import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

@Suite("Glare detector soft white streaks", .ownThread)
struct GlareDetectorWhiteStreakTests {
  let width = 256
  let height = 192

  /// Deterministic multiplicative texture of ±5 %.
  func texture(_ x: Int, _ y: Int) -> Float { canvasTexture(x, y, width: width) }

  /// Untextured gold-ish paint (linear), a little darker in diagonal brush bands.
  func gold(_ x: Int, _ y: Int) -> [Float] {
    let shade: Float = ((x + y) / 20) % 2 == 0 ? 1 : 0.9
    return [0.30, 0.20, 0.06].map { $0 * shade }
  }

  /// Distance of (x, y) from the line through the picture's centre at 30 degrees.
  func distance(_ x: Int, _ y: Int) -> Double {
    let dx = Double(x) - 127.5
    let dy = Double(y) - 95.5
    let angle = 30.0 * .pi / 180
    return abs(-dx * sin(angle) + dy * cos(angle))
  }

  /// A soft band across the line at 30 degrees: 1 within 5 px of it, falling off to 0 at 10 px.
  func profile(_ x: Int, _ y: Int) -> Float {
    Float(min(1, max(0, (10 - distance(x, y)) / 5)))
  }

  /// Textured gold paint under a soft band of white light (linear 0.12 added in every channel):
  /// the light adds, so the paint's texture goes on under it unchanged.
  func streaked(_ x: Int, _ y: Int) -> [Float] {
    gold(x, y).map { $0 * texture(x, y) + 0.12 * profile(x, y) }
  }

  /// Evidence whose linear planes are `colour(x, y)`, with the encoded luma the pass measures
  /// texture on (it reads nothing else).
  func evidence(_ colour: (Int, Int) -> [Float]) -> GlareDetector.Evidence {
    var evidence = GlareDetector.Evidence.linearOnly(width: width, height: height, colour)
    for i in 0..<(width * height) {
      let level = (0..<3).map { SRGB.encode(evidence.linear[$0].values[i]) * 255 }
      evidence.luma.values[i] = Luma.of(level[0], level[1], level[2])
    }
    return evidence
  }

  /// A detector scanning every 15 degrees (the band lies on one of its lines; fewer lines keep
  /// the debug build quick).
  func detector(gridSide: Int = 512) -> GlareDetector {
    var configuration = GlareDetector.Configuration()
    configuration.whiteStreakAngleStep = 15
    configuration.whiteStreakGridSide = gridSide
    return GlareDetector(configuration: configuration)
  }

  /// The pixels the pass proposes on an empty proposal, the whole picture inside the glass.
  func streaks(_ evidence: GlareDetector.Evidence, detector: GlareDetector) -> Set<Int> {
    let codes = [UInt8](repeating: 0, count: width * height)
    let allowed = [Bool](repeating: true, count: width * height)
    let result = detector.markWhiteStreaks(codes, evidence: evidence, allowed: allowed, width: width, height: height)
    return Set(result.indices.filter { result[$0] != 0 })
  }

  @Test("A soft white band over textured gold paint is proposed, and nothing beyond it")
  func whiteBand() {
    let found = streaks(evidence(streaked), detector: detector())
    let core = (0..<(width * height)).filter { i in
      let x = i % width
      let y = i / width
      return distance(x, y) <= 4 && (40...215).contains(x) && (24...167).contains(y)
    }
    #expect(Double(core.count { found.contains($0) }) >= 0.6 * Double(core.count))
    #expect(found.allSatisfy { distance($0 % width, $0 / width) <= 12 })
  }

  @Test("The pass can be turned off")
  func off() {
    #expect(streaks(evidence(streaked), detector: detector(gridSide: 0)).isEmpty)
  }

  @Test("A pale painted stripe whose brushwork multiplies the texture is not a streak")
  func paintedStripe() {
    // The same band, but painted: the stripe's paint is lighter by the same white, and its
    // brushwork multiplies it by a texture four times as strong as the flanks' canvas.
    let found = streaks(
      evidence { x, y in
        let p = profile(x, y)
        return gold(x, y).map { ($0 + 0.12 * p) * (1 + (1 + 3 * p) * (texture(x, y) - 1)) }
      }, detector: detector())
    #expect(found.isEmpty)
  }

  @Test("A mat's bright bevel, parallel to the glass's sides beside a pale mat, is not a streak")
  func matEdge() {
    // A cream mat below row 150, its bevel a white strip 6 px wide along its edge, over the
    // textured gold picture.
    let found = streaks(
      evidence { x, y in
        if (150..<156).contains(y) { return [0.80, 0.80, 0.78].map { $0 * texture(x, y) } }
        if y >= 156 { return [0.62, 0.58, 0.48].map { $0 * texture(x, y) } }
        return gold(x, y).map { $0 * texture(x, y) }
      }, detector: detector())
    #expect(found.isEmpty)
  }
}
