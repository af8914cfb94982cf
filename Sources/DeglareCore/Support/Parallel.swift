import Dispatch
import Foundation

/// Independent pieces of work spread over the cores. For a few costly pieces (each milliseconds
/// or more: a quad refined at full resolution, a dozen scan angles); the results come back in
/// order, so a caller that combines them in order gets what the sequential loop got.
enum Parallel {
  /// How many workers to use for `count` pieces: one per active core, at most one per piece.
  static func workers(for count: Int) -> Int {
    max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
  }

  /// `body(i)` for every `i` in `0..<count`, run concurrently; result `i` at index `i`.
  /// `body` must only read shared state (each call builds its own result).
  static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    guard count > 1 else { return count == 1 ? [body(0)] : [] }
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      // Each call initializes only its own slot: no two threads touch the same element.
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: count) { i in
        slots.initializeElement(at: i, to: body(i))
      }
      initialized = count
    }
  }
}
