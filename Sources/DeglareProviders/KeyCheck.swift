import DeglareTransport

/// What `deglare keys check PROVIDER` found.
public struct KeyCheckReport: Sendable, Equatable, CustomStringConvertible {
  /// "openai" or "gemini".
  public var provider: String
  /// Number of models the key can see.
  public var modelCount: Int
  /// Whether the default image model is among them (nil when the list does not say).
  public var defaultModelListed: Bool?

  /// One sentence: the key works, and how many models it sees.
  public var description: String {
    let name = provider == "openai" ? "OpenAI" : "Gemini"
    let model = provider == "openai" ? ModelCatalog.defaultOpenAIModel : ModelCatalog.defaultGeminiModel
    var text = "\(name) accepted the key (\(modelCount) model\(modelCount == 1 ? "" : "s") visible"
    switch defaultModelListed {
    case true?: text += "; \(model) is among them)"
    case false?: text += "; \(model) is not among them)"
    case nil: text += ")"
    }
    return text
  }
}

/// One free authenticated request (the models list) that says whether a key works.
public enum KeyCheck {
  /// Lists the models with `key`: OpenAI `GET {OPENAI_BASE_URL}/models`, Gemini
  /// `GET {GOOGLE_GEMINI_BASE_URL}/{version}/models`. No retries, no image call, nothing billed.
  ///
  /// - Throws: ``ProviderError``: `.missingKey`/`.malformedKey`/`.keyRejected` (exit 77), or
  ///   another case (exit 69) with the provider's message; `.invalidOption` for an unknown provider.
  public static func run(
    provider: String, key: String?, environment: [String: String], transport: (any HTTPTransport)? = nil,
    timeout: Double = 30
  ) async throws -> KeyCheckReport {
    guard ProviderFactory.remoteProviders.contains(provider) else {
      throw ProviderError.invalidOption(message: "unknown remote provider '\(provider)' (expected openai or gemini)")
    }
    let settings = try ProviderEnvironment(environment)
    let baseURL = try settings.baseURL(for: provider)
    let display = provider == "openai" ? OpenAIResponse.provider : GeminiResponse.provider
    let key = try APIKey.validate(key, provider: display)
    let redactor = Redactor(secrets: [key])
    let transport =
      transport ?? ProviderFactory.transport(options: ProviderOptions(timeout: timeout), environment: settings)
    let request =
      provider == "openai"
      ? OpenAIRequest.models(
        baseURL: baseURL, apiKey: key, organization: settings.openAIOrganization, project: settings.openAIProject)
      : GeminiRequest.models(baseURL: baseURL, apiVersion: settings.geminiAPIVersion, apiKey: key)
    let sender = RetryingSender(
      transport: transport, policy: RetryPolicy(maxAttempts: 1), provider: display, redactor: redactor)
    let outcome = try await sender.send(request) { response in
      provider == "openai"
        ? OpenAIResponse.classify(response, redactor: redactor) : GeminiResponse.classify(response, redactor: redactor)
    }
    guard let json = try? JSONParser.parse(outcome.response.body) else {
      throw ProviderError.badResponse(
        provider: display, message: "the models list is not JSON: \(ErrorText.firstLine(of: outcome.response.body))")
    }
    if provider == "openai" {
      let ids = (json["data"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
      return KeyCheckReport(
        provider: provider, modelCount: ids.count, defaultModelListed: ids.contains(ModelCatalog.defaultOpenAIModel))
    }
    let names = (json["models"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    let listed = names.contains("models/\(ModelCatalog.defaultGeminiModel)")
    // A first page without the model may just be a first page: say nothing then.
    let complete = json["nextPageToken"] == nil
    return KeyCheckReport(
      provider: provider, modelCount: names.count, defaultModelListed: complete || listed ? listed : nil)
  }
}
