import Synchronization

/// A one-line progress indicator on stderr ("waiting for openai… 12 s"), shown only when stderr
/// is a terminal; redrawn once a second from ``start()`` and erased by ``stop()``.
final class ProgressLine: Sendable {
  private let console: Console
  private let label: String
  private let task = Mutex<Task<Void, Never>?>(nil)

  /// Prepares a line showing `label` with the elapsed seconds; nothing is shown before ``start()``.
  init(console: Console, label: String) {
    self.console = console
    self.label = label
  }

  /// Starts showing the line, if stderr is a terminal.
  func start() {
    guard console.errorIsTerminal else { return }
    let console = console
    let label = label
    let started = Task.detached {
      var seconds = 0
      while !Task.isCancelled {
        console.err("\r\u{1B}[2K\(label)… \(seconds) s")
        try? await Task.sleep(for: .seconds(1))
        seconds += 1
      }
    }
    task.withLock { $0 = started }
  }

  /// Stops and erases the line, if it was shown.
  func stop() {
    guard let running = task.withLock({ $0.take() }) else { return }
    running.cancel()
    console.err("\r\u{1B}[2K")
  }
}
