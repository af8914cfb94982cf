import DeglareCore
import DeglareTransport

/// Repaints through OpenAI's Images Edit API (`POST {OPENAI_BASE_URL}/images/edits`).
public struct OpenAIProvider: RemoteProvider {
  /// The configuration.
  public let configuration: RemoteConfiguration
  private let call: RemoteCall

  /// Creates a provider that sends through `transport`.
  public init(configuration: RemoteConfiguration, transport: any HTTPTransport) {
    self.configuration = configuration
    call = RemoteCall(provider: .openai, configuration: configuration, transport: transport)
  }

  /// ``ProviderID/openai``.
  public var id: ProviderID { .openai }

  /// `image.png` (8-bit RGB) and `mask.png` (RGBA, alpha = 255 - gray), exactly as `edit` sends them.
  public func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    let (image, mask) = try encode(request)
    return [UploadFile(name: "image.png", bytes: image), UploadFile(name: "mask.png", bytes: mask)]
  }

  /// Sends the edit, retrying rate limits and server errors, and decodes the returned image.
  public func edit(_ request: EditRequest) async throws -> EditResult {
    let size = OpenAIRequest.outputSize(for: request.image.size, model: configuration.model)
    return try await call.edit(
      expected: size,
      { key in
        let (image, mask) = try encode(request)
        return OpenAIRequest.edit(
          baseURL: configuration.baseURL, apiKey: key, model: configuration.model,
          prompt: configuration.prompt ?? OpenAIRequest.defaultPrompt, quality: configuration.quality, size: size,
          image: image, mask: mask, organization: configuration.organization, project: configuration.project)
      }, classify: OpenAIResponse.classify, answer: OpenAIResponse.answer)
  }

  private func encode(_ request: EditRequest) throws -> ([UInt8], [UInt8]) {
    (try UploadEncoding.imagePNG(request.image), try UploadEncoding.openAIMaskPNG(request.mask))
  }
}
