import Synchronization

/// A thread-safe text sink for capturing what a command prints, e.g.
/// `Console(out: stdout.append, err: stderr.append)`.
public final class TextCapture: Sendable {
  private let storage = Mutex("")

  /// Creates an empty capture.
  public init() {}

  /// Appends text.
  @Sendable public func append(_ text: String) {
    storage.withLock { $0 += text }
  }

  /// Everything captured so far.
  public var text: String { storage.withLock { $0 } }
}
