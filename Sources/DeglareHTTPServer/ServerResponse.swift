/// One HTTP response: status, headers and body. The server adds `Content-Length` itself.
public struct ServerResponse: Sendable, Equatable {
  /// The status code (200, 403, ...).
  public var status: Int
  /// Header lines in order.
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: [UInt8]

  /// Creates a response.
  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response with `text` as a UTF-8 body of `contentType`.
  public init(status: Int, contentType: String, text: String) {
    self.init(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
  }

  /// The first header named `name` (case-insensitive), or nil.
  public func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.name.lowercased() == lowered }?.value
  }

  /// Responses are equal when every part is.
  public static func == (lhs: ServerResponse, rhs: ServerResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body && lhs.headers.map(\.name) == rhs.headers.map(\.name)
      && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }
}
