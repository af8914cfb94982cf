import DeglareCore
import DeglareTransport

/// What the user chose for a provider: the local method, or a remote model, prompt, quality and
/// timeout. The defaults here are the command line's.
public struct ProviderOptions: Sendable, Equatable {
  /// `--method`: the local method (auto by default).
  public var method: LocalMethod
  /// `--model`, or nil for the provider's default (``ModelCatalog/defaultModel(for:)``).
  public var model: String?
  /// `--prompt`, or nil for the provider's default prompt.
  public var prompt: String?
  /// `--quality`: OpenAI `quality` (low, medium, high, auto ...) or Gemini `imageSize`
  /// (512, 1K, 2K, 4K), checked against the model; nil for the default (OpenAI `high`, sent;
  /// Gemini's 1K, not sent).
  public var quality: String?
  /// `--max-size WxH`: for a model of free size (gpt-image-2), the most pixels (W x H) sent and
  /// asked for; nil for 2560x1440 (``RemoteConfiguration/defaultPixelCap``).
  public var maxSize: PixelSize?
  /// `--timeout`: seconds for the whole transfer. Default 300.
  public var timeout: Double

  /// Creates options.
  public init(
    method: LocalMethod = .auto, model: String? = nil, prompt: String? = nil, quality: String? = nil,
    maxSize: PixelSize? = nil, timeout: Double = 300
  ) {
    self.method = method
    self.model = model
    self.prompt = prompt
    self.quality = quality
    self.maxSize = maxSize
    self.timeout = timeout
  }
}

/// Endpoints and headers read from the environment, following the official SDKs.
public struct ProviderEnvironment: Sendable, Equatable {
  /// `OPENAI_BASE_URL`, default `https://api.openai.com/v1`.
  public var openAIBaseURL: String
  /// `OPENAI_ORG_ID` (sent as `OpenAI-Organization`).
  public var openAIOrganization: String?
  /// `OPENAI_PROJECT_ID` (sent as `OpenAI-Project`).
  public var openAIProject: String?
  /// `GOOGLE_GEMINI_BASE_URL`, default `https://generativelanguage.googleapis.com`.
  public var geminiBaseURL: String
  /// `GOOGLE_GENAI_API_VERSION` normalised ("v1" by default, as google-genai 3.x; "v1beta" if the
  /// v1 endpoint refuses image fields: see docs/providers.md, Gemini generateContent).
  public var geminiAPIVersion: String
  /// Proxies from `https_proxy`, `http_proxy`, `all_proxy`, `no_proxy`.
  public var proxy: ProxyConfiguration

  /// Reads the environment dictionary (never the process's own environment).
  /// - Throws: ``ProviderError/invalidEndpoint(message:)`` for a bad API version.
  public init(_ environment: [String: String]) throws(ProviderError) {
    func value(_ name: String) -> String? {
      guard let text = environment[name]?.trimmingWhitespace, !text.isEmpty else { return nil }
      return text
    }
    openAIBaseURL = value("OPENAI_BASE_URL") ?? "https://api.openai.com/v1"
    openAIOrganization = value("OPENAI_ORG_ID")
    openAIProject = value("OPENAI_PROJECT_ID")
    geminiBaseURL = value("GOOGLE_GEMINI_BASE_URL") ?? "https://generativelanguage.googleapis.com"
    if let version = value("GOOGLE_GENAI_API_VERSION") {
      guard let normalized = GeminiRequest.normalizedVersion(version) else {
        throw .invalidEndpoint(
          message: "GOOGLE_GENAI_API_VERSION='\(version)' is not an API version (v1, v1beta, v1alpha)")
      }
      geminiAPIVersion = normalized
    } else {
      geminiAPIVersion = "v1"
    }
    proxy = ProxyConfiguration.fromEnvironment(environment)
  }

  /// The base URL of a remote `provider`, checked against the endpoint policy.
  func baseURL(for provider: ProviderID) throws(ProviderError) -> String {
    let (url, variable) =
      provider == .openai ? (openAIBaseURL, "OPENAI_BASE_URL") : (geminiBaseURL, "GOOGLE_GEMINI_BASE_URL")
    do {
      try EndpointPolicy.validate(url)
    } catch {
      throw .invalidEndpoint(message: "\(variable): \(error.message)")
    }
    return url
  }
}

/// Builds providers from an id, a key and options.
public enum ProviderFactory {
  /// A provider for `provider`.
  ///
  /// - Parameters:
  ///   - key: the API key of a remote provider (looked up by the caller), or nil: the provider
  ///     then still gives `uploadPreview` (for `--dry-run`), and `edit` throws `.missingKey`.
  ///   - options: the local method, or the remote model, prompt, quality and timeout.
  ///   - environment: the environment dictionary (base URLs, API version, proxies); not read for
  ///     the local provider.
  ///   - transport: nil for a ``CurlTransport`` configured from `options` and `environment`.
  /// - Throws: ``ProviderError`` `.invalidOption` (bad `--quality`, bad model id) or
  ///   `.invalidEndpoint` (insecure base URL, bad API version).
  public static func make(
    provider: ProviderID, key: String?, options: ProviderOptions, environment: [String: String],
    transport: (any HTTPTransport)? = nil
  ) throws(ProviderError) -> any ImageEditProvider {
    if provider == .local { return LocalProvider(method: options.method) }
    let settings = try ProviderEnvironment(environment)
    let configuration = try self.configuration(provider: provider, key: key, options: options, settings: settings)
    let transport = transport ?? self.transport(options: options, environment: settings)
    return RemoteProvider(configuration: configuration, transport: transport)
  }

  /// The configuration of a remote provider: its endpoint from `settings`, the model (checked:
  /// id characters, `--quality` value) from `options`, and `retry`.
  static func configuration(
    provider: ProviderID, key: String?, options: ProviderOptions, settings: ProviderEnvironment,
    retry: RetryPolicy = RetryPolicy()
  ) throws(ProviderError) -> RemoteConfiguration {
    let baseURL = try settings.baseURL(for: provider)
    let modelID = options.model ?? ModelCatalog.defaultModel(for: provider)
    guard !modelID.isEmpty, modelID.unicodeScalars.allSatisfy({ isModelCharacter($0) }) else {
      throw .invalidOption(message: "'\(modelID)' is not a model id (letters, digits, '.', '-', '_' only)")
    }
    let model = ModelCatalog.info(provider: provider, model: modelID)
    if let quality = options.quality, !model.qualities.contains(quality) {
      let accepted = model.qualities.isEmpty ? "no --quality" : "--quality " + model.qualities.joined(separator: ", ")
      throw .invalidOption(message: "\(model.id) accepts \(accepted); got '\(quality)'")
    }
    if let maxSize = options.maxSize { try checkMaxSize(maxSize, model: model) }
    return RemoteConfiguration(
      baseURL: baseURL, apiVersion: settings.geminiAPIVersion, apiKey: key, model: model, prompt: options.prompt,
      quality: options.quality, maxSize: options.maxSize, organization: settings.openAIOrganization,
      project: settings.openAIProject, retry: retry)
  }

  /// The libcurl transport for these options: `--timeout`, proxies from the environment.
  public static func transport(options: ProviderOptions, environment: ProviderEnvironment) -> CurlTransport {
    CurlTransport(configuration: .init(totalTimeout: options.timeout, proxy: environment.proxy))
  }

  /// `--max-size` fits only a model of free size, and its area must be one the model makes.
  private static func checkMaxSize(_ size: PixelSize, model: ModelInfo) throws(ProviderError) {
    guard case .flexible(let rule) = model.capability else {
      let how = model.provider == .gemini ? "its size is set by --quality" : "it makes fixed sizes"
      throw .invalidOption(
        message: "--max-size applies to models of free size (the gpt-image-2 family); \(model.id) does not take it: "
          + how)
    }
    guard (rule.minPixels...rule.maxPixels).contains(size.area) else {
      throw .invalidOption(
        message: "--max-size \(size) is \(size.area) pixels; \(model.id) makes images of \(rule.minPixels) to "
          + "\(rule.maxPixels) pixels (3840x2160)")
    }
  }

  private static func isModelCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": return true
    default: return false
    }
  }
}
