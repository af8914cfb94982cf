/// A usage mistake on the command line: exit 64, with the message and a hint to `--help`.
///
/// Modelled on swift-argument-parser's `ValidationError`.
public struct ValidationError: Error, Equatable, CustomStringConvertible {
  /// One sentence naming what is wrong, with the offending value.
  public let message: String

  /// Creates a usage error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// A failure a command decided on itself, with its exit code (for example "nothing to remove": 65).
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
  /// The exit status.
  public let code: ExitCode
  /// One sentence saying what went wrong and what to do next.
  public let message: String

  /// Creates a failure.
  public init(_ code: ExitCode, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// Help or version was requested: print `text` on stdout and exit 0.
struct CleanExit: Error {
  let text: String
}
