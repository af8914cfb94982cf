import DeglareTestSupport
import DeglareTransport
import Foundation
import Synchronization
import Testing

@Suite("CurlTransport against stub-server", .serialized)
struct CurlTransportTests {
  let transport = CurlTransport()

  /// `GET <openAIBaseURL>/models` with a bearer token: a request every stub mode answers or holds.
  static func models(_ server: StubServer) -> HTTPRequest {
    HTTPRequest(method: .get, url: server.openAIBaseURL + "/models", headers: [HTTPHeader("Authorization", "Bearer k")])
  }

  /// A transport whose poll, without a wakeup, would sleep for an hour, past the hang guard.
  static let sleepy = CurlTransport(configuration: .init(totalTimeout: 3600, idleWait: 3600))

  /// Cancels `task` (a transfer in progress) and expects it to end with `CancellationError`.
  /// The wait is a hang guard of ``ProcessRunner/hangGuard`` seconds, not a time limit: a cancel
  /// that does not wake the poll leaves the transfer asleep for an hour.
  static func expectCancellation(of task: Task<HTTPResponse, any Error>) async {
    task.cancel()
    let ended = Ended()
    Task {
      let result = await task.result
      ended.result.withLock { $0 = result }
    }
    let deadline = Date().addingTimeInterval(ProcessRunner.hangGuard)
    while ended.result.withLock({ $0 == nil }) && Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    guard let result = ended.result.withLock({ $0 }) else {
      Issue.record("the cancelled transfer did not end: the cancel did not wake its poll")
      return
    }
    #expect(throws: CancellationError.self) { try result.get() }
  }

  /// How a transfer ended, once it has.
  final class Ended: Sendable {
    let result = Mutex<Result<HTTPResponse, any Error>?>(nil)
  }

  @Test("GET returns status, headers and body; credentials are sent")
  func getModels() async throws {
    try await withStubServer { server in
      let request = HTTPRequest(
        method: .get, url: server.openAIBaseURL + "/models", headers: [HTTPHeader("Authorization", "Bearer sk-test-1")])
      let response = try await transport.send(request)
      #expect(response.status == 200)
      #expect(response.header("x-request-id") == "req_stub_0")
      #expect(response.text.hasPrefix("{\"object\":\"list\""))
      #expect(response.bytesReceived == response.body.count)
      let recorded = try #require(try server.requests().first)
      #expect(recorded.method == "GET")
      #expect(recorded.path == "/v1/models")
      #expect(recorded.header("Authorization") == "Bearer sk-test-1")
      #expect(recorded.header("User-Agent") == "deglare/0.1")
      #expect(recorded.header("Expect") == nil)
    }
  }

  @Test("multipart parts arrive in order; text fields carry no Content-Type, files do")
  func multipart() async throws {
    try await withStubServer { server in
      let parts: [MultipartPart] = [
        .field("prompt", "héllo \"quoted\""), .field("n", "1"),
        .file("image", filename: "image.png", contentType: "image/png", data: [0x89, 0x50, 0x4E, 0x47, 0, 1, 2]),
      ]
      let request = HTTPRequest(method: .post, url: server.openAIBaseURL + "/images/edits", body: .multipart(parts))
      // Sent without a key: the stub records the request whole, then refuses it as OpenAI does.
      let response = try await transport.send(request)
      #expect(response.status == 401)
      let recorded = try #require(try server.requests().first)
      #expect(recorded.contentType?.hasPrefix("multipart/form-data; boundary=") == true)
      let got = try #require(recorded.multipart)
      #expect(got.map(\.name) == ["prompt", "n", "image"])
      #expect(got[0].value == "héllo \"quoted\"")
      #expect(got[0].headers == ["Content-Disposition: form-data; name=\"prompt\""])
      #expect(got[1].value == "1")
      #expect(got[2].filename == "image.png")
      #expect(got[2].contentType == "image/png")
      #expect(got[2].length == 7)
      #expect(try server.part("image", ofRequest: 0) == [0x89, 0x50, 0x4E, 0x47, 0, 1, 2])
    }
  }

  @Test("a byte body is sent with its content type")
  func bytesBody() async throws {
    try await withStubServer { server in
      let body = Array("{\"a\":1}".utf8)
      let request = HTTPRequest(
        method: .post, url: server.geminiBaseURL + "/v1/models/gemini-3.1-flash-image:generateContent",
        headers: [HTTPHeader("x-goog-api-key", "AIza-test")], body: .bytes(body, contentType: "application/json"))
      let response = try await transport.send(request)
      #expect(response.status == 400)  // the stub validates: no contents
      #expect(response.bytesSent == body.count)
      #expect(try server.body(ofRequest: 0) == body)
      #expect(try server.requests()[0].contentType == "application/json")
    }
  }

  @Test("cancellation wakes an idle transfer (gate: no bytes flow, no timer of libcurl's is due)")
  func cancelWhileHeld() async throws {
    try await withStubServer(mode: "gate") { server in
      let request = Self.models(server)
      let task = Task { try await Self.sleepy.send(request) }
      try await server.waitUntilHeld()
      try await Task.sleep(nanoseconds: 200_000_000)  // let curl settle into curl_multi_poll
      await Self.expectCancellation(of: task)
      // Ended by the cancel while the stub still held the request unanswered.
      #expect(try server.requests().first?.status == 0)
      try server.release()
    }
  }

  @Test("cancellation in the middle of a slow download ends it")
  func cancelMidTransfer() async throws {
    try await withStubServer(mode: "ok") { server in
      try server.setMode("slow", options: ["drip_bytes": "16", "drip_ms": "3000"])
      let request = Self.models(server)
      let task = Task { try await Self.sleepy.send(request) }
      // Headers and the first bytes are in; the next drip is 3 s away. (The gate test above is the
      // one that fails without curl_multi_wakeup: here the socket's bytes also wake the poll.)
      try await Task.sleep(nanoseconds: 1_100_000_000)
      await Self.expectCancellation(of: task)
    }
  }

  @Test("an already-cancelled task sends nothing")
  func cancelledBeforeStart() async throws {
    try await withStubServer { server in
      let request = HTTPRequest(method: .get, url: server.openAIBaseURL + "/models")
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await transport.send(request)
      }
      await #expect(throws: CancellationError.self) { try await task.value }
      let state = try server.state()
      #expect(state.requests == 0)
    }
  }

  @Test("the total timeout ends a transfer that never answers")
  func totalTimeout() async throws {
    try await withStubServer(mode: "gate") { server in
      let quick = CurlTransport(configuration: .init(totalTimeout: 0.5))
      let request = Self.models(server)
      let error = await #expect(throws: TransportError.self) { try await quick.send(request) }
      #expect(error?.kind == .timedOut)
      // Nothing else could end it: the stub still held the request unanswered.
      #expect(try server.requests().first?.status == 0)
      try server.release()
    }
  }

  @Test("a response over the cap is refused")
  func responseCap() async throws {
    try await withStubServer { server in
      let small = CurlTransport(configuration: .init(maxResponseBytes: 100))
      let request = Self.models(server)
      let error = await #expect(throws: TransportError.self) { try await small.send(request) }
      #expect(error?.kind == .responseTooLarge)
    }
  }

  @Test("a dropped connection is a transport error", arguments: ["drop", "drop-midway"])
  func dropped(_ mode: String) async throws {
    try await withStubServer(mode: mode) { server in
      let request = Self.models(server)
      let error = await #expect(throws: TransportError.self) { try await transport.send(request) }
      #expect(error?.kind == .connectionLost)
    }
  }

  @Test("a refused connection is cannotConnect")
  func refused() async throws {
    let request = HTTPRequest(method: .get, url: "http://127.0.0.1:1/v1/models")
    let error = await #expect(throws: TransportError.self) { try await transport.send(request) }
    #expect(error?.kind == .cannotConnect)
  }

  @Test("https requests go through the configured proxy; loopback never does")
  func proxy() async throws {
    try await withStubServer { server in
      let proxied = CurlTransport(
        configuration: .init(
          proxy: .fromEnvironment(["https_proxy": server.baseURL, "http_proxy": "http://127.0.0.1:1"])))
      // Loopback bypasses the (dead) http proxy.
      let local = try await proxied.send(Self.models(server))
      #expect(local.status == 200)
      // A remote https URL is tunnelled through the proxy (the stub records the CONNECT and refuses it).
      await #expect(throws: TransportError.self) {
        try await proxied.send(HTTPRequest(method: .get, url: "https://api.openai.invalid/v1/models"))
      }
      let methods = try server.requests().map(\.method)
      #expect(methods == ["GET", "CONNECT"])
    }
  }
}
