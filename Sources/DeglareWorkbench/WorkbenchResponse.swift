import DeglareCore
import DeglareHTTPServer

/// The workbench's answers, with the headers every answer carries.
enum WorkbenchResponse {
  /// Headers on every answer: no caching unless stated, no sniffing, no framing, no referrer (the
  /// first URL holds the token), and a content security policy that allows this origin only.
  static let commonHeaders: [(name: String, value: String)] = [
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
  ]

  /// A JSON answer, never cached.
  static func json(_ value: JSONValue, status: Int = 200) -> ServerResponse {
    ServerResponse(
      status: status,
      headers: commonHeaders + [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")],
      body: Array(value.text.utf8))
  }

  /// An error answer: `{"error": message}`.
  static func error(_ status: Int, _ message: String) -> ServerResponse {
    json(.object([("error", .string(message))]), status: status)
  }

  /// 403 with a sentence.
  static func forbidden(_ message: String) -> ServerResponse {
    ServerResponse(
      status: 403,
      headers: commonHeaders + [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
      body: Array((message + "\n").utf8))
  }

  /// A file of the page.
  static func file(_ text: String, contentType: String, extraHeaders: [(name: String, value: String)] = [])
    -> ServerResponse
  {
    ServerResponse(
      status: 200,
      headers: commonHeaders + [("Content-Type", contentType), ("Cache-Control", "no-cache")] + extraHeaders,
      body: Array(text.utf8))
  }

  /// An image tile; its URL names its revision, so it never changes and may be cached.
  static func tile(_ bytes: [UInt8], contentType: String) -> ServerResponse {
    ServerResponse(
      status: 200,
      headers: commonHeaders + [("Content-Type", contentType), ("Cache-Control", "private, max-age=86400, immutable")],
      body: bytes)
  }

  /// 204: a tile with nothing in it (an empty stretch of mask).
  static var emptyTile: ServerResponse {
    ServerResponse(status: 204, headers: commonHeaders + [("Cache-Control", "private, max-age=86400, immutable")])
  }

  /// The content type for a page file's name.
  static func contentType(forFile name: String) -> String {
    if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
    if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
    if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
    if name.hasSuffix(".svg") { return "image/svg+xml" }
    return "application/octet-stream"
  }
}
