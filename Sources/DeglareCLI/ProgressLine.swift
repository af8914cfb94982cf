/// A one-line progress indicator on stderr ("waiting for openai… 12 s"), shown only when stderr
/// is a terminal; redrawn once a second and erased when stopped.
final class ProgressLine: Sendable {
  private let task: Task<Void, Never>?
  private let console: Console

  /// Starts showing `label` with the elapsed seconds, if `enabled` and stderr is a terminal.
  init(console: Console, label: String, enabled: Bool) {
    self.console = console
    guard enabled && console.errorIsTerminal else {
      task = nil
      return
    }
    task = Task.detached {
      var seconds = 0
      while !Task.isCancelled {
        console.err("\r\u{1B}[2K\(label)… \(seconds) s")
        try? await Task.sleep(for: .seconds(1))
        seconds += 1
      }
    }
  }

  /// Stops and erases the line.
  func stop() {
    guard let task else { return }
    task.cancel()
    console.err("\r\u{1B}[2K")
  }
}
