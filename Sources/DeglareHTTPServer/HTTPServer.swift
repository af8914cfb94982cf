/// A small HTTP/1.1 server on the loopback interface (127.0.0.1 only), backed by GNU
/// libmicrohttpd (see `HTTPServer_libmicrohttpd.swift`).
///
/// Each connection gets its own thread from the library; a request is handed to ``Handlers``
/// twice: ``Handlers/admit`` sees its head (no body yet) and may refuse it at once, so a request
/// without the right credentials never gets its body read; ``Handlers/respond`` gets the whole
/// request and produces the answer (it may suspend: the connection's thread waits for it).
/// Bodies above ``Configuration/maximumBodyBytes`` are refused with 413.
///
/// The server runs from ``start(configuration:handlers:)`` until ``stop()`` or deinit; stopping
/// waits for requests in progress to be answered.
public final class HTTPServer: Sendable {
  /// How the server listens and what it accepts.
  public struct Configuration: Sendable {
    /// The port on 127.0.0.1; 0 picks a free one (read it back from ``HTTPServer/port``).
    public var port: Int
    /// The largest request body accepted, in bytes.
    public var maximumBodyBytes: Int
    /// Simultaneous connections at most (a browser opens about six).
    public var connectionLimit: Int
    /// Seconds an idle connection stays open.
    public var idleTimeoutSeconds: Int

    /// Creates a configuration.
    public init(
      port: Int = 0, maximumBodyBytes: Int = 64 << 20, connectionLimit: Int = 32, idleTimeoutSeconds: Int = 60
    ) {
      self.port = port
      self.maximumBodyBytes = maximumBodyBytes
      self.connectionLimit = connectionLimit
      self.idleTimeoutSeconds = idleTimeoutSeconds
    }
  }

  /// What the server does with requests.
  public struct Handlers: Sendable {
    /// Sees a request's head (method, path, query, headers, cookies; body empty) before its body
    /// is read; a response refuses the request with it, nil lets it through.
    public var admit: @Sendable (ServerRequest) -> ServerResponse?
    /// Answers a whole request.
    public var respond: @Sendable (ServerRequest) async -> ServerResponse

    /// Creates handlers.
    public init(
      admit: @escaping @Sendable (ServerRequest) -> ServerResponse? = { _ in nil },
      respond: @escaping @Sendable (ServerRequest) async -> ServerResponse
    ) {
      self.admit = admit
      self.respond = respond
    }
  }

  /// The port the server listens on (127.0.0.1).
  public let port: Int
  private let daemon: MicroHTTPDaemon

  private init(port: Int, daemon: MicroHTTPDaemon) {
    self.port = port
    self.daemon = daemon
  }

  /// Binds 127.0.0.1:`configuration.port` and starts serving.
  /// - Throws: ``HTTPServerError`` when the port is taken or not allowed, or the library fails.
  public static func start(configuration: Configuration, handlers: Handlers) throws(HTTPServerError) -> HTTPServer {
    let listener = try LoopbackListener(port: configuration.port)
    let daemon = try MicroHTTPDaemon(listener: listener, configuration: configuration, handlers: handlers)
    return HTTPServer(port: listener.port, daemon: daemon)
  }

  /// Stops listening, answers the requests in progress and closes every connection. Idempotent.
  public func stop() {
    daemon.stop()
  }
}
