import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

@Suite("Glare detector skylight veils", .ownThread)
struct GlareDetectorSkylightTests {
  let width = 256
  let height = 192

  /// Deterministic multiplicative texture of ±5 % (cell means of a photo vary less than pixels).
  func texture(_ x: Int, _ y: Int) -> Float { canvasTexture(x, y, width: width) }

  /// Textured pale paint (linear): warm ivory, 6 % darker in vertical brush bands 24 px wide.
  func pale(_ x: Int, _ y: Int) -> [Float] {
    let shade: Float = (x / 24) % 2 == 0 ? 1 : 0.94
    return [0.55, 0.48, 0.36].map { $0 * shade * texture(x, y) }
  }

  /// Distance of (x, y) from the diagonal line through the picture's centre at `degrees`.
  func distance(_ x: Int, _ y: Int, degrees: Double = 30) -> Double {
    let dx = Double(x) - 127.5
    let dy = Double(y) - 95.5
    let angle = degrees * .pi / 180
    return abs(-dx * sin(angle) + dy * cos(angle))
  }

  /// A translucent cyan veil (linear 0.02, 0.07, 0.10 added) in a band 24 px wide at 30 degrees.
  func veiled(_ x: Int, _ y: Int) -> [Float] {
    let light: [Float] = [0.02, 0.07, 0.10]
    let inBand: Float = distance(x, y) <= 12 ? 1 : 0
    return zip(pale(x, y), light).map { $0 + inBand * $1 }
  }

  /// Evidence whose linear planes are `colour(x, y)` (the pass reads nothing else).
  func evidence(_ colour: (Int, Int) -> [Float]) -> GlareDetector.Evidence {
    GlareDetector.Evidence.linearOnly(width: width, height: height, colour)
  }

  /// The pixels the pass proposes on an empty proposal, the whole grid inside the glass.
  func veils(_ evidence: GlareDetector.Evidence, detector: GlareDetector = GlareDetector()) -> Set<Int> {
    let codes = [UInt8](repeating: 0, count: width * height)
    let allowed = [Bool](repeating: true, count: width * height)
    let result = detector.markSkylightVeils(codes, evidence: evidence, allowed: allowed, width: width, height: height)
    return Set(result.indices.filter { result[$0] != 0 })
  }

  @Test("A translucent cyan band over textured pale paint is proposed, and nothing beyond it")
  func cyanVeil() {
    let found = veils(evidence(veiled))
    let core = (0..<(width * height)).filter { i in
      let x = i % width
      let y = i / width
      return distance(x, y) <= 8 && (40...215).contains(x) && (24...167).contains(y)
    }
    #expect(Double(core.count { found.contains($0) }) >= 0.6 * Double(core.count))
    #expect(found.allSatisfy { distance($0 % width, $0 / width) <= 16 })
  }

  @Test("An upright veil, parallel to the glass's sides, is proposed like any other")
  func uprightVeil() {
    // The pale paint's brush bands turned to run across the veil, as they do across the others.
    let light: [Float] = [0.02, 0.07, 0.10]
    let found = veils(
      evidence { x, y in
        let inBand: Float = abs(Double(x) - 127.5) <= 12 ? 1 : 0
        return zip(pale(y, x), light).map { $0 + inBand * $1 }
      })
    let core = (0..<(width * height)).filter { i in
      abs(Double(i % width) - 127.5) <= 8 && (24...167).contains(i / width)
    }
    // Lines at 85 and 95 degrees alone, which leave the band along its length, cover 95 %.
    #expect(Double(core.count { found.contains($0) }) >= 0.97 * Double(core.count))
    #expect(found.allSatisfy { abs(Double($0 % width) - 127.5) <= 16 })
  }

  @Test("A narrow veil (14 px) is proposed along its length, and nothing more than 5 px beyond it")
  func narrowVeil() {
    let light: [Float] = [0.02, 0.07, 0.10]
    let found = veils(
      evidence { x, y in
        let inBand: Float = distance(x, y, degrees: 35) <= 7 ? 1 : 0
        return zip(pale(x, y), light).map { $0 + inBand * $1 }
      })
    let core = (0..<(width * height)).filter { i in
      let x = i % width
      let y = i / width
      return distance(x, y, degrees: 35) <= 4 && (40...215).contains(x) && (24...167).contains(y)
    }
    #expect(
      Double(core.count { found.contains($0) }) >= 0.6 * Double(core.count),
      "\(core.count { found.contains($0) }) of \(core.count)")
    let far = found.map { distance($0 % width, $0 / width, degrees: 35) }.max() ?? 0
    #expect(far <= 12, "proposed \(far) px from the veil's centre line")
  }

  @Test("A veil may disagree with its colour at a sixth of its stations, with median flanks at a quarter")
  func consistency() {
    let veil = SIMD3<Float>(0.02, 0.07, 0.10)
    let warm = SIMD3<Float>(0.10, 0.05, 0.02)
    let detector = GlareDetector()
    func stations(agreeing: Int, of count: Int) -> [SIMD3<Float>] {
      [SIMD3<Float>](repeating: veil, count: agreeing) + [SIMD3<Float>](repeating: warm, count: count - agreeing)
    }
    // Box-mean flanks: 0.8 of the stations (0.9 before stop 39 refused a sixth disagreeing).
    #expect(detector.isCyanVeil(stations(agreeing: 17, of: 20), strict: false))
    #expect(!detector.isCyanVeil(stations(agreeing: 15, of: 20), strict: false))
    // Median flanks: the strokes under a veil over red chalk stand off the flanks' medians.
    #expect(detector.isCyanVeil(stations(agreeing: 15, of: 20), strict: true))
    #expect(!detector.isCyanVeil(stations(agreeing: 10, of: 20), strict: true))
  }

  @Test("A pale wainscot between a red wall and a dark floor is not a veil")
  func wainscot() {
    // Against the channel-wise brighter flank (the wall's red, the floor's green and blue) the
    // wainscot lifts cyan, as a veil would; against the floor alone its lift is red.
    let found = veils(
      evidence { x, y in
        let colour: [Float] =
          y < 86 ? [0.30, 0.06, 0.04] : y <= 106 ? [0.32, 0.12, 0.11] : [0.05, 0.06, 0.05]
        return colour.map { $0 * texture(x, y) }
      })
    #expect(found.isEmpty, "\(found.count) pixels proposed")
  }

  @Test("The pass can be turned off")
  func off() {
    var configuration = GlareDetector.Configuration()
    configuration.skylightGridSide = 0
    #expect(veils(evidence(veiled), detector: GlareDetector(configuration: configuration)).isEmpty)
  }

  @Test("A white garment wider than the band, on dark ground, is not a veil")
  func whiteGarment() {
    // A bluish-white robe 70 px wide at 30 degrees over a dark red-brown ground: the robe's
    // excess over the ground is cyan (red the weakest), and the widest band's box-mean flanks
    // hold a quarter of ground each.
    let found = veils(
      evidence { x, y in
        distance(x, y) <= 35
          ? [0.45, 0.60, 0.70].map { $0 * texture(x, y) } : [0.12, 0.05, 0.02].map { $0 * texture(x, y) }
      })
    #expect(found.isEmpty)
  }

  @Test("A mat's edge parallel to the glass's sides is not a veil")
  func matEdge() {
    // A pale grey-blue mat below row 150 and right of x 200, its bevel a bright bluish-white
    // strip 6 px wide along its edge.
    let found = veils(
      evidence { x, y in
        if (150..<156).contains(y) && x < 200 || (200..<206).contains(x) && y < 150 {
          return [0.60, 0.75, 0.85].map { $0 * texture(x, y) }
        }
        return y >= 150 || x >= 200 ? [0.45, 0.52, 0.58].map { $0 * texture(x, y) } : pale(x, y)
      })
    #expect(found.isEmpty)
  }

  @Test("A cyan lift much stronger than a veil's is painted, not skylight")
  func tooStrong() {
    let found = veils(
      evidence { x, y in
        let light: [Float] = [0.05, 0.30, 0.42]
        let inBand: Float = distance(x, y) <= 12 ? 1 : 0
        return zip(pale(x, y), light).map { $0 + inBand * $1 }
      })
    #expect(found.isEmpty)
  }
}
