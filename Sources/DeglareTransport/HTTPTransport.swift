/// Sends HTTP requests. Production uses ``CurlTransport``; tests talk to the stub server through
/// the same transport.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the whole response, whatever its status.
  ///
  /// - Throws: ``TransportError`` when no complete response arrived (refused, timed out, dropped,
  ///   too large, refused by policy), `CancellationError` when the task was cancelled (the
  ///   transfer is aborted at once).
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
