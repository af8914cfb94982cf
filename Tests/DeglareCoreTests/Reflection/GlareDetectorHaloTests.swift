import DeglareTestSupport
import DeglareTestTraits
import Testing

@testable import DeglareCore

@Suite("Glare detector soft halos", .ownThread)
struct GlareDetectorHaloTests {
  /// The default detector: soft halos grow out to 8 % of the shorter side.
  let detector = GlareDetector()

  /// Evidence for a white blob on a `size` x `size` grid whose luma elevation is `lift(x, y)`.
  func evidence(size: Int, lift: (Int, Int) -> Float) -> GlareDetector.Evidence {
    let count = size * size
    let elevation = (0..<count).map { lift($0 % size, $0 / size) }
    let zero = Plane<Float>(width: size, height: size, repeating: 0)
    return GlareDetector.Evidence(
      elevation: elevation, colourExcess: [Float](repeating: 0, count: count),
      seeds: [UInt8](repeating: 0, count: count), redSeeds: [UInt8](repeating: 0, count: count),
      halo: [Bool](repeating: false, count: count),
      luma: Plane(width: size, height: size, values: elevation), lumaOpening: zero,
      linear: [zero, zero, zero], background: [zero, zero, zero])
  }

  /// Grows a blob of amplitude 100 (by default a specular core at the grid's centre pixel;
  /// radius 8 steps on 100 x 100) and returns the grown pixels.
  func grown(
    _ evidence: GlareDetector.Evidence, size: Int, seeds: [Int]? = nil,
    code: UInt8 = SeedKind.white | SeedKind.blown
  ) -> Set<Int> {
    let blob = GlareDetector.AcceptedBlob(pixels: seeds ?? [size / 2 * size + size / 2], code: code, amplitude: 100)
    let result = detector.growSoftHalos(
      [blob], into: [UInt8](repeating: 0, count: size * size), evidence: evidence,
      allowed: [Bool](repeating: true, count: size * size), width: size, height: size)
    return Set(result.indices.filter { result[$0] != 0 })
  }

  /// A pyramid of light at the grid's centre fading by 12 levels per 8-connected step:
  /// 100, 88, ... 28 (ring 6), 16 (ring 7), 4.
  func pyramid(_ x: Int, _ y: Int) -> Float {
    Float(max(0, 100 - 12 * max(abs(x - 50), abs(y - 50))))
  }

  @Test("A fading halo is grown out to a fifth of the blob's amplitude, no farther")
  func fadingHalo() {
    let size = 100
    let pixels = grown(evidence(size: size, lift: pyramid), size: size)
    // Rings 1...6 (lift 88...28) are reached; ring 7 (16) is below 20.
    #expect(pixels.count == 13 * 13 - 1)
    #expect(pixels.allSatisfy { max(abs($0 % size - 50), abs($0 / size - 50)) <= 6 })
  }

  @Test("A halo stops where the lift rises again: brighter paint beside it")
  func stopsAtBrighterPaint() {
    let size = 100
    // The same light, with brighter paint (lift 90) from x = 54 on.
    let pixels = grown(evidence(size: size) { x, y in x >= 54 ? 90 : pyramid(x, y) }, size: size)
    #expect(!pixels.isEmpty)
    #expect(pixels.allSatisfy { $0 % size < 54 })
    #expect(pixels.contains(50 * size + 53))
  }

  @Test("Only specular cores and streaks grow: a round blob of plain white light does not")
  func onlyCoresAndStreaks() {
    let size = 100
    let square = (49...51).flatMap { y in (49...51).map { y * size + $0 } }
    #expect(grown(evidence(size: size, lift: pyramid), size: size, seeds: square, code: SeedKind.white).isEmpty)
    #expect(!grown(evidence(size: size, lift: pyramid), size: size, seeds: square).isEmpty)
    // A horizontal ridge of light (x 25...75) fading by 12 levels per row; its seeds are a line
    // along it, a streak: rows 44...56 (lift 28 and more) are grown along the line, and nothing
    // beyond the ridge.
    let ridge = evidence(size: size) { x, y in (25...75).contains(x) ? Float(max(0, 100 - 12 * abs(y - 50))) : 0 }
    let line = (30...70).map { 50 * size + $0 }
    let pixels = grown(ridge, size: size, seeds: line, code: SeedKind.white)
    let band = Set((44...56).flatMap { y in (30...70).map { y * size + $0 } }).subtracting(line)
    #expect(pixels.isSuperset(of: band))
    #expect(pixels.allSatisfy { (25...75).contains($0 % size) && (44...56).contains($0 / size) })
  }

  @Test("A streak of coloured light that outshines black paint grows like a streak; a compact sign does not")
  func colouredStreakOnBlack() {
    let size = 100
    // Near-black paint (linear 0.004) under a horizontal green ridge (x 25...75) whose linear
    // excess falls by 0.04 per row from 0.3: it outshines the paint, so the detector takes it for
    // a sign.
    let dark = Plane<Float>(width: size, height: size, repeating: 0.004)
    var green = dark
    for y in 0..<size {
      for x in 25...75 { green[x, y] += max(0, 0.3 - 0.04 * Float(abs(y - 50))) }
    }
    let count = size * size
    let ridge = GlareDetector.Evidence(
      elevation: [Float](repeating: 0, count: count), colourExcess: green.values.map { $0 - 0.004 },
      seeds: [UInt8](repeating: 0, count: count), redSeeds: [UInt8](repeating: 0, count: count),
      halo: [Bool](repeating: false, count: count),
      luma: dark, lumaOpening: dark, linear: [dark, green, dark], background: [dark, dark, dark])
    func grownSign(_ seeds: [Int]) -> Set<Int> {
      let blob = GlareDetector.AcceptedBlob(pixels: seeds, code: SeedKind.coloured | SeedKind.sign, amplitude: 0.3)
      let result = detector.growSoftHalos(
        [blob], into: [UInt8](repeating: 0, count: count), evidence: ridge,
        allowed: [Bool](repeating: true, count: count), width: size, height: size)
      return Set(result.indices.filter { result[$0] != 0 })
    }
    // Seeds along the ridge: its flanks out to rows 45...55 (excess 0.1 and more, above a fifth
    // of the amplitude) are grown, and nothing beyond the ridge's ends.
    let line = (30...70).map { 50 * size + $0 }
    let pixels = grownSign(line)
    let band = Set((45...55).flatMap { y in (30...70).map { y * size + $0 } }).subtracting(line)
    #expect(
      band.isSubset(of: pixels), "\(band.subtracting(pixels).count) of the flanks' \(band.count) pixels not grown")
    #expect(pixels.allSatisfy { (25...75).contains($0 % size) })
    // A compact sign on the same light: nothing.
    let square = (49...51).flatMap { y in (49...51).map { y * size + $0 } }
    #expect(grownSign(square).isEmpty)
  }

  @Test("Paint that goes on past the growth radius is not grown into at all")
  func paintGoesOn() {
    let size = 100
    // A plateau at 30 (above the growth threshold, 20) all around the blob: the front never
    // closes within the 8 steps.
    let plateau = evidence(size: size) { x, y in x == 50 && y == 50 ? 100 : 30 }
    #expect(grown(plateau, size: size).isEmpty)
    // The same plateau ending 4 steps from the blob: a halo that ends is grown.
    let ending = evidence(size: size) { x, y in
      x == 50 && y == 50 ? 100 : max(abs(x - 50), abs(y - 50)) <= 4 ? 30 : 0
    }
    #expect(grown(ending, size: size).count == 9 * 9 - 1)
  }

  @Test("The halo stops at a paint edge: a pale square beside a glow stays out")
  func paleSquareStaysOut() {
    var painting = TestPainting(width: 320, height: 240, wall: (0.24, 0.22, 0.20), textureAmount: 0.04)
    painting.rectangle(x0: 200, y0: 80, x1: 260, y1: 160, colour: (0.80, 0.78, 0.74))
    painting.glow(at: (140, 120), sigma: 4, light: (0.6, 0.6, 0.58))
    painting.glow(at: (140, 120), sigma: 9, light: (0.12, 0.12, 0.12))
    let detection = detector.detect(painting.image, marginBand: 0)
    #expect(detection.mask[140, 120] == 255)
    var square = 0
    for y in 80..<160 {
      for x in 200..<260 where detection.mask[x, y] != 0 { square += 1 }
    }
    #expect(square == 0)
  }
}
