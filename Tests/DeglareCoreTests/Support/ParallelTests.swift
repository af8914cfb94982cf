import Foundation
import Synchronization
import Testing

@testable import DeglareCore

@Suite struct ParallelTests {
  @Test("Parallel.map returns every piece's result at its own index, each piece run once")
  func inOrder() {
    let runs = Mutex([Int](repeating: 0, count: 200))
    // Strings: results with storage of their own, initialized in place by several threads.
    let results = Parallel.map(200) { index -> String in
      runs.withLock { $0[index] += 1 }
      return "piece \(index)"
    }
    #expect(results == (0..<200).map { "piece \($0)" })
    #expect(runs.withLock { $0 }.allSatisfy { $0 == 1 })
  }

  @Test("Parallel.map over no piece or one piece")
  func smallCounts() {
    #expect(Parallel.map(0) { $0 }.isEmpty)
    #expect(Parallel.map(1) { $0 + 41 } == [41])
  }

  @Test("Workers: one per active core, at most one per piece, at least one")
  func workers() {
    #expect(Parallel.workers(for: 0) == 1)
    #expect(Parallel.workers(for: 1) == 1)
    #expect(Parallel.workers(for: 1000) == ProcessInfo.processInfo.activeProcessorCount)
  }
}
