import DeglareProviders
import Foundation
import Synchronization

/// Runs the images of a batch with bounded concurrency.
///
/// A fixed pool of workers takes the images in order. When an image fails with a rate limit
/// (HTTP 429 after the provider's own retries), the whole pool pauses: no worker starts a
/// request until the pause is over (the server's `retry-after`, else a pause doubling from
/// ``Configuration/firstPause``), and the image is tried again, up to
/// ``Configuration/rateLimitAttempts`` times. Cancelling the calling task (Ctrl-C) stops the
/// pool: running images see the cancellation, the rest never start.
public struct BatchRunner: Sendable {
  /// The runner's tunables.
  public struct Configuration: Sendable {
    /// Images run at once.
    public var concurrency: Int
    /// Tries of one image that keeps meeting a rate limit, the first included.
    public var rateLimitAttempts = 3
    /// The pool's first pause after a rate limit without `retry-after`, in seconds; doubled at
    /// each further one, up to ``longestPause``.
    public var firstPause = 5.0
    /// The longest pause, in seconds.
    public var longestPause = 60.0

    /// A configuration running `concurrency` images at once (at least 1).
    public init(concurrency: Int) {
      self.concurrency = max(1, concurrency)
    }
  }

  /// Images at once for the local method and for detect and straighten: the cores.
  public static var localConcurrency: Int { ProcessInfo.processInfo.activeProcessorCount }
  /// Images at once for a remote provider: a small pool, so a rate limit is met rarely.
  public static let remoteConcurrency = 2

  /// The tunables.
  public var configuration: Configuration

  /// Creates a runner.
  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// Runs `work` for each index in `0..<count`; `started` is told before each try, `finished`
  /// with each image's result (an image cancelled before it started gets no call). Returns when
  /// every image has finished or the task was cancelled and the running ones have ended.
  public func run<Outcome: Sendable>(
    count: Int, started: @escaping @Sendable (Int) -> Void,
    work: @escaping @Sendable (Int) async -> Result<Outcome, any Error>,
    finished: @escaping @Sendable (Int, Result<Outcome, any Error>) -> Void
  ) async {
    let queue = IndexQueue(count: count)
    let gate = RateLimitGate(configuration: configuration)
    let configuration = configuration
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<min(configuration.concurrency, count) {
        group.addTask {
          while !Task.isCancelled, let index = queue.next() {
            var attempt = 1
            while true {
              do { try await gate.waitUntilOpen() } catch { return }
              started(index)
              let result = await work(index)
              if case .failure(let error) = result, let retryAfter = Self.rateLimit(error),
                attempt < configuration.rateLimitAttempts, !Task.isCancelled
              {
                await gate.pause(retryAfter: retryAfter, attempt: attempt)
                attempt += 1
                continue
              }
              finished(index, result)
              break
            }
          }
        }
      }
    }
  }

  /// The server's delay (nil when it gave none) if `error` is a rate limit worth waiting out;
  /// nil (no retry) otherwise. A spent quota is final, not a rate limit.
  static func rateLimit(_ error: any Error) -> Double?? {
    guard case .rateLimited(_, _, _, let retryAfter) = error as? ProviderError else { return nil }
    return .some(retryAfter)
  }
}

/// The next image to run, shared by the workers.
private final class IndexQueue: Sendable {
  private let count: Int
  private let nextIndex = Mutex(0)

  init(count: Int) { self.count = count }

  func next() -> Int? {
    nextIndex.withLock { index in
      guard index < count else { return nil }
      defer { index += 1 }
      return index
    }
  }
}

/// The pool's shared pause after a rate limit.
private actor RateLimitGate {
  private let configuration: BatchRunner.Configuration
  private var openAt = ContinuousClock.now

  init(configuration: BatchRunner.Configuration) { self.configuration = configuration }

  /// Waits until the pause is over. - Throws: `CancellationError`.
  func waitUntilOpen() async throws {
    while ContinuousClock.now < openAt {
      try await Task.sleep(until: openAt, clock: .continuous)
    }
    try Task.checkCancellation()
  }

  /// Pauses the pool: `retryAfter` seconds if the server said, else the configured pause for
  /// this `attempt` (1 for the first rate limit of an image).
  func pause(retryAfter: Double?, attempt: Int) {
    let doubled = configuration.firstPause * pow(2, Double(attempt - 1))
    let seconds = min(configuration.longestPause, retryAfter ?? doubled)
    openAt = max(openAt, ContinuousClock.now + .milliseconds(Int64(seconds * 1000)))
  }
}
