import Testing

@testable import DeglareCodecs

@Suite struct OrientationTests {
  @Test("source is the inverse of destination", arguments: 1...8)
  func inverse(value: Int) {
    let orientation = Orientation(value: value, storedWidth: 5, storedHeight: 3)
    for y in 0..<3 {
      for x in 0..<5 {
        let upright = orientation.destination(x: x, y: y)
        #expect((0..<orientation.width).contains(upright.x) && (0..<orientation.height).contains(upright.y))
        #expect(orientation.source(x: upright.x, y: upright.y) == (x, y), "orientation \(value) at (\(x), \(y))")
      }
    }
  }
}
