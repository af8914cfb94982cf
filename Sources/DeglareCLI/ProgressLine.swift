import Synchronization

/// A one-line progress indicator on stderr ("waiting for openai… 12 s"), shown only when stderr
/// is a terminal; redrawn once a second from ``start()`` and erased by ``stop()``.
final class ProgressLine: Sendable {
  private struct State {
    var label: String
    var seconds = 0
    var task: Task<Void, Never>?
  }

  private let console: Console
  private let state: Mutex<State>

  /// Prepares a line showing `label` with the elapsed seconds; nothing is shown before ``start()``.
  init(console: Console, label: String) {
    self.console = console
    state = Mutex(State(label: label))
  }

  /// Starts showing the line, if stderr is a terminal (and it is not shown already).
  func start() {
    guard console.errorIsTerminal else { return }
    state.withLock { state in
      guard state.task == nil else { return }
      state.seconds = 0
      state.task = Task.detached { [weak self] in
        while !Task.isCancelled {
          self?.redraw()
          try? await Task.sleep(for: .seconds(1))
          self?.state.withLock { $0.seconds += 1 }
        }
      }
    }
  }

  /// Shows `label` from now on; the seconds go on counting.
  func relabel(_ label: String) {
    state.withLock { $0.label = label }
    redraw()
  }

  /// Runs `body` (which prints lines on stderr) with the line erased first and redrawn after, so
  /// the lines do not run into it.
  func above(_ body: () -> Void) {
    let shown = state.withLock { $0.task != nil }
    if shown { console.clearStatus() }
    body()
    if shown { redraw() }
  }

  /// Stops and erases the line, if it was shown.
  func stop() {
    guard let running = state.withLock({ $0.task.take() }) else { return }
    running.cancel()
    console.clearStatus()
  }

  private func redraw() {
    let text = state.withLock { $0.task == nil ? nil : "\($0.label)… \($0.seconds) s" }
    if let text { console.redrawStatus(text) }
  }
}
