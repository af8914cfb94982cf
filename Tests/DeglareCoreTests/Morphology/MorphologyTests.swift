import DeglareCore
import Testing

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed | 1 }
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 2_685_821_657_736_338_717
  }
}

/// The definition: min or max over the square clipped to the image.
func bruteForce<T: MorphologySample>(_ plane: Plane<T>, size: Int, minimum: Bool) -> Plane<T> {
  let r = (size | 1) / 2
  var out = plane
  for y in 0..<plane.height {
    for x in 0..<plane.width {
      var best = plane[x, y]
      for yy in max(0, y - r)...min(plane.height - 1, y + r) {
        for xx in max(0, x - r)...min(plane.width - 1, x + r) {
          let v = plane[xx, yy]
          best = minimum ? min(best, v) : max(best, v)
        }
      }
      out[x, y] = best
    }
  }
  return out
}

@Suite("Morphology (van Herk / Gil-Werman)")
struct MorphologyTests {
  @Test("Float erosion and dilation equal brute force for many sizes and shapes")
  func floatMatchesBruteForce() {
    var rng = SeededGenerator(seed: 7)
    for (width, height) in [(1, 1), (1, 9), (9, 1), (5, 7), (13, 4), (23, 17)] {
      let values = (0..<(width * height)).map { _ in Float(Int.random(in: 0..<50, using: &rng)) / 7 }
      let plane = Plane(width: width, height: height, values: values)
      for size in [1, 3, 5, 7, 9, 15, 31, 45] {
        #expect(Morphology.erode(plane, size: size) == bruteForce(plane, size: size, minimum: true))
        #expect(Morphology.dilate(plane, size: size) == bruteForce(plane, size: size, minimum: false))
      }
    }
  }

  @Test("UInt8 opening and closing equal brute-force composition")
  func byteOpenClose() {
    var rng = SeededGenerator(seed: 11)
    for (width, height) in [(8, 8), (16, 5), (19, 23)] {
      let values = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let plane = Plane(width: width, height: height, values: values)
      for size in [3, 5, 11] {
        let opened = bruteForce(bruteForce(plane, size: size, minimum: true), size: size, minimum: false)
        let closed = bruteForce(bruteForce(plane, size: size, minimum: false), size: size, minimum: true)
        #expect(Morphology.open(plane, size: size) == opened)
        #expect(Morphology.close(plane, size: size) == closed)
      }
    }
  }

  @Test("An even size is rounded up to the next odd size")
  func evenSize() {
    var rng = SeededGenerator(seed: 3)
    let plane = Plane(width: 12, height: 9, values: (0..<108).map { _ in UInt8.random(in: 0...255, using: &rng) })
    #expect(Morphology.erode(plane, size: 4) == Morphology.erode(plane, size: 5))
  }

  @Test("Opening removes a bright bar narrower than the square and keeps a wide plateau")
  func openingRemovesNarrowBar() {
    var plane = Plane<Float>(width: 40, height: 30, repeating: 10)
    for y in 0..<30 { for x in 18..<21 { plane[x, y] = 200 } }  // 3 px bar
    for y in 0..<30 { for x in 28..<40 { plane[x, y] = 100 } }  // 12 px plateau
    let opened = Morphology.open(plane, size: 7)
    #expect(opened[19, 15] == 10)
    #expect(opened[33, 15] == 100)
  }

  @Test("Box blur equals the clamped-border mean")
  func boxBlur() {
    var rng = SeededGenerator(seed: 5)
    let plane = Plane(width: 9, height: 6, values: (0..<54).map { _ in Float(Int.random(in: 0..<16, using: &rng)) })
    let blurred = BoxFilter.blur(plane, radius: 2)
    for y in 0..<6 {
      for x in 0..<9 {
        var sum: Float = 0
        for dy in -2...2 { for dx in -2...2 { sum += plane[min(max(x + dx, 0), 8), min(max(y + dy, 0), 5)] } }
        #expect(abs(blurred[x, y] - sum / 25) < 1e-4)
      }
    }
  }
}
