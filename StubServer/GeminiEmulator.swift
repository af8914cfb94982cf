import DeglareCore
import Foundation

/// `POST /{version}/models/{model}:generateContent` and `GET /{version}/models`.
enum GeminiEmulator {
  static let versions: Set<String> = ["v1", "v1beta", "v1alpha"]

  static func handle(_ request: StubRequest, path: GeminiPath, mode: StubMode) -> StubResponse {
    guard versions.contains(path.version) else { return GeminiErrors.htmlNotFound(request.path) }
    if let refusal = authenticate(request, mode: mode) { return refusal }
    guard let model = path.model else {
      guard request.method == "GET" else { return GeminiErrors.htmlNotFound(request.path) }
      return models(mode)
    }
    guard path.method == "generateContent", request.method == "POST" else {
      return GeminiErrors.htmlNotFound(request.path)
    }
    guard let family = GeminiModels.family(model) else {
      return GeminiErrors.modelNotFound(model, version: path.version)
    }
    let validated: ValidatedGenerate
    switch GeminiValidation.validate(request, model: model, family: family) {
    case .failure(let box): return box.response
    case .success(let value): validated = value
    }
    if let failure = commonFailure(mode, model: model) { return failure }
    return OpenAIEmulator.deliver(answer(validated, mode: mode), mode: mode)
  }

  /// The key from `x-goog-api-key` or `?key=`, and the modes that refuse it.
  private static func authenticate(_ request: StubRequest, mode: StubMode) -> StubResponse? {
    let key = request.header("x-goog-api-key") ?? request.queryValue("key") ?? ""
    guard !key.isEmpty else { return GeminiErrors.missingKey() }
    if let expected = StubState.shared.key, expected != key { return GeminiErrors.apiKeyInvalid() }
    switch mode.name {
    case "unauthorized": return GeminiErrors.apiKeyInvalid()
    case "echo-key":
      return GeminiErrors.apiKeyInvalid(message: "API key not valid: '\(key)'. Please pass a valid API key.")
    case "forbidden": return GeminiErrors.permissionDenied()
    default: return nil
    }
  }

  private static func commonFailure(_ mode: StubMode, model: String) -> StubResponse? {
    switch mode.name {
    case "rate-limit": return GeminiErrors.rateLimited(mode, model: model)
    case "quota": return GeminiErrors.freeTierQuota(mode, model: model)
    case "quota-detail": return GeminiErrors.freeTierQuotaDetailOnly(model: model)
    case "server-error": return GeminiErrors.internalError()
    case "overloaded": return GeminiErrors.overloaded()
    case "html-error": return GeminiErrors.htmlBadGateway()
    case "malformed-json":
      return .text(
        200,
        "{\"candidates\": [{\"content\": {\"parts\": [{\"inlineData\": {\"mimeType\": \"image/png\", \"data\": \"iVBOR",
        contentType: GeminiErrors.contentType)
    default: return nil
    }
  }

  private static func models(_ mode: StubMode) -> StubResponse {
    if let failure = commonFailure(mode, model: "models") { return failure }
    let models = GeminiModels.listed.map { id in
      JSONValue.object([
        ("name", .string("models/\(id)")), ("version", .string("001")), ("displayName", .string(id)),
        ("inputTokenLimit", .int(65_536)), ("outputTokenLimit", .int(32_768)),
        ("supportedGenerationMethods", .array([.string("generateContent"), .string("countTokens")])),
      ])
    }
    return OpenAIEmulator.deliver(
      .json(200, .object([("models", .array(models))]), contentType: GeminiErrors.contentType), mode: mode)
  }

  private static func answer(_ request: ValidatedGenerate, mode: StubMode) -> StubResponse {
    let (width, height) = request.outputSize
    let textTokens = request.textLength / 4 + 1
    let promptTokens = textTokens + 258 * request.imageCount
    func usage(_ candidates: Int) -> JSONValue {
      var members: [(String, JSONValue)] = [("promptTokenCount", .int(promptTokens))]
      if candidates > 0 { members.append(("candidatesTokenCount", .int(candidates))) }
      members += [
        ("totalTokenCount", .int(promptTokens + candidates)),
        (
          "promptTokensDetails",
          .array([
            .object([("modality", .string("TEXT")), ("tokenCount", .int(textTokens))]),
            .object([("modality", .string("IMAGE")), ("tokenCount", .int(258 * request.imageCount))]),
          ])
        ),
      ]
      if candidates > 0 {
        members.append(
          (
            "candidatesTokensDetails",
            .array([.object([("modality", .string("IMAGE")), ("tokenCount", .int(candidates))])])
          ))
      }
      return .object(members)
    }
    func body(candidates: [JSONValue]?, promptFeedback: JSONValue? = nil, outputTokens: Int) -> StubResponse {
      var members: [(String, JSONValue)] = []
      if let candidates { members.append(("candidates", .array(candidates))) }
      if let promptFeedback { members.append(("promptFeedback", promptFeedback)) }
      members += [
        ("usageMetadata", usage(outputTokens)), ("modelVersion", .string(request.model)),
        ("responseId", .string("stub-\(UUID().uuidString.prefix(8).lowercased())")),
      ]
      return .json(200, .object(members), contentType: GeminiErrors.contentType)
    }
    func candidate(_ parts: [JSONValue]?, finish: String) -> JSONValue {
      var members: [(String, JSONValue)] = []
      if let parts { members.append(("content", .object([("parts", .array(parts)), ("role", .string("model"))]))) }
      members += [("finishReason", .string(finish)), ("index", .int(0))]
      return .object(members)
    }
    func imagePart(_ bytes: [UInt8], mime: String = "image/png", thought: Bool = false, signature: Bool = false)
      -> JSONValue
    {
      let data = mode.name == "ok-base64url" ? Patches.base64URL(bytes) : Patches.base64(bytes)
      var members: [(String, JSONValue)] = [
        ("inlineData", .object([("mimeType", .string(mime)), ("data", .string(data))]))
      ]
      if thought { members.append(("thought", .bool(true))) }
      if signature { members.append(("thoughtSignature", .string("c3R1Yi1zaWduYXR1cmU="))) }
      return .object(members)
    }

    switch mode.name {
    case "safety":
      return body(candidates: [candidate(nil, finish: "IMAGE_SAFETY")], outputTokens: 0)
    case "prompt-blocked":
      return body(
        candidates: nil, promptFeedback: .object([("blockReason", .string("PROHIBITED_CONTENT"))]), outputTokens: 0)
    case "no-image":
      return body(candidates: [candidate(nil, finish: "NO_IMAGE")], outputTokens: 0)
    case "text-only":
      let text = "I can't edit this image, but I can describe how to remove the reflection."
      return body(candidates: [candidate([.object([("text", .string(text))])], finish: "STOP")], outputTokens: 17)
    default: break
    }
    guard request.wantsImage else {
      let parts: [JSONValue] = [.object([("text", .string("The response modalities asked for text only."))])]
      return body(candidates: [candidate(parts, finish: "STOP")], outputTokens: 9)
    }
    var outputHeight = height
    if mode.name == "wrong-size" { outputHeight = max(height / 8, 1) }
    let final: JSONValue
    switch mode.name {
    case "non-image": final = imagePart(Patches.notAnImage, signature: true)
    case "webp": final = imagePart(Patches.webp, mime: "image/webp", signature: true)
    default: final = imagePart(Patches.png(width: width, height: outputHeight), signature: true)
    }
    var parts: [JSONValue] = []
    if mode.name == "thoughts" {
      let draft = Patches.draft(width: width, height: height)
      parts += [
        .object([("text", .string("Planning the edit: the mask marks a reflection.")), ("thought", .bool(true))]),
        imagePart(draft, thought: true), imagePart(draft, thought: true),
      ]
    }
    parts += [
      .object([("text", .string("Here is the edited image.")), ("thoughtSignature", .string("c3R1Yg=="))]), final,
    ]
    let tokens = request.family == .flash25 ? 1290 : 1120
    return body(candidates: [candidate(parts, finish: "STOP")], outputTokens: tokens)
  }
}
