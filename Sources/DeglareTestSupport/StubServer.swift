import Foundation
@preconcurrency import Glibc

/// A client for a running stub server's control API (`/__control/...`, see StubServer/README.md).
///
/// It speaks HTTP over a raw socket, independent of the transport under test.
public struct StubServer: Sendable {
  /// The port on 127.0.0.1.
  public let port: Int

  /// Creates a client for a server on `port`.
  public init(port: Int) { self.port = port }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }
  /// The value for `OPENAI_BASE_URL` (includes `/v1`, as the SDK's default does).
  public var openAIBaseURL: String { baseURL + "/v1" }
  /// The value for `GOOGLE_GEMINI_BASE_URL` (no version segment).
  public var geminiBaseURL: String { baseURL }
  /// `OPENAI_BASE_URL` and `GOOGLE_GEMINI_BASE_URL` pointing both providers at this stub.
  public var baseURLEnvironment: [String: String] {
    ["OPENAI_BASE_URL": openAIBaseURL, "GOOGLE_GEMINI_BASE_URL": geminiBaseURL]
  }

  /// Sets the default mode (clearing queued ones), or queues `mode` for the next `times` API
  /// requests. `options`: `retry_ms`, `drip_bytes`, `drip_ms`.
  public func setMode(_ mode: String, times: Int? = nil, options: [String: String] = [:]) throws {
    var query = "mode=\(mode)"
    if let times { query += "&times=\(times)" }
    for (key, value) in options.sorted(by: { $0.key < $1.key }) { query += "&\(key)=\(value)" }
    try expectOK(request("POST", "/__control/mode?\(query)"))
  }

  /// Releases every request held by `gate` mode; returns how many were held.
  @discardableResult
  public func release() throws -> Int {
    let response = try expectOK(request("POST", "/__control/release"))
    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    return object?["released"] as? Int ?? 0
  }

  /// Forgets recorded requests and modes.
  public func reset() throws { try expectOK(request("POST", "/__control/reset")) }

  /// How many requests are held at the gate and how many were recorded.
  public func state() throws -> (held: Int, requests: Int) {
    let response = try expectOK(request("GET", "/__control/state"))
    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    return (object?["held"] as? Int ?? 0, object?["requests"] as? Int ?? 0)
  }

  /// Waits until `count` requests are held at the gate (polling every 10 ms, for up to `timeout`
  /// seconds, a hang guard). Gives up at once when `senderAlive` says whoever was to send them has ended (a
  /// process that exited before its request arrived).
  public func waitUntilHeld(
    _ count: Int = 1, timeout: Double = ProcessRunner.hangGuard, senderAlive: () -> Bool = { true }
  ) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    // Asks once more after every sleep, even past the deadline: a test task that the busy
    // cooperative pool resumes late must still see a request that arrived meanwhile.
    while true {
      if try state().held >= count { return }
      guard senderAlive() else { throw StubServerError("the sender ended before its request reached the gate") }
      guard Date() < deadline else { break }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    throw StubServerError("no request reached the gate within \(timeout) s")
  }

  /// Waits until `count` requests that `process` sends are held at the gate (a hang guard; it
  /// gives up at once when the process ends). When they never arrive, the error says how the
  /// process exited and what it wrote on stderr.
  public func waitUntilHeld(_ count: Int, sentBy process: RunningProcess) async throws {
    do {
      try await waitUntilHeld(count, senderAlive: { process.isRunning })
    } catch {
      let outcome = await process.wait(timeout: 1)
      throw StubServerError("\(error); deglare exited \(outcome.status): \(outcome.stderr)")
    }
  }

  /// Every API request recorded so far, oldest first.
  public func requests() throws -> [StubRecordedRequest] {
    let response = try expectOK(request("GET", "/__control/requests"))
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode([StubRecordedRequest].self, from: Data(response.body))
  }

  /// The raw body of recorded request `index`.
  public func body(ofRequest index: Int) throws -> [UInt8] {
    try expectOK(request("GET", "/__control/requests/\(index)/body")).body
  }

  /// The bytes of the first multipart part named `name` in recorded request `index`.
  public func part(_ name: String, ofRequest index: Int) throws -> [UInt8] {
    try expectOK(request("GET", "/__control/requests/\(index)/parts/\(name)")).body
  }

  /// The decoded bytes of inline image `number` (0-based) of Gemini request `index`.
  public func inlineImage(_ number: Int, ofRequest index: Int) throws -> [UInt8] {
    try expectOK(request("GET", "/__control/requests/\(index)/images/\(number)")).body
  }

  // MARK: - HTTP over a socket

  struct RawResponse {
    var status: Int
    var body: [UInt8]
  }

  @discardableResult
  private func expectOK(_ response: RawResponse) throws -> RawResponse {
    guard response.status == 200 else {
      throw StubServerError(
        "control request failed: \(response.status) \(String(decoding: response.body, as: UTF8.self))")
    }
    return response
  }

  private func request(_ method: String, _ path: String) throws -> RawResponse {
    let response: LoopbackHTTP.Response
    do {
      response = try LoopbackHTTP.request(port: port, method: method, path: path)
    } catch {
      throw StubServerError("cannot reach the stub on port \(port): \(error)")
    }
    return RawResponse(status: response.status, body: response.body)
  }
}

/// One request as the stub recorded it (`GET /__control/requests`).
public struct StubRecordedRequest: Decodable, Sendable {
  /// One multipart part.
  public struct Part: Decodable, Sendable {
    /// Field name.
    public var name: String
    /// File name, nil for a text field.
    public var filename: String?
    /// Part Content-Type, nil when absent.
    public var contentType: String?
    /// Byte count.
    public var length: Int
    /// The part's header lines as sent.
    public var headers: [String]
    /// The text of a field (nil for files).
    public var value: String?
    /// What a file part decodes to.
    public var image: ImageSummary?
  }

  /// An inline image of a Gemini request.
  public struct InlineImage: Decodable, Sendable {
    /// "contents[0].parts[1]".
    public var path: String
    /// "inlineData" or "inline_data".
    public var partKey: String
    /// "mimeType" or "mime_type".
    public var mimeKey: String
    /// The declared MIME type.
    public var mimeType: String
    /// "standard", "url", "either" or "mixed".
    public var alphabet: String
    /// Whether the base64 ended with '='.
    public var padded: Bool
    /// Decoded byte count (-1 when the base64 was invalid).
    public var length: Int
    /// What the bytes decode to.
    public var image: ImageSummary?
  }

  /// What image bytes decode to.
  public struct ImageSummary: Decodable, Sendable {
    /// "png" or "jpeg", nil when undecodable.
    public var format: String?
    /// Pixel width.
    public var width: Int?
    /// Pixel height.
    public var height: Int?
    /// 8 or 16.
    public var bitDepth: Int?
    /// "gray", "RGB", "RGBA" ...
    public var channels: String?
  }

  /// Order of arrival, from 0.
  public var index: Int
  /// "GET" or "POST".
  public var method: String
  /// The path without the query.
  public var path: String
  /// Query parameters as [name, value].
  public var query: [[String]]
  /// Headers as [name, value] in wire order.
  public var headers: [[String]]
  /// The Content-Type header.
  public var contentType: String?
  /// Body byte count.
  public var bodyLength: Int
  /// The mode that answered it.
  public var mode: String
  /// The answer's status (0 while held).
  public var status: Int
  /// Multipart parts, for multipart requests.
  public var multipart: [Part]?
  /// Inline images, for JSON requests.
  public var inlineImages: [InlineImage]?

  /// The first header with this name (case-insensitive).
  public func header(_ name: String) -> String? {
    headers.first { $0.first?.lowercased() == name.lowercased() }.flatMap { $0.count > 1 ? $0[1] : nil }
  }

  /// The first part with this name.
  public func part(_ name: String) -> Part? { multipart?.first { $0.name == name } }
}
