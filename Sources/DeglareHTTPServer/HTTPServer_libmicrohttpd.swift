// The only file that calls libmicrohttpd.
//
// Hazards, and how this file meets them:
// - The library calls back on its own threads (one per connection), so the callbacks are
//   top-level functions, never closures that could be inferred main-actor isolated, and they
//   reach Swift state only through the context pointers below.
// - The access handler is called several times per request: once with the head (`*con_cls` is
//   NULL), then once per chunk of body (`*upload_data_size` > 0; we must consume it by setting it
//   to 0), then once more with no data, when the response is queued. The per-request state is a
//   retained `PendingRequest` in `*con_cls`, released by the request-completed callback, which
//   the library calls exactly once for every request that got a `*con_cls`.
// - The daemon context is passed unretained; `MicroHTTPDaemon` owns it and stops the daemon (which
//   joins every connection thread) before it can be freed.
// - Responses are created with .RESPMEM_MUST_COPY, so no Swift buffer outlives its scope in C.
internal import CMicroHTTPDShims
internal import Clibmicrohttpd
import Dispatch
import Synchronization

/// What the callbacks need; owned by ``MicroHTTPDaemon``.
private final class DaemonContext: Sendable {
  let handlers: HTTPServer.Handlers
  let maximumBodyBytes: Int

  init(handlers: HTTPServer.Handlers, maximumBodyBytes: Int) {
    self.handlers = handlers
    self.maximumBodyBytes = maximumBodyBytes
  }
}

/// One request between its head and its answer; used by one connection thread at a time.
private final class PendingRequest: @unchecked Sendable {
  var request: ServerRequest
  var tooLarge = false

  init(_ request: ServerRequest) { self.request = request }
}

/// Name/value pairs gathered by `MHD_get_connection_values`.
private final class ValueCollector {
  var pairs: [(name: String, value: String)] = []
}

/// A running libmicrohttpd daemon: a polling thread plus one thread per connection.
final class MicroHTTPDaemon: Sendable {
  /// The daemon handle, NULL once stopped.
  private struct Handle: @unchecked Sendable { var pointer: OpaquePointer? }
  private let handle: Mutex<Handle>
  private let context: DaemonContext

  /// Starts the daemon on `listener`'s socket (which the daemon then owns and closes).
  init(listener: LoopbackListener, configuration: HTTPServer.Configuration, handlers: HTTPServer.Handlers)
    throws(HTTPServerError)
  {
    let context = DaemonContext(handlers: handlers, maximumBodyBytes: configuration.maximumBodyBytes)
    let flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
    let pointer = CMicroHTTPDShims_start_daemon(
      UInt32(flags), listener.descriptor, accessHandler, Unmanaged.passUnretained(context).toOpaque(),
      requestCompleted, nil, UInt32(configuration.connectionLimit), UInt32(configuration.idleTimeoutSeconds))
    guard let pointer else {
      close(listener.descriptor)
      throw HTTPServerError(
        operation: "MHD_start_daemon", code: 0, port: listener.port,
        message: "libmicrohttpd could not start serving on 127.0.0.1:\(listener.port)")
    }
    self.context = context
    self.handle = Mutex(Handle(pointer: pointer))
  }

  /// Stops the daemon: no new connections, requests in progress answered, threads joined.
  func stop() {
    let pointer = handle.withLock { handle in
      defer { handle.pointer = nil }
      return handle.pointer
    }
    if let pointer { MHD_stop_daemon(pointer) }
  }

  deinit { stop() }
}

// MARK: - Callbacks (top-level functions: called on the library's threads)

private func accessHandler(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
  _ uploadDataSize: UnsafeMutablePointer<Int>?, _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let cls, let connection, let requestContext, let uploadDataSize else { return MHD_Result.NO }
  let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()

  guard let stored = requestContext.pointee else {
    // First call: the head only.
    let head = ServerRequest(
      method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
      query: Dictionary(values(connection, .GET_ARGUMENT_KIND), uniquingKeysWith: { first, _ in first }),
      headers: values(connection, .HEADER_KIND).map { ($0.name.lowercased(), $0.value) },
      cookies: Dictionary(values(connection, .COOKIE_KIND), uniquingKeysWith: { first, _ in first }))
    if let refusal = context.handlers.admit(head) {
      return queue(refusal, on: connection)
    }
    if let length = head.header("content-length").flatMap(Int.init), length > context.maximumBodyBytes {
      return queue(tooLarge(context.maximumBodyBytes), on: connection)
    }
    requestContext.pointee = Unmanaged.passRetained(PendingRequest(head)).toOpaque()
    return MHD_Result.YES
  }

  let pending = Unmanaged<PendingRequest>.fromOpaque(stored).takeUnretainedValue()
  let size = uploadDataSize.pointee
  if size > 0 {
    if pending.tooLarge || pending.request.body.count + size > context.maximumBodyBytes {
      // Keep reading (and dropping) what the client sends; the answer is 413.
      pending.tooLarge = true
      pending.request.body = []
    } else if let uploadData {
      uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
        pending.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
      }
    }
    uploadDataSize.pointee = 0
    return MHD_Result.YES
  }

  if pending.tooLarge { return queue(tooLarge(context.maximumBodyBytes), on: connection) }
  // The whole request is here: answer it on this connection's own thread, waiting for the
  // (possibly suspending) handler.
  let request = pending.request
  let answer = Mutex<ServerResponse?>(nil)
  let done = DispatchSemaphore(value: 0)
  let respond = context.handlers.respond
  Task.detached {
    let response = await respond(request)
    answer.withLock { $0 = response }
    done.signal()
  }
  done.wait()
  let response =
    answer.withLock { $0 } ?? ServerResponse(status: 500, contentType: "text/plain", text: "no response\n")
  return queue(response, on: connection)
}

private func requestCompleted(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ termination: MHD_RequestTerminationCode
) {
  guard let requestContext, let stored = requestContext.pointee else { return }
  Unmanaged<PendingRequest>.fromOpaque(stored).release()
  requestContext.pointee = nil
}

private func collectValue(
  _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
  guard let cls, let key else { return MHD_Result.YES }
  let collector = Unmanaged<ValueCollector>.fromOpaque(cls).takeUnretainedValue()
  collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
  return MHD_Result.YES
}

// MARK: - Helpers

/// The connection's values of one kind (headers, query arguments, cookies), in order.
/// The corresponding C function is `MHD_get_connection_values`.
private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
  let collector = ValueCollector()
  withExtendedLifetime(collector) {
    _ = MHD_get_connection_values(connection, kind, collectValue, Unmanaged.passUnretained(collector).toOpaque())
  }
  return collector.pairs
}

/// Queues `response` on the connection (the library copies the body).
/// The corresponding C functions are `MHD_create_response_from_buffer` and `MHD_queue_response`.
private func queue(_ response: ServerResponse, on connection: OpaquePointer) -> MHD_Result {
  var body = response.body
  let created = body.withUnsafeMutableBytes { raw in
    MHD_create_response_from_buffer(raw.count, raw.baseAddress, .RESPMEM_MUST_COPY)
  }
  guard let created else { return MHD_Result.NO }
  defer { MHD_destroy_response(created) }
  for (name, value) in response.headers {
    _ = MHD_add_response_header(created, name, value)
  }
  return MHD_queue_response(connection, UInt32(response.status), created)
}

private func tooLarge(_ limit: Int) -> ServerResponse {
  ServerResponse(
    status: 413, contentType: "text/plain; charset=utf-8",
    text: "the request body is larger than the \(limit) bytes this server accepts\n")
}
