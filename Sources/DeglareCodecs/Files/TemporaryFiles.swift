import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Named temporary files that exist right now, so a signal handler can remove them before the
/// process exits. Only the fallback path of ``OutputFile`` creates named temporaries; the normal
/// path uses unnamed O_TMPFILE files that vanish with the process.
public final class TemporaryFiles: Sendable {
  /// The process-wide registry.
  public static let shared = TemporaryFiles()

  private let paths = Mutex<Set<String>>([])

  /// Registers a path.
  public func add(_ path: String) {
    paths.withLock { _ = $0.insert(path) }
  }

  /// Forgets a path (it was renamed or removed).
  public func remove(_ path: String) {
    paths.withLock { _ = $0.remove(path) }
  }

  /// Unlinks every registered path (called when the process is interrupted).
  public func removeAll() {
    let current = paths.withLock { set -> Set<String> in
      let copy = set
      set.removeAll()
      return copy
    }
    for path in current { unlink(path) }
  }
}
