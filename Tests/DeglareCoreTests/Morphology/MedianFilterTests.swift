import DeglareCore
import DeglareTestSupport
import Testing

@Suite("Median filter (sliding histogram)")
struct MedianFilterTests {
  @Test("Equals the replicated-border median to within half a bin, for many sizes and shapes")
  func bruteForce() {
    var generator = SeededGenerator(seed: 11)
    for (width, height, size) in [(1, 1, 3), (7, 1, 5), (1, 9, 3), (13, 11, 3), (20, 17, 7), (31, 8, 9), (9, 9, 21)] {
      let values = (0..<(width * height)).map { _ in Float.random(in: 0...1, using: &generator) }
      let plane = Plane(width: width, height: height, values: values)
      let fast = MedianFilter.median(plane, size: size, range: 0...1, levels: 1024)
      let slow = ReferenceFilters.median(plane, size: size)
      for i in 0..<plane.count {
        #expect(abs(fast.values[i] - slow.values[i]) <= 0.5 / 1024 + 1e-6, "\(width)x\(height) size \(size) at \(i)")
      }
    }
  }

  @Test("Removes a bright bar narrower than half the window and keeps a step edge in place")
  func barAndStep() {
    var values = [Float](repeating: 0.2, count: 30 * 20)
    for y in 0..<20 {
      for x in 0..<30 {
        if x >= 15 { values[y * 30 + x] = 0.6 }  // step at x = 15
        if y == 9 || y == 10 { values[y * 30 + x] += 0.3 }  // bar two rows high
      }
    }
    let median = MedianFilter.median(Plane(width: 30, height: 20, values: values), size: 7, levels: 100)
    #expect(abs(median[5, 9] - 0.205) < 1e-4)
    #expect(abs(median[25, 10] - 0.605) < 1e-4)
    #expect(abs(median[14, 3] - 0.205) < 1e-4)
    #expect(abs(median[15, 3] - 0.605) < 1e-4)
  }

  @Test("Size 1 is the identity")
  func identity() {
    let plane = Plane<Float>(width: 3, height: 2, values: [0.1, 0.9, 0.3, 0.4, 0.5, 0.6])
    #expect(MedianFilter.median(plane, size: 1) == plane)
  }
}
