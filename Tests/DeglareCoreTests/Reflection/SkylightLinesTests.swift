import DeglareTestTraits
import Testing

@testable import DeglareCore

@Suite("Skylight lines", .ownThread)
struct SkylightLinesTests {
  @Test("nearest rounds as Int(value.rounded()) does, halves away from zero")
  func nearestMatchesRounded() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994, 1e6 + 0.5]
    for _ in 0..<2000 { values.append(Double.random(in: -700...700, using: &generator)) }
    for k in -40...40 { values.append(Double(k) / 4) }
    for value in values {
      #expect(SkylightLines.nearest(value) == Int(value.rounded()))
    }
  }
}
