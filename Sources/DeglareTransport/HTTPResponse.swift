/// A complete HTTP response: the final status line's code, its headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code (200, 429 ...) of the final response (interim 1xx responses are skipped).
  public var status: Int
  /// Response headers in the order received, names as sent by the server.
  public var headers: [HTTPHeader]
  /// The body, already decoded from any `Content-Encoding`.
  public var body: [UInt8]
  /// Request body bytes sent (as libcurl counts them: the payload, not the headers).
  public var bytesSent: Int
  /// Response body bytes received (before content decoding).
  public var bytesReceived: Int

  /// Creates a response.
  public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = [], bytesSent: Int = 0, bytesReceived: Int = 0) {
    self.status = status
    self.headers = headers
    self.body = body
    self.bytesSent = bytesSent
    self.bytesReceived = bytesReceived
  }

  /// The last header with this name (case-insensitive), or nil.
  public func header(_ name: String) -> String? { headers.values(named: name).last }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// The body as UTF-8 text (invalid sequences replaced).
  public var text: String { String(decoding: body, as: UTF8.self) }
}
