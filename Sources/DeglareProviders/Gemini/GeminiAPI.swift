import DeglareCore
import DeglareTransport

/// Gemini's `generateContent` with an image model ("Nano Banana") as a ``RemoteProvider`` uses
/// it: the crop and a gray mask as inline PNG parts after the mask preamble, and the aspect ratio
/// (and image size) in `imageConfig`.
enum GeminiAPI: RemoteAPI {
  /// `image.png` (8-bit RGB), `mask.png` (8-bit gray) and `request.json` (the body with both
  /// base64 strings elided), exactly as `edit` sends them.
  static func uploads(for request: EditRequest, configuration: RemoteConfiguration) throws -> [UploadFile] {
    let (image, mask) = try encode(request)
    let ratio = GeminiRequest.aspectRatio(for: request.image.size, capability: configuration.capability)
    let json = GeminiRequest.previewJSON(
      prompt: prompt(configuration), aspectRatio: ratio.name, imageSize: configuration.quality, image: image,
      mask: mask)
    return [
      UploadFile(name: "image.png", bytes: image), UploadFile(name: "mask.png", bytes: mask),
      UploadFile(name: "request.json", bytes: json),
    ]
  }

  /// Sends the edit, retrying rate limits and server errors, and decodes the final image.
  static func edit(_ request: EditRequest, call: RemoteCall) async throws -> EditResult {
    let configuration = call.configuration
    let ratio = GeminiRequest.aspectRatio(for: request.image.size, capability: configuration.capability)
    return try await call.edit(
      expected: ratio.size,
      { key in
        let (image, mask) = try encode(request)
        return GeminiRequest.generate(
          baseURL: configuration.baseURL, apiVersion: configuration.apiVersion, apiKey: key,
          model: configuration.model, prompt: prompt(configuration), aspectRatio: ratio.name,
          imageSize: configuration.quality, image: image, mask: mask)
      }, classify: GeminiResponse.classify, answer: GeminiResponse.answer)
  }

  /// `GET {GOOGLE_GEMINI_BASE_URL}/{version}/models`.
  static func modelsRequest(configuration: RemoteConfiguration, key: String) -> HTTPRequest {
    GeminiRequest.models(baseURL: configuration.baseURL, apiVersion: configuration.apiVersion, apiKey: key)
  }

  static func classify(_ response: HTTPResponse, redactor: Redactor) -> AttemptOutcome {
    GeminiResponse.classify(response, redactor: redactor)
  }

  /// The names in `models` (`models/<id>`). A first page without the model may just be a first
  /// page (`nextPageToken` set): whether the model is listed is then unknown.
  static func models(in list: JSONValue, including model: String) -> ModelList {
    let names = (list["models"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    let listed = names.contains("models/\(model)")
    let complete = list["nextPageToken"] == nil
    return ModelList(count: names.count, includesModel: complete || listed ? listed : nil)
  }

  /// The text part: the mask preamble, then the user's prompt or the default instructions.
  private static func prompt(_ configuration: RemoteConfiguration) -> String {
    GeminiRequest.prompt(user: configuration.prompt)
  }

  private static func encode(_ request: EditRequest) throws -> ([UInt8], [UInt8]) {
    (try UploadEncoding.imagePNG(request.image), try UploadEncoding.grayMaskPNG(request.mask))
  }
}
