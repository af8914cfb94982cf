import DeglareCodecs
import DeglarePipeline
import Foundation
import Synchronization

/// One image of a batch, as the command that owns it sets it up: the single-image command with
/// this image's paths, and the files it writes.
struct BatchJob: Sendable {
  /// The image.
  let input: String
  /// Every file a done image has, in the order they are written.
  let outputs: [String]
  /// What an earlier run left (resume); by default, done when every output exists.
  let resume: @Sendable () -> BatchResume.State
  /// Runs the single-image command on this image, with `--json` on, printing through `context`.
  let run: @Sendable (CommandContext) async throws -> ExitCode

  /// A job whose resume state comes from the outputs alone (`detect`, `straighten`: they write
  /// no record), or from `resume`.
  init(
    input: String, outputs: [String], resume: (@Sendable () -> BatchResume.State)? = nil,
    run: @escaping @Sendable (CommandContext) async throws -> ExitCode
  ) {
    self.input = input
    self.outputs = outputs
    self.run = run
    self.resume =
      resume ?? {
        let existing = outputs.filter { FileManager.default.fileExists(atPath: $0) }
        if existing.isEmpty { return .absent }
        if existing.count == outputs.count { return .done }
        return .stale(reason: "some of this image's other outputs are missing")
      }
  }
}

/// Runs a batch's jobs through a ``BatchRunner`` and reports them (``BatchReport``): a line per
/// image, the summary, and the exit status (``BatchSummary/exitCode``).
struct BatchDriver {
  /// `--json`: one object per image on stdout.
  let json: Bool
  /// `--force`: redo images an earlier run did, replacing their outputs.
  let force: Bool
  /// Images at once.
  let concurrency: Int

  /// Runs `jobs` and returns the batch's exit status.
  func run(_ jobs: [BatchJob], context: CommandContext) async -> ExitCode {
    let clock = ContinuousClock()
    let start = clock.now
    let report = BatchReport(console: context.console, total: jobs.count, json: json)
    report.start()
    let outcomes = Mutex<[Int: BatchOutcome]>([:])
    // When each image's latest try began: an image that ran, done or failed, reports its time.
    let tries = Mutex<[Int: ContinuousClock.Instant]>([:])
    let force = force
    await BatchRunner(configuration: BatchRunner.Configuration(concurrency: concurrency)).run(
      count: jobs.count,
      started: { index in
        tries.withLock { $0[index] = clock.now }
        report.started(jobs[index].input)
      },
      work: { index in await Self.attempt(jobs[index], force: force, context: context) },
      finished: { index, result in
        var outcome: (BatchOutcome, String?)
        switch result {
        case .success(let done): outcome = done
        case .failure(let error): outcome = (Self.failure(error, job: jobs[index]), nil)
        }
        if outcome.0.status == .done || outcome.0.status == .failed, let began = tries.withLock({ $0[index] }) {
          outcome.0.seconds = (clock.now - began).seconds
        }
        outcomes.withLock { $0[index] = outcome.0 }
        report.finished(outcome.0, singleReport: outcome.1)
      })
    let ended = outcomes.withLock { all in all.keys.sorted().compactMap { all[$0] } }
    let summary = BatchSummary(
      outcomes: ended, total: jobs.count,
      interrupted: Task.isCancelled || ended.contains { $0.status == .cancelled },
      seconds: (clock.now - start).seconds)
    report.finish(summary)
    return ExitCode(summary.exitCode)
  }

  /// One try of one image: skipped, refused (an output it did not make), or run. A failure of
  /// the run is returned as `.failure`, so the runner sees a rate limit.
  private static func attempt(_ job: BatchJob, force: Bool, context: CommandContext) async
    -> Result<(BatchOutcome, String?), any Error>
  {
    switch force ? .absent : job.resume() {
    case .done:
      return .success((BatchOutcome(input: job.input, status: .skipped, outputs: job.outputs), nil))
    case .stale(let reason):
      let existing = job.outputs.first { FileManager.default.fileExists(atPath: $0) } ?? job.outputs[0]
      let error = CommandFailure(
        .cannotCreate, "\(existing) exists but \(reason); --force replaces it")
      return .failure(error)
    case .absent:
      break
    }
    let before = Set(job.outputs.filter { FileManager.default.fileExists(atPath: $0) })
    let capture = CapturedConsole()
    var single = context
    single.console = capture.console
    do {
      for output in job.outputs { try BatchPlan.createFolder(of: output) }
      let code = try await job.run(single)
      guard code == .success else {
        throw CommandFailure(code, capture.errors.last ?? "\(job.input) ended with exit status \(code.rawValue)")
      }
      let written = job.outputs.filter { FileManager.default.fileExists(atPath: $0) }
      let outcome = BatchOutcome(input: job.input, status: .done, outputs: written, warnings: capture.warnings)
      return .success((outcome, capture.output))
    } catch {
      if ErrorReporter.classify(error).0 == .interrupted {
        // A running image leaves nothing: whatever it wrote before the cancellation goes.
        for output in job.outputs where !before.contains(output) { unlink(output) }
      }
      return .failure(error)
    }
  }

  /// The outcome of an image whose run threw.
  private static func failure(_ error: any Error, job: BatchJob) -> BatchOutcome {
    let (code, message) = ErrorReporter.classify(error)
    if code == .interrupted { return BatchOutcome(input: job.input, status: .cancelled) }
    return BatchOutcome(
      input: job.input, status: .failed,
      error: (ErrorReporter.sentence(SecretRegistry.shared.redact(message)), code.rawValue))
  }
}

/// A console that keeps what one image's command prints: its `--json` object and its warnings.
private final class CapturedConsole: Sendable {
  private let out = Mutex("")
  private let err = Mutex("")

  /// The console to give the command.
  var console: Console {
    Console(out: { text in self.out.withLock { $0 += text } }, err: { text in self.err.withLock { $0 += text } })
  }

  /// Standard output, without its final newline.
  var output: String {
    out.withLock { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
  }

  /// The lines of standard error.
  private var lines: [String] { err.withLock { $0.split(separator: "\n").map(String.init) } }

  /// The warnings printed ("warning: " taken off).
  var warnings: [String] {
    lines.filter { $0.hasPrefix("warning: ") }.map { String($0.dropFirst("warning: ".count)) }
  }

  /// The error lines printed ("error: " taken off).
  var errors: [String] {
    lines.filter { $0.hasPrefix("error: ") }.map { String($0.dropFirst("error: ".count)) }
  }
}
