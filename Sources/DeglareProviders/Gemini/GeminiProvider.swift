import DeglareCore
import DeglareTransport

/// Repaints through Gemini's `generateContent` with an image model ("Nano Banana").
public struct GeminiProvider: RemoteProvider {
  /// The configuration (`quality` is the `imageConfig.imageSize`).
  public let configuration: RemoteConfiguration
  private let call: RemoteCall

  /// Creates a provider that sends through `transport`.
  public init(configuration: RemoteConfiguration, transport: any HTTPTransport) {
    self.configuration = configuration
    call = RemoteCall(provider: .gemini, configuration: configuration, transport: transport)
  }

  /// ``ProviderID/gemini``.
  public var id: ProviderID { .gemini }

  /// `image.png` (8-bit RGB), `mask.png` (8-bit gray) and `request.json` (the body with both
  /// base64 strings elided), exactly as `edit` sends them.
  public func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    let (image, mask) = try encode(request)
    let ratio = GeminiRequest.aspectRatio(for: request.image.size, model: configuration.model)
    let json = GeminiRequest.previewJSON(
      prompt: prompt, aspectRatio: ratio.name, imageSize: configuration.quality, image: image, mask: mask)
    return [
      UploadFile(name: "image.png", bytes: image), UploadFile(name: "mask.png", bytes: mask),
      UploadFile(name: "request.json", bytes: json),
    ]
  }

  /// Sends the edit, retrying rate limits and server errors, and decodes the final image.
  public func edit(_ request: EditRequest) async throws -> EditResult {
    let ratio = GeminiRequest.aspectRatio(for: request.image.size, model: configuration.model)
    return try await call.edit(
      expected: ratio.size,
      { key in
        let (image, mask) = try encode(request)
        return GeminiRequest.generate(
          baseURL: configuration.baseURL, apiVersion: configuration.apiVersion, apiKey: key,
          model: configuration.model, prompt: prompt, aspectRatio: ratio.name, imageSize: configuration.quality,
          image: image, mask: mask)
      }, classify: GeminiResponse.classify, answer: GeminiResponse.answer)
  }

  /// The text part: the mask preamble, then the user's prompt or the default instructions.
  private var prompt: String { GeminiRequest.prompt(user: configuration.prompt) }

  private func encode(_ request: EditRequest) throws -> ([UInt8], [UInt8]) {
    (try UploadEncoding.imagePNG(request.image), try UploadEncoding.grayMaskPNG(request.mask))
  }
}
