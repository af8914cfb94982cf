import DeglareCodecs
import DeglareCore
import DeglareTransport

/// Repaints through Gemini's `generateContent` with an image model ("Nano Banana").
public struct GeminiProvider: ImageEditProvider {
  /// Everything the provider needs besides the transport.
  public struct Configuration: Sendable {
    /// `GOOGLE_GEMINI_BASE_URL` (no version segment).
    public var baseURL: String
    /// "v1" (default, as google-genai 3.x), "v1beta" or "v1alpha".
    public var apiVersion: String
    /// The API key, or nil (then only ``uploadPreview(for:)`` works; `edit` throws missingKey).
    public var apiKey: String?
    /// The model and its rules.
    public var model: ModelInfo
    /// The user's prompt (follows the mask preamble), or nil for the default instructions.
    public var prompt: String?
    /// `imageConfig.imageSize` ("512", "1K", "2K", "4K"), or nil for the model's default.
    public var imageSize: String?
    /// Retries for rate limits and server errors.
    public var retry: RetryPolicy

    /// Creates a configuration.
    public init(
      baseURL: String = "https://generativelanguage.googleapis.com", apiVersion: String = "v1", apiKey: String?,
      model: ModelInfo, prompt: String? = nil, imageSize: String? = nil, retry: RetryPolicy = RetryPolicy()
    ) {
      self.baseURL = baseURL
      self.apiVersion = apiVersion
      self.apiKey = apiKey
      self.model = model
      self.prompt = prompt
      self.imageSize = imageSize
      self.retry = retry
    }
  }

  /// The configuration.
  public let configuration: Configuration
  private let transport: any HTTPTransport

  /// Creates a provider that sends through `transport`.
  public init(configuration: Configuration, transport: any HTTPTransport) {
    self.configuration = configuration
    self.transport = transport
  }

  /// "gemini".
  public var name: String { "gemini" }
  /// The model id.
  public var model: String { configuration.model.id }
  /// One pixel size per aspect ratio.
  public var capability: UploadCapability { configuration.model.capability }
  /// Always true.
  public var isRemote: Bool { true }

  /// `image.png` (8-bit RGB), `mask.png` (8-bit gray) and `request.json` (the body with both
  /// base64 strings elided), exactly as `edit` sends them.
  public func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    let (image, mask) = try encode(request)
    let ratio = GeminiRequest.aspectRatio(for: request.image.size, model: configuration.model)
    let json = GeminiRequest.previewJSON(
      prompt: prompt(request), aspectRatio: ratio.name, imageSize: configuration.imageSize, image: image, mask: mask)
    return [
      UploadFile(name: "image.png", bytes: image), UploadFile(name: "mask.png", bytes: mask),
      UploadFile(name: "request.json", bytes: json),
    ]
  }

  /// Sends the edit, retrying rate limits and server errors, and decodes the final image.
  public func edit(_ request: EditRequest) async throws -> EditResult {
    let key = try APIKey.validate(configuration.apiKey, provider: GeminiResponse.provider)
    let redactor = Redactor(secrets: [key])
    let (image, mask) = try encode(request)
    try Task.checkCancellation()
    let ratio = GeminiRequest.aspectRatio(for: request.image.size, model: configuration.model)
    let httpRequest = GeminiRequest.generate(
      baseURL: configuration.baseURL, apiVersion: configuration.apiVersion, apiKey: key, model: configuration.model,
      prompt: prompt(request), aspectRatio: ratio.name, imageSize: configuration.imageSize, image: image, mask: mask)
    let sender = RetryingSender(
      transport: transport, policy: configuration.retry, provider: GeminiResponse.provider, redactor: redactor)
    let outcome = try await sender.send(httpRequest) { GeminiResponse.classify($0, redactor: redactor) }
    let answer = try GeminiResponse.answer(from: outcome.response, redactor: redactor)
    let decoded = try ReturnedImage.decode(answer.image, provider: GeminiResponse.provider, expected: ratio.size)
    var notes = outcome.notes
    if let note = configuration.model.note { notes.insert(note, at: 0) }
    return EditResult(
      image: decoded, model: model, usage: answer.usage, bytesSent: outcome.bytesSent,
      bytesReceived: outcome.bytesReceived, notes: notes)
  }

  private func prompt(_ request: EditRequest) -> String {
    GeminiRequest.prompt(user: request.prompt ?? configuration.prompt)
  }

  private func encode(_ request: EditRequest) throws -> ([UInt8], [UInt8]) {
    (try UploadEncoding.imagePNG(request.image), try UploadEncoding.grayMaskPNG(request.mask))
  }
}
