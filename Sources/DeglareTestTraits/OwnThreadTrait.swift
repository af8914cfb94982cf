// A trait for CPU-bound tests: each of their cases runs on a thread of its own
// (`OwnThreadExecutor`), off the cooperative pool that the waiting tests' tasks need.

import DeglareTestSupport
import Testing

/// Runs every case of the test (or of every test of the suite) it is given to with a task
/// executor preference for an ``OwnThreadExecutor`` made for that case: the case's synchronous
/// work, and the child tasks it starts (`async let`, task groups), run on that thread; work
/// isolated to an actor still runs on the actor's executor.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let executor = OwnThreadExecutor()
    defer { executor.stop() }
    try await withTaskExecutorPreference(executor) { try await function() }
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Each case on a thread of its own, off the cooperative pool (see ``OwnThreadTrait``).
  public static var ownThread: Self { OwnThreadTrait() }
}
