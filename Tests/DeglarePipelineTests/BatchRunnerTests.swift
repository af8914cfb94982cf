import DeglarePipeline
import DeglareProviders
import Synchronization
import Testing

/// The batch's pool: every image once, at most `concurrency` at a time, a rate limit retried
/// after the pool's shared pause, other failures not retried, cancellation stops the pool.
@Suite struct BatchRunnerTests {
  /// What the runner did, recorded from its callbacks.
  final class Log: Sendable {
    let starts = Mutex<[Int]>([])
    let finished = Mutex<[Int: Bool]>([:])
    let running = Mutex((now: 0, most: 0))
  }

  static func configuration(_ concurrency: Int) -> BatchRunner.Configuration {
    var configuration = BatchRunner.Configuration(concurrency: concurrency)
    configuration.firstPause = 0.001
    configuration.longestPause = 0.01
    return configuration
  }

  static let rateLimit = ProviderError.rateLimited(
    provider: .openai, message: "slow down", attempts: 3, retryAfterSeconds: nil)
  static let quota = ProviderError.quotaExhausted(provider: .openai, message: "no quota", hint: nil)

  @Test("each image runs once, at most two at a time; a rate limit is retried up to 3 tries, a spent quota is not")
  func poolAndRetries() async {
    let log = Log()
    // Image 1 is rate-limited once, image 2 always, image 3 has no quota.
    await BatchRunner(configuration: Self.configuration(2)).run(
      count: 6, started: { index in log.starts.withLock { $0.append(index) } },
      work: { index -> Result<Int, any Error> in
        log.running.withLock {
          $0.now += 1
          $0.most = max($0.most, $0.now)
        }
        try? await Task.sleep(for: .milliseconds(5))
        log.running.withLock { $0.now -= 1 }
        let tries = log.starts.withLock { $0.filter { $0 == index }.count }
        switch index {
        case 1 where tries == 1, 2: return .failure(Self.rateLimit)
        case 3: return .failure(Self.quota)
        default: return .success(index)
        }
      },
      finished: { index, result in
        log.finished.withLock { $0[index] = (try? result.get()) != nil }
      })
    let starts = log.starts.withLock { $0 }
    #expect(starts.sorted() == [0, 1, 1, 2, 2, 2, 3, 4, 5])
    #expect(log.finished.withLock { $0 } == [0: true, 1: true, 2: false, 3: false, 4: true, 5: true])
    #expect(log.running.withLock { $0.most } <= 2)
  }

  @Test("cancelled, the pool starts nothing more and every started image is told its end")
  func cancellation() async {
    let log = Log()
    let task = Task {
      await BatchRunner(configuration: Self.configuration(1)).run(
        count: 50, started: { index in log.starts.withLock { $0.append(index) } },
        work: { index -> Result<Int, any Error> in
          if index == 2 { withUnsafeCurrentTask { $0?.cancel() } }
          do {
            try Task.checkCancellation()
            return .success(index)
          } catch {
            return .failure(error)
          }
        },
        finished: { index, result in log.finished.withLock { $0[index] = (try? result.get()) != nil } })
    }
    await task.value
    #expect(log.starts.withLock { $0 } == [0, 1, 2])
    #expect(log.finished.withLock { $0 } == [0: true, 1: true, 2: false])
  }
}
