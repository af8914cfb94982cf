import DeglareCodecs
import DeglareCore
import Foundation

/// `/__control/...`: set modes, release the gate, read recorded requests (see README.md).
enum ControlRoutes {
  static func handle(_ request: StubRequest) -> StubResponse {
    let parts = request.path.split(separator: "/").map(String.init)  // ["__control", ...]
    switch (request.method, Array(parts.dropFirst())) {
    case ("GET", ["health"]):
      return .text(200, "ok\n")
    case ("POST", ["mode"]):
      return setMode(request)
    case ("POST", ["release"]):
      let released = StubState.shared.releaseGate()
      return .json(200, .object([("released", .int(released))]))
    case ("POST", ["reset"]):
      StubState.shared.reset()
      return .json(200, .object([("reset", .bool(true))]))
    case ("GET", ["state"]):
      let (held, count, mode, queue) = StubState.shared.summary
      return .json(
        200,
        .object([
          ("held", .int(held)), ("requests", .int(count)), ("mode", .string(mode)),
          ("queue", .array(queue.map { .string($0) })),
        ]))
    case ("GET", ["requests"]):
      return .json(200, .array(StubState.shared.allRecords.map(RequestSummary.describe)))
    case ("GET", let rest) where rest.count >= 3 && rest[0] == "requests":
      return rawPiece(rest)
    default:
      return .text(404, "unknown control path \(request.path)\n")
    }
  }

  private static func setMode(_ request: StubRequest) -> StubResponse {
    guard let name = request.queryValue("mode"), StubMode.known.contains(name) else {
      return .text(400, "unknown mode; known: \(StubMode.known.sorted().joined(separator: ", "))\n")
    }
    var mode = StubMode(name: name)
    mode.apply(options: request.query)
    if let timesText = request.queryValue("times") {
      guard let times = Int(timesText), times > 0 else { return .text(400, "times must be a positive integer\n") }
      StubState.shared.enqueue(mode, times: times)
    } else {
      StubState.shared.setDefaultMode(mode)
    }
    let (_, _, current, queue) = StubState.shared.summary
    return .json(200, .object([("mode", .string(current)), ("queue", .array(queue.map { .string($0) }))]))
  }

  /// `requests/{i}/body`, `requests/{i}/parts/{name}`, `requests/{i}/images/{k}`.
  private static func rawPiece(_ rest: [String]) -> StubResponse {
    let records = StubState.shared.allRecords
    guard let index = Int(rest[1]), records.indices.contains(index) else { return .text(404, "no such request\n") }
    let request = records[index].request
    switch (rest[2], rest.count) {
    case ("body", 3):
      return .bytes(200, request.body)
    case ("parts", 4):
      guard let multipart = try? Multipart.parse(request), let part = multipart.first(where: { $0.name == rest[3] })
      else {
        return .text(404, "no part named \(rest[3])\n")
      }
      return .bytes(200, part.data, contentType: part.contentType ?? "text/plain")
    case ("images", 4):
      guard let number = Int(rest[3]), let json = JSONInput.parse(request.body) else {
        return .text(404, "no JSON body\n")
      }
      let images = InlineImage.collect(json)
      guard images.indices.contains(number), let bytes = images[number].bytes else {
        return .text(404, "no such image\n")
      }
      return .bytes(200, bytes, contentType: images[number].mimeType)
    default:
      return .text(404, "unknown piece\n")
    }
  }
}

/// The JSON description of a recorded request served by `GET /__control/requests`.
enum RequestSummary {
  static func describe(_ record: RecordedRequest) -> JSONValue {
    let request = record.request
    var members: [(String, JSONValue)] = [
      ("index", .int(record.index)), ("method", .string(request.method)), ("path", .string(request.path)),
      ("query", .array(request.query.map { .array([.string($0.0), .string($0.1)]) })),
      ("headers", .array(request.headers.map { .array([.string($0.0), .string($0.1)]) })),
      ("content_type", request.header("Content-Type").map(JSONValue.string) ?? .null),
      ("body_length", .int(request.body.count)), ("mode", .string(record.mode)), ("status", .int(record.status)),
    ]
    if request.header("Content-Type")?.lowercased().hasPrefix("multipart/form-data") == true,
      let parts = try? Multipart.parse(request)
    {
      members.append(("multipart", .array(parts.map(describe))))
    }
    if request.header("Content-Type")?.lowercased().hasPrefix("application/json") == true,
      let json = JSONInput.parse(request.body)
    {
      members.append(("json", InlineImage.elided(json)))
      members.append(("inline_images", .array(InlineImage.collect(json).map(describe))))
    }
    return .object(members)
  }

  private static func describe(_ part: MultipartField) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(part.name)), ("filename", part.filename.map(JSONValue.string) ?? .null),
      ("content_type", part.contentType.map(JSONValue.string) ?? .null), ("length", .int(part.data.count)),
      ("headers", .array(part.rawHeaders.map(JSONValue.string))),
    ]
    if part.filename == nil && part.contentType == nil {
      members.append(("value", .string(String(decoding: part.data, as: UTF8.self))))
    } else {
      members.append(("image", ImageInfo.describe(part.data)))
    }
    return .object(members)
  }

  private static func describe(_ image: InlineImage) -> JSONValue {
    .object([
      ("path", .string(image.path)), ("part_key", .string(image.partKey)), ("mime_key", .string(image.mimeKey)),
      ("mime_type", .string(image.mimeType)), ("alphabet", .string(image.alphabet)), ("padded", .bool(image.padded)),
      ("length", .int(image.bytes?.count ?? -1)),
      ("image", image.bytes.map(ImageInfo.describe) ?? .null),
    ])
  }
}

/// What a file part or inline image decodes to.
enum ImageInfo {
  static func describe(_ bytes: [UInt8]) -> JSONValue {
    guard let decoded = try? ImageDecoder.decode(bytes) else {
      return .object([("format", .null), ("error", .string("not a decodable PNG or JPEG"))])
    }
    let image = decoded.image
    return .object([
      ("format", .string(decoded.format.rawValue)), ("width", .int(image.width)), ("height", .int(image.height)),
      ("bit_depth", .int(image.bitDepth.rawValue)), ("channels", .string(image.layout.name)),
    ])
  }
}
