import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// The name of the thread running the caller (synchronous: `Thread.current` is not for async code).
private func threadName() -> String? { Thread.current.name }

@Suite struct OwnThreadTraitTests {
  @Test(.ownThread) func aCaseRunsOnItsOwnThreadAndResumesThere() async throws {
    #expect(threadName() == OwnThreadExecutor.threadName)
    try await Task.sleep(for: .milliseconds(5))
    #expect(threadName() == OwnThreadExecutor.threadName)
    // Child tasks prefer it too.
    async let child = threadName()
    #expect(await child == OwnThreadExecutor.threadName)
  }

  @Test func withoutTheTraitACaseRunsElsewhere() {
    #expect(threadName() != OwnThreadExecutor.threadName)
  }

  @Test func theExecutorRunsItsJobsOneAtATimeInTheOrderTheyCame() async {
    let executor = OwnThreadExecutor()
    defer { executor.stop() }
    let order = await withTaskGroup(of: Int.self) { group in
      for i in 0..<8 { group.addTask(executorPreference: executor) { i } }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(order == Array(0..<8))
  }

  @Test func aJobEnqueuedAfterStopStillRuns() async {
    let executor = OwnThreadExecutor()
    executor.stop()
    let value = await Task(executorPreference: executor) { 42 }.value
    #expect(value == 42)
  }
}
