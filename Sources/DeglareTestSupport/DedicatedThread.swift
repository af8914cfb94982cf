// Blocking work of the tests (reading a child's pipes, a request over a socket) runs on threads
// of its own, never on Dispatch's global queues or the cooperative pool.
//
// Why: the full suite runs every test at once on two cores. The global queues' threads are then
// busy with the codecs' and kernels' `concurrentPerform` bands, and the two threads of the
// cooperative pool with CPU-bound tests, so a blocking reader queued there can wait for minutes.
// In one CI run a workbench's URL line was never read within 600 s although the workbench was
// serving, and two gated requests were let go by the stub before their tests looked for them
// (docs/testing.md, Starvation under the full suite).

import Foundation
import Synchronization

/// Runs blocking work on a thread of its own.
public enum DedicatedThread {
  /// Runs `body` on a new thread and returns its result to the awaiting task.
  public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
  }
}

/// The bytes a child process writes on one pipe, read on a thread of their own while it runs.
public final class PipeCollector: Sendable {
  private let bytes = Mutex<[UInt8]>([])
  private let finished = Atomic<Bool>(false)

  /// Starts reading `handle` to its end.
  public init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        bytes.withLock { $0 += data }
      }
      finished.store(true, ordering: .releasing)
    }
  }

  /// Whether the pipe has been read to its end (every writer closed it).
  public var ended: Bool { finished.load(ordering: .acquiring) }

  /// What has been read so far, as UTF-8 text.
  public var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }

  /// Waits (polling, so no thread is blocked) until the pipe has been read to its end, for at most
  /// `timeout` seconds: a hang guard.
  public func waitForEnd(timeout: TimeInterval = ProcessRunner.hangGuard) async {
    let deadline = Date().addingTimeInterval(timeout)
    while !ended && Date() < deadline { try? await Task.sleep(for: .milliseconds(2)) }
  }
}

/// A task executor with one thread of its own: the jobs of a task that prefers it (see
/// `withTaskExecutorPreference`) run there, one at a time, never on the cooperative pool.
///
/// Why: a CPU-bound test holds the thread it runs on for as long as it computes. On the pool,
/// two such tests hold both of its threads on two cores, and every task another test waits on
/// (a removal session's work, a workbench's answer) sits queued behind them. On a thread of
/// its own a CPU-bound test shares the cores through the kernel's scheduler instead, and the
/// pool stays free for the waiting tests' tasks (docs/testing.md, Starvation under the full
/// suite).
public final class OwnThreadExecutor: TaskExecutor, Sendable {
  private struct Queue: ~Copyable {
    var jobs: [UnownedJob] = []
    var stopped = false
  }

  private let queue = Mutex(Queue())
  private let ready = DispatchSemaphore(value: 0)

  /// The name of the executor's thread (at most 15 bytes, Linux's limit for a thread's name).
  public static let threadName = "deglare-own"

  /// Starts the thread; it runs until ``stop()`` and the jobs enqueued before it.
  public init() {
    let thread = Thread { [self] in
      while true {
        ready.wait()
        let (next, stopped) = queue.withLock { queue in
          (queue.jobs.isEmpty ? nil : queue.jobs.removeFirst(), queue.stopped)
        }
        if let next {
          next.runSynchronously(on: asUnownedTaskExecutor())
        } else if stopped {
          return
        }
      }
    }
    thread.start()
    // Named here, once started, not by the thread itself: on Linux Foundation's setter does
    // nothing until `start()` has stored the thread's handle, which under load can come after the
    // new thread's first line. The thread then kept the name inherited from its creator (a pool
    // thread's, "oot.default-qos"), and a test of this trait failed though its jobs ran here. No
    // job can come before this line: they are enqueued once `init` has returned.
    thread.name = Self.threadName
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let accepted = queue.withLock { queue in
      guard !queue.stopped else { return false }
      queue.jobs.append(job)
      return true
    }
    if accepted {
      ready.signal()
    } else {
      // A task that outlived the test case it was started in: run it, on a thread of its own.
      Thread.detachNewThread { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
  }

  /// Lets the thread end once the jobs already enqueued have run (a job enqueued later runs on
  /// a thread of its own).
  public func stop() {
    queue.withLock { $0.stopped = true }
    ready.signal()
  }
}
