import Testing

@testable import DeglareCore

@Suite("Order statistic (selection)")
struct OrderStatisticTests {
  @Test("every rank of random, tied and sorted arrays is the sorted array's")
  func matchesSort() {
    var generator = SystemRandomNumberGenerator()
    var arrays: [[Float]] = [
      [3], [2, 1], [1, 1, 1, 1], Array(0..<50).map(Float.init), Array((0..<50).reversed()).map(Float.init),
    ]
    for count in [3, 7, 64, 301] {
      arrays.append((0..<count).map { _ in Float.random(in: 0...1, using: &generator) })
      arrays.append((0..<count).map { _ in Float(Int.random(in: 0...4, using: &generator)) })
    }
    for values in arrays {
      let sorted = values.sorted()
      for rank in values.indices {
        #expect(OrderStatistic.value(at: rank, of: values) == sorted[rank])
      }
    }
  }
}
