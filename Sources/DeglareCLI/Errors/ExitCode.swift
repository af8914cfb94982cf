/// A process exit status, with the names of docs/cli.md (Exit codes) and sysexits.h.
public struct ExitCode: Sendable, Hashable, CustomStringConvertible {
  /// The raw status passed to `exit`.
  public let rawValue: Int32

  /// Creates an exit code.
  public init(_ rawValue: Int32) { self.rawValue = rawValue }

  /// 0: the command did what was asked.
  public static let success = ExitCode(0)
  /// 1: `verify` found pixels that differ outside the mask.
  public static let failure = ExitCode(1)
  /// 64 (EX_USAGE): the command line is wrong.
  public static let usage = ExitCode(64)
  /// 65 (EX_DATAERR): bad input data (undecodable image, size mismatch, empty mask).
  public static let dataError = ExitCode(65)
  /// 69 (EX_UNAVAILABLE): provider or network failure, including safety blocks.
  public static let unavailable = ExitCode(69)
  /// 73 (EX_CANTCREAT): the output cannot be written (exists, folder missing, no permission).
  public static let cannotCreate = ExitCode(73)
  /// 77 (EX_NOPERM): a key is missing or was rejected.
  public static let noPermission = ExitCode(77)
  /// 130: interrupted by SIGINT or SIGTERM; nothing was written.
  public static let interrupted = ExitCode(130)

  /// The raw value.
  public var description: String { String(rawValue) }
}
