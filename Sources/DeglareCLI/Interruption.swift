import DeglareCodecs
import Dispatch
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// SIGINT and SIGTERM handling for the whole process.
///
/// At start-up deglare unblocks both signals and installs its handlers unconditionally: a parent
/// may have left them blocked (children of a test runner) or ignored (background jobs of a
/// script), yet a user's Ctrl-C and a supervisor's SIGTERM must work. The first signal cancels
/// the running command (a removal tears its session down, aborts the transfer and writes
/// nothing; the command then exits 130 with "cancelled; nothing written"). A second signal, or
/// any signal while a hidden key prompt has the terminal, ends the process at once, after
/// restoring the terminal and removing temporary files.
enum Interruption {
  private static let signalCount = Atomic<Int>(0)
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// Unblocks SIGINT/SIGTERM and routes them to `cancel` (first) or a hard exit (second).
  static func install(cancel: @escaping @Sendable () -> Void) {
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGINT)
    sigaddset(&unblock, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    for number in [SIGINT, SIGTERM] {
      // Dispatch delivers the signal to the source; the default action must not run first.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        let count = signalCount.add(1, ordering: .sequentiallyConsistent).newValue
        if count == 1 && TerminalRestore.saved == nil {
          cancel()
        } else {
          hardExit()
        }
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Leaves now: terminal restored, temporary files removed, exit 130.
  static func hardExit() -> Never {
    TerminalRestore.restore()
    TemporaryFiles.shared.removeAll()
    let message = "\ncancelled; nothing written\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    _exit(130)
  }
}
