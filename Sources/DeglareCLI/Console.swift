#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Where a command writes: standard output for results, standard error for diagnostics.
///
/// Injected so in-process tests capture the exact text. Each closure receives whole lines or
/// blocks, already terminated with a newline.
public struct Console: Sendable {
  /// Writes to standard output.
  public var out: @Sendable (String) -> Void
  /// Writes to standard error.
  public var err: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress lines are shown only then).
  public var errorIsTerminal: Bool
  /// Whether colour may be used (a terminal, and `NO_COLOR` unset).
  public var colorEnabled: Bool

  /// Creates a console from its sinks.
  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool = false, colorEnabled: Bool = false
  ) {
    self.out = out
    self.err = err
    self.errorIsTerminal = errorIsTerminal
    self.colorEnabled = colorEnabled
  }

  /// The process's standard output and standard error, unbuffered; everything written passes
  /// through the key redaction of ``SecretRegistry``.
  public static var standard: Console {
    let terminal = isatty(STDERR_FILENO) == 1
    let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    return Console(
      out: { text in writeAll(STDOUT_FILENO, SecretRegistry.shared.redact(text)) },
      err: { text in writeAll(STDERR_FILENO, SecretRegistry.shared.redact(text)) },
      errorIsTerminal: terminal,
      colorEnabled: terminal && !noColor)
  }

  /// Prints one line on standard output.
  public func print(_ line: String) { out(line + "\n") }

  /// Prints one line on standard error.
  public func printError(_ line: String) { err(line + "\n") }

  /// Prints "warning: ..." on standard error.
  public func warn(_ message: String) { err("warning: \(message)\n") }
}

private func writeAll(_ fd: Int32, _ text: String) {
  var bytes = Array(text.utf8)
  bytes.withUnsafeMutableBytes { raw in
    guard let base = raw.baseAddress else { return }
    var offset = 0
    while offset < raw.count {
      let n = write(fd, base + offset, raw.count - offset)
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
