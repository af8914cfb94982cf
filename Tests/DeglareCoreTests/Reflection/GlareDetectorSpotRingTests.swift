import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

@Suite("Glare detector spot rings", .ownThread)
struct GlareDetectorSpotRingTests {
  let size = 301
  let centre = 150

  /// Distance of pixel `i` from the grid's centre.
  func distance(_ i: Int) -> Double {
    let dx = Double(i % size - centre)
    let dy = Double(i / size - centre)
    return (dx * dx + dy * dy).squareRoot()
  }

  /// A lamp's light at distance `d` (linear, all channels): a core (sigma 3) and a halo
  /// (sigma 10, 0.25): visible 7 levels above the paint (0.2) out to about 21 px.
  func lamp(_ d: Double) -> Float {
    Float(exp(-d * d / 18) + 0.25 * exp(-d * d / 200))
  }

  /// Textured paint (0.2 linear) crossed by dark lines (0.04) on every seventh row and column,
  /// plus `extra(d)` at distance d, plus `paint(x, y)` (offsets from the centre), plus the lamp
  /// unless `lit` is off.
  func evidence(
    lit: Bool = true, extra: (Double) -> Float = { _ in 0 }, paint: (Int, Int) -> Float = { _, _ in 0 }
  ) -> GlareDetector.Evidence {
    let count = size * size
    var plane = Plane<Float>(width: size, height: size, repeating: 0)
    for i in 0..<count {
      let line = (i % size) % 7 == 0 || (i / size) % 7 == 0
      let d = distance(i)
      plane.values[i] =
        (line ? 0.04 : 0.2) + extra(d) + paint(i % size - centre, i / size - centre) + (lit ? lamp(d) : 0)
    }
    let zero = Plane<Float>(width: size, height: size, repeating: 0)
    return GlareDetector.Evidence(
      elevation: [Float](repeating: 0, count: count), colourExcess: [Float](repeating: 0, count: count),
      seeds: [UInt8](repeating: 0, count: count), redSeeds: [UInt8](repeating: 0, count: count),
      halo: [Bool](repeating: false, count: count), luma: zero,
      lumaOpening: zero, linear: [plane, plane, plane], background: [zero, zero, zero])
  }

  /// The blob the halo growth leaves: the pixels within 12 px, less the dark lines (its bays)
  /// unless it is `whole`.
  func blob(code: UInt8, whole: Bool = false) -> [UInt8] {
    (0..<(size * size)).map { i in
      let line = (i % size) % 7 == 0 || (i / size) % 7 == 0
      return distance(i) <= 12 && (whole || !line) ? code : 0
    }
  }

  func ringed(_ evidence: GlareDetector.Evidence, code: UInt8, whole: Bool = false) -> Set<Int> {
    let result = GlareDetector().growSpotRings(
      blob(code: code, whole: whole), evidence: evidence, allowed: [Bool](repeating: true, count: size * size),
      width: size, height: size)
    return Set(result.indices.filter { result[$0] != 0 })
  }

  @Test("A specular spot is filled across the paint's dark lines and grown out to where its halo fades")
  func fillsAndGrows() {
    let pixels = ringed(evidence(), code: SeedKind.blown | SeedKind.white)
    let disc = (0..<(size * size)).filter { distance($0) <= 18 }
    #expect(disc.allSatisfy { pixels.contains($0) })
    #expect(pixels.allSatisfy { distance($0) <= 24 })
  }

  @Test("Only specular spots are ringed")
  func onlySpots() {
    let pixels = ringed(evidence(), code: SeedKind.white)
    #expect(pixels.count == blob(code: SeedKind.white).count { $0 != 0 })
  }

  @Test("A clipped fold at the edge of a white garment is not ringed out over the dark ground beside it")
  func garmentIsNotALamp() {
    // The garment: a strip from just left of the fold 25 px to its right, running down from 20 px
    // above it to the bottom. Its near rings are mostly garment, its far ones mostly ground.
    let garment = evidence(lit: false, paint: { x, y in (-3...25).contains(x) && y >= -20 ? 0.7 : 0 })
    let pixels = ringed(garment, code: SeedKind.blown | SeedKind.white, whole: true)
    let ground = pixels.filter { $0 % size - centre < -3 }
    #expect(ground.allSatisfy { distance($0) <= 16 })
  }

  @Test("A lamp on dark paint beside a white passage is grown out through its halo all the same")
  func lampBesideWhitePaint() {
    // White paint from 25 px out on the right: the far rings there are brighter than the halo.
    let passage = evidence(paint: { x, y in
      let d = Double(x * x + y * y).squareRoot()
      return x >= 8 && d >= 25 ? 0.7 : 0
    })
    let pixels = ringed(passage, code: SeedKind.blown | SeedKind.white)
    let disc = (0..<(size * size)).filter { distance($0) <= 18 }
    #expect(disc.allSatisfy { pixels.contains($0) })
  }

  @Test("Rings stop where the paint grows brighter again: a pale ring of paint beyond the halo")
  func stopsAtBrighterPaint() {
    let pixels = ringed(
      evidence(extra: { d in (15...30).contains(d) ? 0.15 : 0 }), code: SeedKind.blown | SeedKind.white)
    #expect(pixels.allSatisfy { distance($0) <= 16 })
  }
}
