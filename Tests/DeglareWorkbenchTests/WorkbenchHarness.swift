import DeglareCodecs
import DeglareCore
import DeglareKeyStore
import DeglareTestSupport
import DeglareWorkbench
import Foundation
import Testing

/// A workbench running in the test process, talked to over real HTTP on 127.0.0.1.
struct WorkbenchHarness {
  let workbench: Workbench
  /// The folder holding the photo (a fresh temporary folder).
  let folder: String
  /// The photo's path.
  let photo: String

  var port: Int { workbench.port }
  var token: String { String(workbench.url.split(separator: "=").last ?? "") }

  /// The test photo: 96x64 RGB, deterministic.
  static let image = SyntheticImages.formula(width: 96, height: 64, layout: .rgb, bitDepth: .eight)

  /// Sends a request with the right Host and a token header: the workbench's own token when
  /// `token` is "", that text otherwise, none when nil.
  func request(
    _ method: String, _ path: String, body: [UInt8] = [], token: String? = "", headers: [(String, String)] = []
  ) async throws -> LoopbackHTTP.Response {
    var all = headers
    if let token { all.append(("X-Deglare-Token", token.isEmpty ? self.token : token)) }
    return try await LoopbackHTTP.send(port: port, method: method, path: path, headers: all, body: body)
  }

  /// `GET /api/state` as JSON.
  func state() async throws -> [String: Any] {
    try #require(try await request("GET", "/api/state").json)
  }

  /// POSTs an action; returns the response (its `state` member is the new state).
  @discardableResult
  func post(_ path: String, body: [UInt8] = []) async throws -> LoopbackHTTP.Response {
    try await request("POST", path, body: body)
  }

  /// Sends a stroke: points as little-endian float64 pairs.
  @discardableResult
  func stroke(_ stroke: MaskStroke) async throws -> LoopbackHTTP.Response {
    var body: [UInt8] = []
    for point in stroke.points {
      for value in [point.x, point.y] {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { body.append(contentsOf: $0) }
      }
    }
    return try await post("/api/stroke?mode=\(stroke.mode.rawValue)&radius=\(stroke.radius)", body: body)
  }

  /// Paints `stroke` and starts Remove with `query` (`provider=local&option=fill`), which must be
  /// accepted (200).
  func startRemove(
    _ stroke: MaskStroke, _ query: String = "provider=local", sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await self.stroke(stroke)
    #expect(try await post("/api/remove?\(query)").status == 200, sourceLocation: sourceLocation)
  }

  /// ``startRemove(_:_:)``, then waits until the removal is done (an error fails the test).
  func remove(
    _ stroke: MaskStroke, _ query: String = "provider=local", sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await startRemove(stroke, query, sourceLocation: sourceLocation)
    #expect(try await waitForStatus(["done", "error"]) == "done", sourceLocation: sourceLocation)
  }

  /// Checks that no result is kept and the folder holds only the photo.
  func expectNothingKept(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #expect(try await state()["result"] is NSNull, sourceLocation: sourceLocation)
    #expect(directoryListing(folder) == ["photo.png"], sourceLocation: sourceLocation)
  }

  /// The status's `data-state`.
  func status() async throws -> String {
    let status = try #require(try await state()["status"] as? [String: Any])
    return try #require(status["state"] as? String)
  }

  /// Polls until the status is one of `states`.
  func waitForStatus(_ states: Set<String>, timeout: Double = ProcessRunner.hangGuard) async throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let current = try await status()
      if states.contains(current) { return current }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw HarnessError(description: "the status never became \(states.sorted()): it is \(try await status())")
  }

  /// The level-0 mask tile (the whole 96x64 mask) as mask values (its alpha channel).
  func maskTile() async throws -> Mask {
    let response = try await request("GET", "/api/tile/mask/0/0/0")
    if response.status == 204 {
      let image = try #require(try await state()["image"] as? [String: Any])
      return Mask(width: try #require(image["width"] as? Int), height: try #require(image["height"] as? Int))
    }
    #expect(response.status == 200)
    let tile = try ImageDecoder.decode(response.body).image
    #expect(tile.layout == .grayAlpha)
    return Mask(
      width: tile.width, height: tile.height,
      values: stride(from: 1, to: tile.samples8.count, by: 2).map { tile.samples8[$0] })
  }
}

/// A wait that timed out.
struct HarnessError: Error, CustomStringConvertible {
  var description: String
}

/// Runs `body` with a workbench serving a fresh folder holding `photo.png` (the test image) and
/// `files` (name: bytes); `configure` adjusts the options. The workbench is always stopped.
func withWorkbench<R>(
  photo: ImageBuffer = WorkbenchHarness.image, files: [String: [UInt8]] = [:],
  configure: (inout WorkbenchOptions) -> Void = { _ in },
  _ body: (WorkbenchHarness) async throws -> R
) async throws -> R {
  let image = photo
  return try await withTemporaryDirectory { folder in
    let photo = folder + "/photo.png"
    try ImageFile.write(image, metadata: ImageMetadata(), to: photo, options: ImageWriteOptions())
    for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    var options = WorkbenchOptions(imagePath: photo, secretStore: InMemorySecretStore())
    configure(&options)
    let workbench = try await Workbench.start(options)
    let harness = WorkbenchHarness(workbench: workbench, folder: folder, photo: photo)
    do {
      let result = try await body(harness)
      await workbench.stop()
      return result
    } catch {
      await workbench.stop()
      throw error
    }
  }
}
