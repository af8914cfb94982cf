/// Why the HTTP server could not start: the failing step, its `errno` and a sentence.
public struct HTTPServerError: Error, Equatable, CustomStringConvertible {
  /// The step that failed ("bind", "listen", "MHD_start_daemon").
  public var operation: String
  /// The `errno` value (0 when the library gave none).
  public var code: Int32
  /// The port that was asked for (0: any free port).
  public var port: Int
  /// What went wrong, for people.
  public var message: String

  /// One sentence naming the port.
  public var description: String { message }
}
