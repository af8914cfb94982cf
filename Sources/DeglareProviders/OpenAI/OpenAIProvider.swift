import DeglareCodecs
import DeglareCore
import DeglareTransport

/// Repaints through OpenAI's Images Edit API (`POST {OPENAI_BASE_URL}/images/edits`).
public struct OpenAIProvider: ImageEditProvider {
  /// Everything the provider needs besides the transport.
  public struct Configuration: Sendable {
    /// `OPENAI_BASE_URL`, including `/v1`.
    public var baseURL: String
    /// The API key, or nil (then only ``uploadPreview(for:)`` works; `edit` throws missingKey).
    public var apiKey: String?
    /// The model and its rules.
    public var model: ModelInfo
    /// The user's prompt, or nil for ``OpenAIRequest/defaultPrompt``.
    public var prompt: String?
    /// `quality`, or nil to leave it to the API (`auto`).
    public var quality: String?
    /// `OpenAI-Organization`, from `OPENAI_ORG_ID`.
    public var organization: String?
    /// `OpenAI-Project`, from `OPENAI_PROJECT_ID`.
    public var project: String?
    /// Retries for rate limits and server errors.
    public var retry: RetryPolicy

    /// Creates a configuration.
    public init(
      baseURL: String = "https://api.openai.com/v1", apiKey: String?, model: ModelInfo, prompt: String? = nil,
      quality: String? = nil, organization: String? = nil, project: String? = nil, retry: RetryPolicy = RetryPolicy()
    ) {
      self.baseURL = baseURL
      self.apiKey = apiKey
      self.model = model
      self.prompt = prompt
      self.quality = quality
      self.organization = organization
      self.project = project
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

  /// "openai".
  public var name: String { "openai" }
  /// The model id.
  public var model: String { configuration.model.id }
  /// The model's upload sizes.
  public var capability: UploadCapability { configuration.model.capability }
  /// Always true.
  public var isRemote: Bool { true }

  /// `image.png` (8-bit RGB) and `mask.png` (RGBA, alpha = 255 - gray), exactly as `edit` sends them.
  public func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    let (image, mask) = try encode(request)
    return [UploadFile(name: "image.png", bytes: image), UploadFile(name: "mask.png", bytes: mask)]
  }

  /// Sends the edit, retrying rate limits and server errors, and decodes the returned image.
  public func edit(_ request: EditRequest) async throws -> EditResult {
    let key = try APIKey.validate(configuration.apiKey, provider: OpenAIResponse.provider)
    let redactor = Redactor(secrets: [key])
    let (image, mask) = try encode(request)
    try Task.checkCancellation()
    let size = OpenAIRequest.outputSize(for: request.image.size, model: configuration.model)
    let httpRequest = OpenAIRequest.edit(
      baseURL: configuration.baseURL, apiKey: key, model: configuration.model,
      prompt: request.prompt ?? configuration.prompt ?? OpenAIRequest.defaultPrompt, quality: configuration.quality,
      size: size, image: image, mask: mask, organization: configuration.organization, project: configuration.project)
    let sender = RetryingSender(
      transport: transport, policy: configuration.retry, provider: OpenAIResponse.provider, redactor: redactor)
    let outcome = try await sender.send(httpRequest) { OpenAIResponse.classify($0, redactor: redactor) }
    let (bytes, usage) = try OpenAIResponse.image(from: outcome.response)
    let decoded = try ReturnedImage.decode(bytes, provider: OpenAIResponse.provider, expected: size)
    var notes = outcome.notes
    if let note = configuration.model.note { notes.insert(note, at: 0) }
    return EditResult(
      image: decoded, model: model, usage: usage, bytesSent: outcome.bytesSent, bytesReceived: outcome.bytesReceived,
      notes: notes)
  }

  private func encode(_ request: EditRequest) throws -> ([UInt8], [UInt8]) {
    (try UploadEncoding.imagePNG(request.image), try UploadEncoding.openAIMaskPNG(request.mask))
  }
}
