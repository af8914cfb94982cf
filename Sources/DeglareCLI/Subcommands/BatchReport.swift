import DeglareCore
import DeglarePipeline
import Synchronization

/// What a batch prints: on a terminal, a status line redrawn once a second (done / total, the
/// images running, the time left); a line per image on stderr (or, with `--json`, one object per
/// image on stdout); and the summary with the failures and their reasons on stderr.
final class BatchReport: Sendable {
  private struct State {
    var finished = 0
    var ran = 0
    var running: [String] = []
    var firstStart: ContinuousClock.Instant?
  }

  private let console: Console
  private let total: Int
  private let json: Bool
  private let state = Mutex(State())
  private let ticker = Mutex<Task<Void, Never>?>(nil)

  /// A report for a batch of `total` images.
  init(console: Console, total: Int, json: Bool) {
    self.console = console
    self.total = total
    self.json = json
  }

  /// Starts the status line, on a terminal.
  func start() {
    guard console.errorIsTerminal else { return }
    let task = Task.detached { [weak self] in
      while !Task.isCancelled {
        self?.redraw()
        try? await Task.sleep(for: .seconds(1))
      }
    }
    ticker.withLock { $0 = task }
  }

  /// An image has started.
  func started(_ input: String) {
    state.withLock { state in
      state.running.append(input)
      if state.firstStart == nil { state.firstStart = .now }
    }
    redraw()
  }

  /// An image has ended: its line (and warnings), or its JSON object.
  func finished(_ outcome: BatchOutcome, singleReport: String?) {
    let number = state.withLock { state in
      if let index = state.running.firstIndex(of: outcome.input) { state.running.remove(at: index) }
      state.finished += 1
      if outcome.status == .done || outcome.status == .failed { state.ran += 1 }
      return state.finished
    }
    if console.errorIsTerminal { console.clearStatus() }
    if json {
      console.print(Self.jsonLine(outcome, singleReport: singleReport))
    } else {
      for line in lines(outcome, number: number) { console.printError(line) }
    }
    redraw()
  }

  /// Stops the status line and prints the summary and the failures.
  func finish(_ summary: BatchSummary) {
    ticker.withLock { $0.take() }?.cancel()
    if console.errorIsTerminal { console.clearStatus() }
    let time = "\(String(format1: summary.seconds)) s"
    if summary.interrupted {
      console.printError(
        "interrupted after \(time): \(summary.count(.done)) done, \(summary.count(.skipped)) skipped, "
          + "\(summary.count(.failed)) failed, \(summary.count(.cancelled)) stopped while running (nothing written "
          + "for them), \(summary.notStarted) not started")
    } else {
      console.printError(
        "\(summary.total) image\(summary.total == 1 ? "" : "s"): \(summary.count(.done)) done, "
          + "\(summary.count(.skipped)) skipped, \(summary.count(.failed)) failed in \(time)")
    }
    let failures = summary.failures
    guard !failures.isEmpty else { return }
    console.printError("failed:")
    for failure in failures {
      let error = failure.error.map { "\($0.message) (exit \($0.exitCode))" } ?? "failed"
      console.printError("  \(failure.input): \(error)")
    }
  }

  /// The line of an image on stderr, then its warnings.
  private func lines(_ outcome: BatchOutcome, number: Int) -> [String] {
    let prefix = "[\(number)/\(total)] \(outcome.status.rawValue) \(outcome.input)"
    var lines: [String]
    switch outcome.status {
    case .done:
      lines = ["\(prefix) -> \(outcome.outputs.joined(separator: ", ")) (\(String(format1: outcome.seconds)) s)"]
    case .skipped:
      lines = ["\(prefix): \(outcome.outputs.joined(separator: ", ")) already made from it with these settings"]
    case .failed:
      lines = ["\(prefix): \(outcome.error?.message ?? "")"]
    case .cancelled:
      lines = ["\(prefix): stopped, nothing written"]
    }
    return lines + outcome.warnings.map { "  warning: \($0)" }
  }

  /// The image's object: input, status, outputs, warnings, seconds, error and exit code, and
  /// the single-image command's own `--json` object as `report`.
  static func jsonLine(_ outcome: BatchOutcome, singleReport: String?) -> String {
    let exitCode: Int32
    switch outcome.status {
    case .done, .skipped: exitCode = 0
    case .failed: exitCode = outcome.error?.exitCode ?? BatchSummary.mixedFailureCode
    case .cancelled: exitCode = BatchSummary.interruptedCode
    }
    let object = JSONValue.object([
      ("input", .string(outcome.input)),
      ("status", .string(outcome.status.rawValue)),
      ("outputs", .array(outcome.outputs.map(JSONValue.string))),
      ("warnings", .array(outcome.warnings.map(JSONValue.string))),
      ("seconds", .double((outcome.seconds * 1000).rounded() / 1000)),
      ("error", outcome.error.map { .string($0.message) } ?? .null),
      ("exit_code", .int(Int(exitCode))),
    ]).text
    // The single command's object is JSON text already; it goes in as it is.
    guard let singleReport, singleReport.hasPrefix("{") else { return object }
    return String(object.dropLast()) + ",\"report\":" + singleReport + "}"
  }

  /// The status line: "[3/10] 30 % · IMG_4.jpg, IMG_5.jpg · 0:42 left".
  private func redraw() {
    guard console.errorIsTerminal else { return }
    let (finished, ran, running, firstStart) = state.withLock { ($0.finished, $0.ran, $0.running, $0.firstStart) }
    var text = "[\(finished)/\(total)] \(total == 0 ? 100 : finished * 100 / total) %"
    if !running.isEmpty { text += " · " + running.map(Self.fileName).joined(separator: ", ") }
    if ran > 0, let firstStart {
      let perImage = (ContinuousClock.now - firstStart).seconds / Double(ran)
      let left = Int((perImage * Double(total - finished)).rounded())
      text += " · \(left / 60):\(String(left % 60).leftPadded(to: 2)) left"
    }
    console.redrawStatus(text)
  }

  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
