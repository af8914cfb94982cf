import DeglareTestSupport
import Testing

@testable import DeglareCore

@Suite struct DistanceTransformTests {
  /// Brute force: squared distance to the nearest source, or nil when there is none.
  private func bruteForce(_ sources: [UInt8], width: Int, height: Int) -> [Int?] {
    var points: [(Int, Int)] = []
    for y in 0..<height { for x in 0..<width where sources[y * width + x] != 0 { points.append((x, y)) } }
    return (0..<(width * height)).map { i in
      let x = i % width
      let y = i / width
      return points.map { ($0.0 - x) * ($0.0 - x) + ($0.1 - y) * ($0.1 - y) }.min()
    }
  }

  @Test(
    "exact up to the cap, above the cap beyond it, windowed and envelope passes alike",
    arguments: [0, 1, 3, 9, 24, 25, 60, 180])
  func matchesBruteForce(_ cap: Int) {
    var random = SeededGenerator(seed: UInt64(cap) + 17)
    for (width, height, density) in [(37, 29, 40), (50, 3, 8), (1, 30, 10), (30, 1, 5), (23, 41, 1000)] {
      let sources = (0..<(width * height)).map { _ in
        UInt8(random.next() % UInt64(density) == 0 ? 1 : 0)
      }
      let fast = DistanceTransform.squaredDistances(pixels: sources, source: 1, width: width, height: height, cap: cap)
      let slow = bruteForce(sources, width: width, height: height)
      let ceiling = DistanceTransform.ceiling(cap: cap)
      for i in 0..<fast.count {
        if let exact = slow[i], exact <= cap * cap {
          #expect(Int(fast[i]) == exact, "pixel \(i) of \(width)x\(height), cap \(cap)")
        } else {
          #expect(Int(fast[i]) > cap * cap && fast[i] <= ceiling, "pixel \(i) of \(width)x\(height), cap \(cap)")
        }
      }
    }
  }
}

extension DistanceTransformTests {
  @Test("with a needed set, values are exact where needed and 0 at sources", arguments: [2, 8, 24])
  func neededSubset(_ cap: Int) {
    var random = SeededGenerator(seed: 99)
    let width = 53
    let height = 31
    let sources = (0..<(width * height)).map { _ in UInt8(random.next() % 9 == 0 ? 1 : 0) }
    let needed = (0..<(width * height)).map { _ in UInt8(random.next() % 5 == 0 ? 1 : 0) }
    let full = DistanceTransform.squaredDistances(pixels: sources, source: 1, width: width, height: height, cap: cap)
    let partial = sources.withUnsafeBufferPointer { s in
      needed.withUnsafeBufferPointer { n in
        DistanceTransform.squaredDistances(
          width: width, height: height, cap: cap,
          sources: { y, flags in for x in 0..<width { flags[x] = s[y * width + x] } },
          needed: { y, flags in for x in 0..<width { flags[x] = n[y * width + x] } })
      }
    }
    for i in 0..<full.count where needed[i] != 0 || sources[i] != 0 {
      #expect(partial[i] == full[i], "pixel \(i)")
    }
  }
}
