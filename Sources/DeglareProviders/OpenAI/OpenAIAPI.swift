import DeglareCore
import DeglareTransport

/// OpenAI's Images Edit API (`POST {OPENAI_BASE_URL}/images/edits`) as a ``RemoteProvider``
/// uses it: the crop as an RGB PNG and an RGBA mask, multipart.
enum OpenAIAPI: RemoteAPI {
  /// `image.png` (8-bit RGB) and `mask.png` (RGBA, alpha = 255 - gray), exactly as `edit` sends them.
  static func uploads(for request: EditRequest, configuration: RemoteConfiguration) throws -> [UploadFile] {
    let (image, mask) = try encode(request)
    return [UploadFile(name: "image.png", bytes: image), UploadFile(name: "mask.png", bytes: mask)]
  }

  /// Sends the edit, retrying rate limits and server errors, and decodes the returned image.
  static func edit(_ request: EditRequest, call: RemoteCall) async throws -> EditResult {
    let configuration = call.configuration
    let size = OpenAIRequest.outputSize(for: request.image.size, model: configuration.model)
    return try await call.edit(
      expected: size,
      { key in
        let (image, mask) = try encode(request)
        return OpenAIRequest.edit(
          baseURL: configuration.baseURL, apiKey: key, model: configuration.model,
          prompt: configuration.prompt ?? OpenAIRequest.defaultPrompt, quality: configuration.sentQuality, size: size,
          image: image, mask: mask, organization: configuration.organization, project: configuration.project)
      }, classify: OpenAIResponse.classify, answer: OpenAIResponse.answer)
  }

  /// `GET {OPENAI_BASE_URL}/models`.
  static func modelsRequest(configuration: RemoteConfiguration, key: String) -> HTTPRequest {
    OpenAIRequest.models(
      baseURL: configuration.baseURL, apiKey: key, organization: configuration.organization,
      project: configuration.project)
  }

  static func classify(_ response: HTTPResponse, redactor: Redactor) -> AttemptOutcome {
    OpenAIResponse.classify(response, redactor: redactor)
  }

  /// The ids in `data`; OpenAI lists every model on one page.
  static func models(in list: JSONValue, including model: String) -> ModelList {
    let ids = (list["data"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    return ModelList(count: ids.count, includesModel: ids.contains(model))
  }

  private static func encode(_ request: EditRequest) throws -> ([UInt8], [UInt8]) {
    (try UploadEncoding.imagePNG(request.image), try UploadEncoding.openAIMaskPNG(request.mask))
  }
}
