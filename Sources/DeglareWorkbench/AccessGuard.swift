import DeglareHTTPServer

/// Who may talk to the workbench: a page on this machine that knows the token.
///
/// - The token is 128 random bits (the system's cryptographic generator), in hex. The page gets
///   it once in the URL (`/?token=...`), which answers with an HttpOnly, SameSite=Strict cookie;
///   scripts may send the `X-Deglare-Token` header instead. Every request without it gets 403.
/// - The `Host` header must be `127.0.0.1:PORT` or `localhost:PORT` (a page on another site that
///   rebinds its DNS name to 127.0.0.1 sends its own name, and gets 403).
/// - Cross-origin requests get 403 (`Origin` or `Sec-Fetch-Site` naming another site), and no
///   CORS header is ever sent, so no other page can read an answer.
/// - Bodies are bounded per route (``bodyLimit(for:)``) before they are read.
struct AccessGuard: Sendable {
  /// The token, 32 hex digits.
  let token: String
  /// The port the server listens on.
  let port: Int

  /// A guard with a fresh random token.
  init(port: Int) {
    var generator = SystemRandomNumberGenerator()
    let high = generator.next() as UInt64
    let low = generator.next() as UInt64
    self.token = AccessGuard.hex(high) + AccessGuard.hex(low)
    self.port = port
  }

  /// A guard with a given token (tests).
  init(token: String, port: Int) {
    self.token = token
    self.port = port
  }

  /// The cookie's name; it names the port, because cookies are shared by every port of a host.
  var cookieName: String { "deglare_token_\(port)" }

  /// The `Set-Cookie` value the first page load answers with.
  var cookie: String { "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" }

  /// The refusal for a request that may not proceed, or nil. Sees the head only (no body yet).
  func refusal(for request: ServerRequest) -> ServerResponse? {
    let hosts = request.headerValues("host")
    guard hosts.count == 1, isAllowedHost(hosts[0]) else {
      return WorkbenchResponse.forbidden("this workbench answers only to 127.0.0.1:\(port) and localhost:\(port)")
    }
    if let origin = request.header("origin"), !isAllowedOrigin(origin) {
      return WorkbenchResponse.forbidden("cross-origin requests are refused")
    }
    if let site = request.header("sec-fetch-site"), site != "same-origin", site != "none" {
      return WorkbenchResponse.forbidden("cross-site requests are refused")
    }
    let offered = [request.query["token"], request.cookies[cookieName], request.header("x-deglare-token")]
    guard offered.contains(where: { $0.map(matches) ?? false }) else {
      return WorkbenchResponse.forbidden("a valid token is required: open the URL the workbench printed")
    }
    if let length = request.header("content-length").flatMap(Int.init),
      length > AccessGuard.bodyLimit(for: request.path)
    {
      return WorkbenchResponse.error(
        413, "the request body is larger than the \(AccessGuard.bodyLimit(for: request.path)) bytes accepted here")
    }
    return nil
  }

  /// The largest body a route accepts: a mask file may be large, everything else is small.
  static func bodyLimit(for path: String) -> Int {
    path == "/api/mask/load" ? 256 << 20 : 4 << 20
  }

  /// Whether `value` is the token, compared in constant time.
  func matches(_ value: String) -> Bool {
    let offered = Array(value.utf8)
    let expected = Array(token.utf8)
    guard offered.count == expected.count else { return false }
    var difference: UInt8 = 0
    for index in 0..<expected.count { difference |= offered[index] ^ expected[index] }
    return difference == 0
  }

  private func isAllowedHost(_ host: String) -> Bool {
    let lowered = host.lowercased()
    return lowered == "127.0.0.1:\(port)" || lowered == "localhost:\(port)"
  }

  private func isAllowedOrigin(_ origin: String) -> Bool {
    let lowered = origin.lowercased()
    return lowered == "http://127.0.0.1:\(port)" || lowered == "http://localhost:\(port)"
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
