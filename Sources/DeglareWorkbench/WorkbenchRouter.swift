import DeglareCore
import DeglareHTTPServer
import DeglareProviders

/// Maps requests to the editing session: the page's files, `GET /api/...` reads and
/// `POST /api/...` actions. Every action answers with the whole state (``EditingSession/stateJSON()``),
/// an error with `{"error": sentence, "state": ...}`. No value from the page is used as a path.
struct WorkbenchRouter: Sendable {
  let session: EditingSession
  let access: AccessGuard
  let cache: TileCache

  /// Answers one admitted request.
  func respond(_ request: ServerRequest) async -> ServerResponse {
    let limit = AccessGuard.bodyLimit(for: request.path)
    if request.body.count > limit {
      return WorkbenchResponse.error(413, "the request body is larger than the \(limit) bytes accepted here")
    }
    if request.path.hasPrefix("/api/") {
      return await api(request)
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return WorkbenchResponse.error(405, "\(request.method) is not allowed here")
    }
    let name = request.path == "/" ? "index.html" : String(request.path.dropFirst())
    guard let text = PageFiles.all[name] else { return WorkbenchResponse.error(404, "no such page") }
    // The first load carries the token in its URL: answer with the cookie that replaces it.
    let cookie: [(name: String, value: String)] = name == "index.html" ? [("Set-Cookie", access.cookie)] : []
    return WorkbenchResponse.file(text, contentType: WorkbenchResponse.contentType(forFile: name), extraHeaders: cookie)
  }

  private func api(_ request: ServerRequest) async -> ServerResponse {
    let path = request.path
    if request.method == "GET" {
      switch path {
      case "/api/state": return WorkbenchResponse.json(await session.stateJSON())
      case "/api/providers":
        return WorkbenchResponse.json(.array(await session.providerChoices().map(\.json)))
      case "/api/images":
        return WorkbenchResponse.json(.array(session.folder.imageNames().map(JSONValue.string)))
      default:
        if path.hasPrefix("/api/tile/") { return await tile(path) }
        return WorkbenchResponse.error(404, "no such API route: \(path)")
      }
    }
    guard request.method == "POST" else {
      return WorkbenchResponse.error(405, "\(request.method) is not allowed here")
    }
    do throws(WorkbenchError) {
      let query = request.query
      var extra: (String, JSONValue)?
      switch path {
      case "/api/stroke": try await session.edit(.stroke(try stroke(request)))
      case "/api/undo": try await session.undo()
      case "/api/redo": try await session.redo()
      case "/api/clear": try await session.edit(.clear)
      case "/api/detect": try await session.detect()
      case "/api/proposal/keep": try await session.edit(.keepProposal)
      case "/api/proposal/drop": try await session.edit(.dropProposal)
      case "/api/mask/load": try await session.loadMask(request.body)
      case "/api/mask/save":
        extra = (
          "written", .string(WorkbenchFolder.fileName(try await session.saveMask(overwrite: flag(query["overwrite"]))))
        )
      case "/api/open": try await session.open(name: try required(query, "name"))
      case "/api/plan":
        extra = ("plan", try await session.plan(provider: try required(query, "provider"), option: query["option"]))
      case "/api/remove":
        try await session.startRemoval(provider: try required(query, "provider"), option: query["option"])
      case "/api/cancel": await session.cancel()
      case "/api/save":
        let written = try await session.save(overwrite: flag(query["overwrite"]))
        extra = ("written", .array(written.map { .string(WorkbenchFolder.fileName($0)) }))
      case "/api/straighten/detect": extra = ("straighten", try await session.straightenDetect())
      case "/api/straighten/plan":
        extra = ("straighten", try await session.straightenPlan(corners: try corners(query), margin: margin(query)))
      case "/api/straighten/apply":
        try await session.straightenApply(corners: try corners(query), margin: margin(query))
      default: return WorkbenchResponse.error(404, "no such API route: \(path)")
      }
      var members: [(String, JSONValue)] = [("state", await session.stateJSON())]
      if let extra { members.append(extra) }
      return WorkbenchResponse.json(.object(members))
    } catch {
      return WorkbenchResponse.json(
        .object([("error", .string(await session.redacted(error.message))), ("state", await session.stateJSON())]),
        status: error.status)
    }
  }

  // MARK: - Parameters

  private func tile(_ path: String) async -> ServerResponse {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    // "", "api", "tile", kind, level, column, row
    guard parts.count == 7, let kind = TileKind(rawValue: String(parts[3])), let level = Int(parts[4]),
      let column = Int(parts[5]), let row = Int(parts[6])
    else { return WorkbenchResponse.error(404, "no such tile") }
    guard let source = await session.tileSource(kind) else { return WorkbenchResponse.error(404, "no photo is open") }
    return await Task.detached(priority: .userInitiated) {
      TileRenderer.response(source, kind: kind, level: level, column: column, row: row, cache: cache)
    }.value
  }

  /// A stroke: `mode` and `radius` in the query, the points in the body as little-endian
  /// float64 pairs (x, y), canonical image coordinates.
  private func stroke(_ request: ServerRequest) throws(WorkbenchError) -> MaskStroke {
    guard let mode = request.query["mode"].flatMap(MaskStroke.Mode.init(rawValue:)) else {
      throw .badRequest("a stroke needs mode=brush or mode=erase")
    }
    guard let radius = request.query["radius"].flatMap(Double.init), radius.isFinite, radius >= 0.5, radius <= 10_000
    else { throw .badRequest("a stroke needs a radius from 0.5 to 10000 image pixels") }
    let body = request.body
    guard !body.isEmpty, body.count % 16 == 0, body.count / 16 <= EditingSession.maximumStrokePoints else {
      throw .badRequest("a stroke's body is 1 to \(EditingSession.maximumStrokePoints) points as float64 pairs")
    }
    var points: [Point] = []
    points.reserveCapacity(body.count / 16)
    for offset in stride(from: 0, to: body.count, by: 16) {
      let point = Point(x: double(body, at: offset), y: double(body, at: offset + 8))
      guard point.isFinite, abs(point.x) < 1e7, abs(point.y) < 1e7 else {
        throw .badRequest("a stroke's points must be finite image coordinates")
      }
      points.append(point)
    }
    return MaskStroke(mode: mode, radius: radius, points: points)
  }

  private func double(_ bytes: [UInt8], at offset: Int) -> Double {
    var bits: UInt64 = 0
    for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return Double(bitPattern: bits)
  }

  private func corners(_ query: [String: String]) throws(WorkbenchError) -> Quad {
    let numbers = (query["corners"] ?? "").split(separator: ",").compactMap { Double($0) }.filter(\.isFinite)
    guard numbers.count == 8 else {
      throw .badRequest("corners=X,Y,X,Y,X,Y,X,Y (top-left, top-right, bottom-right, bottom-left) is required")
    }
    return Quad(stride(from: 0, to: 8, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) })
  }

  private func margin(_ query: [String: String]) -> Double? {
    query["margin"].flatMap(Double.init).flatMap { $0.isFinite ? min(max($0, 0), 1_000_000) : nil }
  }

  private func required(_ query: [String: String], _ name: String) throws(WorkbenchError) -> String {
    guard let value = query[name], !value.isEmpty else { throw .badRequest("'\(name)' is required") }
    return value
  }

  private func flag(_ value: String?) -> Bool { value == "1" || value == "true" }
}

extension EditingSession {
  /// `text` cleaned of any loaded key.
  func redacted(_ text: String) -> String {
    secrets.isEmpty ? text : Redactor(secrets: secrets).redact(text)
  }
}
