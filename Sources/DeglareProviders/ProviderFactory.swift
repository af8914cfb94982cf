import DeglareTransport

/// What the user chose on the command line for a remote provider.
public struct ProviderOptions: Sendable, Equatable {
  /// `--model`, or nil for the provider's default.
  public var model: String?
  /// `--prompt`, or nil for the provider's default prompt.
  public var prompt: String?
  /// `--quality`: OpenAI `quality` (low, medium, high, auto ...) or Gemini `imageSize`
  /// (512, 1K, 2K, 4K), checked against the model; nil leaves it to the API.
  public var quality: String?
  /// `--timeout`: seconds for the whole transfer. Default 300.
  public var timeout: Double
  /// Attempts in all for rate limits and server errors. Default 3.
  public var maxAttempts: Int

  /// Creates options.
  public init(
    model: String? = nil, prompt: String? = nil, quality: String? = nil, timeout: Double = 300, maxAttempts: Int = 3
  ) {
    self.model = model
    self.prompt = prompt
    self.quality = quality
    self.timeout = timeout
    self.maxAttempts = maxAttempts
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

  /// The base URL of `provider`, checked against the endpoint policy.
  func baseURL(for provider: String) throws(ProviderError) -> String {
    let (url, variable) =
      provider == "openai" ? (openAIBaseURL, "OPENAI_BASE_URL") : (geminiBaseURL, "GOOGLE_GEMINI_BASE_URL")
    do {
      try EndpointPolicy.validate(url)
    } catch {
      throw .invalidEndpoint(message: "\(variable): \(error.message)")
    }
    return url
  }
}

/// Builds remote providers from a name, a key and options.
public enum ProviderFactory {
  /// The remote providers this factory builds.
  public static let remoteProviders = ["openai", "gemini"]

  /// A provider for `provider` ("openai" or "gemini").
  ///
  /// - Parameters:
  ///   - key: the API key (looked up by the caller), or nil: the provider then still gives
  ///     `uploadPreview` (for `--dry-run`), and `edit` throws `.missingKey`.
  ///   - environment: the environment dictionary (base URLs, API version, proxies).
  ///   - transport: nil for a ``CurlTransport`` configured from `options` and `environment`.
  /// - Throws: ``ProviderError`` `.invalidOption` (unknown provider, bad `--quality`, bad model id)
  ///   or `.invalidEndpoint` (insecure base URL).
  public static func make(
    provider: String, key: String?, options: ProviderOptions, environment: [String: String],
    transport: (any HTTPTransport)? = nil
  ) throws(ProviderError) -> any ImageEditProvider {
    guard remoteProviders.contains(provider) else {
      throw .invalidOption(message: "unknown remote provider '\(provider)' (expected openai or gemini)")
    }
    let settings = try ProviderEnvironment(environment)
    let baseURL = try settings.baseURL(for: provider)
    let modelID =
      options.model ?? (provider == "openai" ? ModelCatalog.defaultOpenAIModel : ModelCatalog.defaultGeminiModel)
    guard !modelID.isEmpty, modelID.unicodeScalars.allSatisfy({ isModelCharacter($0) }) else {
      throw .invalidOption(message: "'\(modelID)' is not a model id (letters, digits, '.', '-', '_' only)")
    }
    let model = ModelCatalog.info(provider: provider, model: modelID)
    if let quality = options.quality, !model.qualities.contains(quality) {
      let accepted = model.qualities.isEmpty ? "no --quality" : "--quality " + model.qualities.joined(separator: ", ")
      throw .invalidOption(message: "\(model.id) accepts \(accepted); got '\(quality)'")
    }
    let retry = RetryPolicy(maxAttempts: max(options.maxAttempts, 1))
    let transport = transport ?? self.transport(options: options, environment: settings)
    if provider == "openai" {
      return OpenAIProvider(
        configuration: .init(
          baseURL: baseURL, apiKey: key, model: model, prompt: options.prompt, quality: options.quality,
          organization: settings.openAIOrganization, project: settings.openAIProject, retry: retry),
        transport: transport)
    }
    return GeminiProvider(
      configuration: .init(
        baseURL: baseURL, apiVersion: settings.geminiAPIVersion, apiKey: key, model: model, prompt: options.prompt,
        imageSize: options.quality, retry: retry),
      transport: transport)
  }

  /// The libcurl transport for these options: `--timeout`, proxies from the environment.
  public static func transport(options: ProviderOptions, environment: ProviderEnvironment) -> CurlTransport {
    CurlTransport(configuration: .init(totalTimeout: options.timeout, proxy: environment.proxy))
  }

  private static func isModelCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": return true
    default: return false
    }
  }
}
