import DeglareCore
import DeglareTestSupport
import Testing

@Suite("Morphology (van Herk / Gil-Werman)")
struct MorphologyTests {
  @Test("Float erosion and dilation equal brute force for many sizes and shapes")
  func floatMatchesBruteForce() {
    var rng = SeededGenerator(seed: 7)
    for (width, height) in [(1, 1), (1, 9), (9, 1), (5, 7), (13, 4), (23, 17)] {
      let values = (0..<(width * height)).map { _ in Float(Int.random(in: 0..<50, using: &rng)) / 7 }
      let plane = Plane(width: width, height: height, values: values)
      for size in [1, 3, 5, 7, 9, 15, 31, 45] {
        #expect(Morphology.erode(plane, size: size) == ReferenceFilters.extreme(plane, size: size, minimum: true))
        #expect(Morphology.dilate(plane, size: size) == ReferenceFilters.extreme(plane, size: size, minimum: false))
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
        let eroded = ReferenceFilters.extreme(plane, size: size, minimum: true)
        let dilated = ReferenceFilters.extreme(plane, size: size, minimum: false)
        let opened = ReferenceFilters.extreme(eroded, size: size, minimum: false)
        let closed = ReferenceFilters.extreme(dilated, size: size, minimum: true)
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
    let mean = ReferenceFilters.mean(plane, size: 5)
    for y in 0..<6 {
      for x in 0..<9 { #expect(abs(blurred[x, y] - mean[x, y]) < 1e-4) }
    }
  }
}
