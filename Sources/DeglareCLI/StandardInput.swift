#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Standard input as commands use it: read whole, or read a secret without echo on a terminal.
///
/// Injected so tests can feed keys without a terminal.
public struct StandardInput: Sendable {
  /// Whether standard input is a terminal.
  public var isTerminal: Bool
  /// Reads everything until end of file.
  public var readAll: @Sendable () -> [UInt8]
  /// Shows `prompt` on the terminal and reads one line with echo off; nil at end of input.
  public var readSecretLine: @Sendable (_ prompt: String) -> String?

  /// Creates an input from its parts.
  public init(
    isTerminal: Bool, readAll: @escaping @Sendable () -> [UInt8],
    readSecretLine: @escaping @Sendable (_ prompt: String) -> String?
  ) {
    self.isTerminal = isTerminal
    self.readAll = readAll
    self.readSecretLine = readSecretLine
  }

  /// Fixed bytes, as if piped in (tests).
  public static func piped(_ text: String) -> StandardInput {
    StandardInput(isTerminal: false, readAll: { Array(text.utf8) }, readSecretLine: { _ in nil })
  }

  /// The process's standard input.
  public static var standard: StandardInput {
    StandardInput(
      isTerminal: isatty(STDIN_FILENO) == 1,
      readAll: {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
          let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
          if n > 0 {
            bytes += chunk.prefix(n)
          } else if n < 0 && errno == EINTR {
            continue
          } else {
            return bytes
          }
        }
      },
      readSecretLine: { prompt in readWithoutEcho(prompt) })
  }
}

/// Reads one line from the terminal with echo off, restoring the terminal even on Ctrl-C.
private func readWithoutEcho(_ prompt: String) -> String? {
  var original = termios()
  guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
  var silent = original
  silent.c_lflag &= ~tcflag_t(ECHO)
  silent.c_lflag |= tcflag_t(ECHONL)
  TerminalRestore.saved = original
  defer {
    tcsetattr(STDIN_FILENO, TCSANOW, &original)
    TerminalRestore.saved = nil
  }
  _ = prompt.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  guard tcsetattr(STDIN_FILENO, TCSANOW, &silent) == 0 else { return nil }
  var line: [UInt8] = []
  var byte: UInt8 = 0
  while true {
    let n = read(STDIN_FILENO, &byte, 1)
    if n == 1 {
      if byte == 0x0A { break }
      line.append(byte)
    } else if n < 0 && errno == EINTR {
      continue
    } else {
      if line.isEmpty { return nil }
      break
    }
  }
  if line.last == 0x0D { line.removeLast() }
  return String(decoding: line, as: UTF8.self)
}

/// The terminal settings to restore if a signal ends the process during a hidden prompt.
enum TerminalRestore {
  nonisolated(unsafe) static var saved: termios?

  /// Restores the saved settings (async-signal-safe: one tcsetattr call).
  static func restore() {
    if var settings = saved { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
  }
}
