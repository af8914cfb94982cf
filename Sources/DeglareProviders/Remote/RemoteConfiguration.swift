import DeglareCore

/// What a ``RemoteProvider`` (OpenAI or Gemini) is built from besides its transport: where to
/// send, the key, the model (whose provider decides the API) and the user's choices.
/// ``ProviderFactory`` fills it from the command line and the environment.
public struct RemoteConfiguration: Sendable {
  /// `OPENAI_BASE_URL` (it includes `/v1`) or `GOOGLE_GEMINI_BASE_URL` (no version segment).
  public var baseURL: String
  /// Gemini's API version: "v1" (the default, as google-genai 3.x), "v1beta" or "v1alpha".
  public var apiVersion: String
  /// The API key, or nil: then only ``ImageEditProvider/uploadPreview(for:)`` works, and `edit`
  /// throws ``ProviderError/missingKey(provider:)``.
  public var apiKey: String?
  /// The model and its rules.
  public var model: ModelInfo
  /// The user's prompt, or nil for the provider's default (OpenAI's ``OpenAIRequest/defaultPrompt``;
  /// Gemini's ``GeminiRequest/defaultInstructions``, after the mask preamble either way).
  public var prompt: String?
  /// `--quality`: OpenAI's `quality`, or Gemini's `imageConfig.imageSize` ("512" ... "4K"); nil
  /// means the default: OpenAI's ``defaultOpenAIQuality`` (sent), Gemini's 1K (not sent).
  public var quality: String?
  /// `--max-size`: the most pixels (its area) a model of free size (gpt-image-2) is sent and asked
  /// for; nil for ``defaultPixelCap``.
  public var maxSize: PixelSize?
  /// OpenAI's `OpenAI-Organization` header, from `OPENAI_ORG_ID`.
  public var organization: String?
  /// OpenAI's `OpenAI-Project` header, from `OPENAI_PROJECT_ID`.
  public var project: String?
  /// Retries for rate limits and server errors.
  public var retry: RetryPolicy

  /// Creates a configuration.
  public init(
    baseURL: String, apiVersion: String = "v1", apiKey: String?, model: ModelInfo, prompt: String? = nil,
    quality: String? = nil, maxSize: PixelSize? = nil, organization: String? = nil, project: String? = nil,
    retry: RetryPolicy = RetryPolicy()
  ) {
    self.baseURL = baseURL
    self.apiVersion = apiVersion
    self.apiKey = apiKey
    self.model = model
    self.prompt = prompt
    self.quality = quality
    self.maxSize = maxSize
    self.organization = organization
    self.project = project
    self.retry = retry
  }
}
