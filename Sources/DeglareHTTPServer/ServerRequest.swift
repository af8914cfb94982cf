/// One HTTP request as the server received it: method, path, query, headers, cookies and body.
///
/// Header names are lower-cased; values are as sent. The path is the request target without its
/// query, percent-decoded by the server library; query values are percent-decoded too.
public struct ServerRequest: Sendable, Equatable {
  /// "GET", "POST", ...
  public var method: String
  /// The path, e.g. "/api/state".
  public var path: String
  /// Query arguments by name (a name given without "=value" maps to "").
  public var query: [String: String]
  /// Every header line in the order sent, names lower-cased.
  public var headers: [(name: String, value: String)]
  /// Cookies by name.
  public var cookies: [String: String]
  /// The body (empty for a GET).
  public var body: [UInt8]

  /// Creates a request.
  public init(
    method: String, path: String, query: [String: String] = [:], headers: [(name: String, value: String)] = [],
    cookies: [String: String] = [:], body: [UInt8] = []
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.cookies = cookies
    self.body = body
  }

  /// The first header named `name` (case-insensitive), or nil.
  public func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.name == lowered }?.value
  }

  /// Every value of the header named `name` (case-insensitive), in order.
  public func headerValues(_ name: String) -> [String] {
    let lowered = name.lowercased()
    return headers.filter { $0.name == lowered }.map(\.value)
  }

  /// Requests are equal when every part is.
  public static func == (lhs: ServerRequest, rhs: ServerRequest) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query && lhs.cookies == rhs.cookies
      && lhs.body == rhs.body && lhs.headers.map(\.name) == rhs.headers.map(\.name)
      && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }
}
