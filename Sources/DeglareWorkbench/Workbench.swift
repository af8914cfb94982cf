import DeglareHTTPServer
import Synchronization

/// Why the workbench could not start.
public enum WorkbenchStartError: Error, Equatable, CustomStringConvertible {
  /// The port is taken or not allowed, or the server library failed (exit 69 in the CLI).
  case cannotListen(port: Int, message: String)

  /// One sentence naming the port.
  public var description: String {
    switch self {
    case .cannotListen(_, let message): return message
    }
  }
}

/// `deglare workbench`: a local web page to paint the mask, remove the glare, compare and save,
/// served on 127.0.0.1 to whoever holds the printed URL's token (see ``AccessGuard``).
///
/// ``start(_:)`` reads the photo (and mask) first, so bad input fails before anything listens,
/// then serves until ``stop()``. The contract (URL line, token, Host rule, hooks for automation,
/// HTTP API) is docs/cli.md, workbench.
public final class Workbench: Sendable {
  /// The URL to open: `http://127.0.0.1:PORT/?token=TOKEN`.
  public let url: String
  /// The port on 127.0.0.1.
  public var port: Int { server.port }
  private let server: HTTPServer
  private let session: EditingSession

  private init(url: String, server: HTTPServer, session: EditingSession) {
    self.url = url
    self.server = server
    self.session = session
  }

  /// Opens the photo and mask of `options`, then starts serving.
  /// - Throws: ``DeglareCodecs/ImageFileError`` or ``DeglarePipeline/RemoveInputError`` for bad
  ///   input (nothing listens then), ``WorkbenchStartError`` when the port cannot be used.
  public static func start(_ options: WorkbenchOptions) async throws -> Workbench {
    let session = EditingSession(options: options)
    if let imagePath = options.imagePath {
      try await session.open(path: imagePath, maskPath: options.maskPath, outputPath: options.outputPath)
    }
    let cache = TileCache()
    let box = AccessBox()
    let server: HTTPServer
    do {
      server = try HTTPServer.start(
        configuration: HTTPServer.Configuration(
          port: options.port, maximumBodyBytes: AccessGuard.bodyLimit(for: "/api/mask/load")),
        handlers: HTTPServer.Handlers(
          admit: { request in
            guard let access = box.access else { return WorkbenchResponse.forbidden("starting") }
            return access.refusal(for: request)
          },
          respond: { request in
            guard let access = box.access else { return WorkbenchResponse.forbidden("starting") }
            return await WorkbenchRouter(session: session, access: access, cache: cache).respond(request)
          }))
    } catch {
      throw WorkbenchStartError.cannotListen(port: error.port, message: error.message)
    }
    let access = AccessGuard(port: server.port)
    box.access = access
    return Workbench(url: "http://127.0.0.1:\(server.port)/?token=\(access.token)", server: server, session: session)
  }

  /// Stops serving (requests in progress are answered) and tears the session down: a removal
  /// in progress is dropped, nothing more is written.
  public func stop() async {
    server.stop()
    await session.close()
  }
}

/// The access guard, set once the port is known (the server must exist before its port does);
/// until then every request is refused.
private final class AccessBox: Sendable {
  private let value = Mutex<AccessGuard?>(nil)

  var access: AccessGuard? {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }
}
