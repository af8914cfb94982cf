import DeglareCodecs
import DeglareCore
import Foundation

/// `POST /v1/images/edits` and `GET /v1/models`, validated like the real API
/// (docs/providers.md, OpenAI edits).
enum OpenAIEmulator {
  /// Model families the stub knows (by prefix, so dated and newer ids work).
  enum Family {
    case v1, v1Mini, v2
  }

  static let listedModels = [
    "gpt-image-1", "gpt-image-1-mini", "gpt-image-1.5", "gpt-image-2", "gpt-image-2-2026-04-21", "chatgpt-image-latest",
  ]
  static let fixedSizes = [(1024, 1024), (1536, 1024), (1024, 1536)]
  static let knownFields: Set<String> = [
    "image", "image[]", "prompt", "mask", "model", "n", "size", "quality", "background", "output_format",
    "output_compression", "input_fidelity", "stream", "partial_images", "user", "safety_identifier", "moderation",
  ]

  static func family(_ model: String) -> Family? {
    if model.hasPrefix("gpt-image-2") { return .v2 }
    if model == "gpt-image-1-mini" { return .v1Mini }
    if model.hasPrefix("gpt-image-1") || model.hasPrefix("chatgpt-image-") { return .v1 }
    return nil
  }

  /// The bearer key, or nil when missing or empty.
  static func bearerKey(_ request: StubRequest) -> String? {
    guard let value = request.header("Authorization"), value.lowercased().hasPrefix("bearer ") else { return nil }
    let key = value.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
    return key.isEmpty ? nil : key
  }

  /// Auth and the modes that answer before the body is looked at.
  static func authenticate(_ request: StubRequest, mode: StubMode, model: String) -> StubResponse? {
    guard let key = bearerKey(request) else { return OpenAIErrors.missingKey() }
    if let expected = StubState.shared.key, expected != key { return OpenAIErrors.invalidKey(key) }
    switch mode.name {
    case "unauthorized": return OpenAIErrors.invalidKey(key)
    case "echo-key": return OpenAIErrors.echoKey(key)
    case "forbidden": return OpenAIErrors.unverifiedOrganization(model)
    default: return nil
    }
  }

  static func models(_ request: StubRequest, mode: StubMode) -> StubResponse {
    if let refusal = authenticate(request, mode: mode, model: "gpt-image-1.5") { return refusal }
    if let failure = commonFailure(mode) { return failure }
    let data = listedModels.map { id in
      JSONValue.object([
        ("id", .string(id)), ("object", .string("model")), ("created", .int(1_745_000_000)),
        ("owned_by", .string("system")),
      ])
    }
    return deliver(.json(200, .object([("object", .string("list")), ("data", .array(data))])), mode: mode)
  }

  static func edit(_ request: StubRequest, mode: StubMode) -> StubResponse {
    let contentType = request.header("Content-Type") ?? ""
    guard contentType.lowercased().hasPrefix("multipart/form-data") else {
      if let refusal = authenticate(request, mode: mode, model: "gpt-image-1.5") { return refusal }
      return OpenAIErrors.invalid(
        "Invalid Content-Type header (\(contentType)), expected multipart/form-data. (HINT: If you're using curl, "
          + "you can pass -H 'Content-Type: multipart/form-data')")
    }
    let fields: [MultipartField]
    do {
      fields = try Multipart.parse(request)
    } catch let error as Multipart.ParseError {
      return OpenAIErrors.invalid("Could not parse multipart form: \(error.message).")
    } catch {
      return OpenAIErrors.invalid("Could not parse multipart form.")
    }
    let model = fields.first { $0.name == "model" }.map { String(decoding: $0.data, as: UTF8.self) } ?? "gpt-image-1.5"
    if let refusal = authenticate(request, mode: mode, model: model) { return refusal }
    let validated: ValidatedEdit
    switch OpenAIValidation.validate(fields, model: model) {
    case .failure(let box): return box.response
    case .success(let edit): validated = edit
    }
    if let failure = commonFailure(mode) { return failure }
    switch mode.name {
    case "safety", "prompt-blocked": return OpenAIErrors.moderationBlocked()
    case "no-image", "text-only": return success(validated, images: [], mode: mode)
    default: break
    }
    var (width, height) = validated.outputSize
    if mode.name == "wrong-size" { height = max(height / 8, 1) }
    let image: [UInt8]
    switch mode.name {
    case "non-image": image = Patches.notAnImage
    case "webp": image = Patches.webp
    default:
      image =
        validated.outputFormat == "jpeg"
        ? Patches.jpeg(width: width, height: height) : Patches.png(width: width, height: height)
    }
    return deliver(success(validated, images: Array(repeating: image, count: validated.count), mode: mode), mode: mode)
  }

  /// Modes shared by every route: errors, and answers that break the JSON.
  static func commonFailure(_ mode: StubMode) -> StubResponse? {
    switch mode.name {
    case "rate-limit": return OpenAIErrors.rateLimited(mode)
    case "quota", "quota-detail": return OpenAIErrors.insufficientQuota()
    case "server-error": return OpenAIErrors.serverError()
    case "overloaded": return OpenAIErrors.overloaded()
    case "html-error": return OpenAIErrors.htmlBadGateway()
    case "malformed-json":
      return .text(
        200, "{\"created\": 1795965219, \"data\": [{\"b64_json\": \"iVBORw0KGgo", contentType: "application/json")
    default: return nil
    }
  }

  /// Applies the delivery modes (slow, drop, gate) to a successful answer.
  static func deliver(_ response: StubResponse, mode: StubMode) -> StubResponse {
    var response = response
    switch mode.name {
    case "slow": response.delivery = .drip(chunk: mode.dripBytes, intervalMs: mode.dripIntervalMs)
    case "drop": response.delivery = .drop
    case "drop-midway": response.delivery = .dropMidway
    case "gate": StubState.shared.waitAtGate()
    default: break
    }
    return response
  }

  private static func success(_ edit: ValidatedEdit, images: [[UInt8]], mode: StubMode) -> StubResponse {
    let (width, height) = edit.outputSize
    let data = images.map { JSONValue.object([("b64_json", .string(Patches.base64($0)))]) }
    let outputTokens = OpenAIValidation.outputTokens(quality: edit.quality, width: width, height: height)
    let textTokens = edit.prompt.utf8.count / 4 + 1
    let imageTokens = 1040 * edit.imageCount
    let body = JSONValue.object([
      ("created", .int(1_795_965_219)), ("background", .string(edit.background)), ("data", .array(data)),
      ("output_format", .string(edit.outputFormat)), ("quality", .string(edit.quality)),
      ("size", .string("\(width)x\(height)")),
      (
        "usage",
        .object([
          ("input_tokens", .int(textTokens + imageTokens)),
          ("input_tokens_details", .object([("image_tokens", .int(imageTokens)), ("text_tokens", .int(textTokens))])),
          ("output_tokens", .int(outputTokens * images.count)),
          ("total_tokens", .int(textTokens + imageTokens + outputTokens * images.count)),
        ])
      ),
    ])
    return .json(200, body)
  }
}
