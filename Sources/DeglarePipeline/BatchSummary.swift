/// What happened to one image of a batch.
public struct BatchOutcome: Sendable {
  /// How it ended.
  public enum Status: String, Sendable {
    /// Its outputs were written.
    case done
    /// An earlier run's outputs match it (resume); nothing was written.
    case skipped
    /// It failed; ``BatchOutcome/error`` says why.
    case failed
    /// Ctrl-C stopped it while it ran; nothing of it was written.
    case cancelled
  }

  /// The image.
  public var input: String
  /// How it ended.
  public var status: Status
  /// The files written (done) or found up to date (skipped), in the order they were written.
  public var outputs: [String]
  /// The warnings it printed.
  public var warnings: [String]
  /// Why it failed: one sentence, and the exit code the same failure of a single image gives.
  public var error: (message: String, exitCode: Int32)?
  /// Its own wall time, in seconds.
  public var seconds: Double

  /// Creates an outcome.
  public init(
    input: String, status: Status, outputs: [String] = [], warnings: [String] = [],
    error: (message: String, exitCode: Int32)? = nil, seconds: Double = 0
  ) {
    self.input = input
    self.status = status
    self.outputs = outputs
    self.warnings = warnings
    self.error = error
    self.seconds = seconds
  }
}

/// The tally of a batch, and its exit status (docs/cli.md, Batch).
public struct BatchSummary: Sendable {
  /// The exit status when the failed images failed for different reasons (65, bad input data:
  /// the most common batch failure is a broken photo).
  public static let mixedFailureCode: Int32 = 65
  /// The exit status of a batch stopped by Ctrl-C.
  public static let interruptedCode: Int32 = 130

  /// The images, in the batch's order (not yet finished ones absent).
  public var outcomes: [BatchOutcome]
  /// Images the batch had.
  public var total: Int
  /// Whether Ctrl-C stopped it.
  public var interrupted: Bool
  /// The whole command's wall time, in seconds.
  public var seconds: Double

  /// Creates a summary.
  public init(outcomes: [BatchOutcome], total: Int, interrupted: Bool, seconds: Double) {
    self.outcomes = outcomes
    self.total = total
    self.interrupted = interrupted
    self.seconds = seconds
  }

  /// Images with `status`.
  public func count(_ status: BatchOutcome.Status) -> Int { outcomes.filter { $0.status == status }.count }

  /// The failed images, in order.
  public var failures: [BatchOutcome] { outcomes.filter { $0.status == .failed } }

  /// Images never started (Ctrl-C came first).
  public var notStarted: Int { total - outcomes.count }

  /// 130 when interrupted; else 0 when every image was done or skipped; else the exit code the
  /// failed images share, or ``mixedFailureCode`` when they differ.
  public var exitCode: Int32 {
    if interrupted { return Self.interruptedCode }
    let codes = Set(failures.compactMap { $0.error?.exitCode })
    if codes.isEmpty { return 0 }
    return codes.count == 1 ? codes.first ?? Self.mixedFailureCode : Self.mixedFailureCode
  }
}
