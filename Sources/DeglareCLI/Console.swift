import DeglareCodecs
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Where a command writes: standard output for results, standard error for diagnostics.
///
/// Injected so in-process tests capture the exact text. Everything printed through it passes the
/// key redaction of ``SecretRegistry`` first and then ``TerminalText/escaped(_:)``, so neither a
/// key nor a control character in a file name reaches the terminal. The sinks receive whole lines
/// or blocks, already terminated with a newline.
public struct Console: Sendable {
  private let writeOut: @Sendable (String) -> Void
  private let writeErr: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress lines are shown only then).
  public var errorIsTerminal: Bool
  /// Whether colour may be used (a terminal, and `NO_COLOR` unset).
  public var colorEnabled: Bool

  /// Creates a console from its sinks.
  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool = false, colorEnabled: Bool = false
  ) {
    self.writeOut = out
    self.writeErr = err
    self.errorIsTerminal = errorIsTerminal
    self.colorEnabled = colorEnabled
  }

  /// The process's standard output and standard error, unbuffered. A failed write to standard
  /// output (a full disk, a closed pipe) is remembered in ``standardOutputFailure``.
  public static var standard: Console {
    let terminal = isatty(STDERR_FILENO) == 1
    let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    return Console(
      out: { text in
        let failure = writeAll(STDOUT_FILENO, text)
        if failure != 0 { _ = standardOutputError.compareExchange(expected: 0, desired: failure, ordering: .relaxed) }
      },
      err: { text in _ = writeAll(STDERR_FILENO, text) },
      errorIsTerminal: terminal,
      colorEnabled: terminal && !noColor)
  }

  private static let standardOutputError = Atomic<Int32>(0)

  /// The errno of the first failed write to standard output by ``standard``, or nil: the
  /// command's results were lost, which `RootCommand.main` reports as exit 73.
  public static var standardOutputFailure: Int32? {
    let code = standardOutputError.load(ordering: .relaxed)
    return code == 0 ? nil : code
  }

  /// Writes `text` (redacted and escaped) on standard output.
  public func out(_ text: String) { writeOut(Console.printable(text)) }

  /// Writes `text` (redacted and escaped) on standard error.
  public func err(_ text: String) { writeErr(Console.printable(text)) }

  /// Redraws the status line on standard error (a terminal): carriage return, erase the line,
  /// then `text` (redacted and escaped), without a newline.
  func redrawStatus(_ text: String) { writeErr(Console.eraseLine + Console.printable(text)) }

  /// Erases the status line.
  func clearStatus() { writeErr(Console.eraseLine) }

  /// Carriage return and ECMA-48 "erase in line" (EL 2): the only control sequence deglare prints.
  private static let eraseLine = "\r\u{1B}[2K"

  /// Prints one line on standard output.
  public func print(_ line: String) { out(line + "\n") }

  /// Prints one line on standard error.
  public func printError(_ line: String) { err(line + "\n") }

  /// Prints "warning: ..." on standard error.
  public func warn(_ message: String) { err("warning: \(message)\n") }

  private static func printable(_ text: String) -> String {
    TerminalText.escaped(SecretRegistry.shared.redact(text))
  }
}

/// Writes all of `text` (``writeFully(_:_:)``); returns 0 or the errno of the failure.
private func writeAll(_ fd: Int32, _ text: String) -> Int32 {
  Array(text.utf8).withUnsafeBytes { writeFully(fd, $0) }
}
