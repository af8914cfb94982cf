import DeglareCore
import DeglareTransport

/// What `deglare keys check PROVIDER` found.
public struct KeyCheckReport: Sendable, Equatable, CustomStringConvertible {
  /// The remote provider whose key was checked.
  public var provider: ProviderID
  /// Number of models the key can see.
  public var modelCount: Int
  /// Whether the default image model is among them (nil when the list does not say).
  public var defaultModelListed: Bool?

  /// One sentence: the key works, and how many models it sees.
  public var description: String {
    let model = ModelCatalog.defaultModel(for: provider)
    var text = "\(provider.displayName) accepted the key (\(modelCount) model\(modelCount == 1 ? "" : "s") visible"
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
  /// Seconds the request may take by default (`keys check --timeout`).
  public static let defaultTimeout: Double = 30

  /// Lists the models with `key`: OpenAI `GET {OPENAI_BASE_URL}/models`, Gemini
  /// `GET {GOOGLE_GEMINI_BASE_URL}/{version}/models`. No retries, no image call, nothing billed.
  ///
  /// - Parameter timeout: seconds for the whole request (`keys check --timeout`).
  /// - Throws: ``ProviderError``: `.missingKey`/`.malformedKey`/`.keyRejected` (exit 77), or
  ///   another case (exit 69) with the provider's message; `.invalidOption` for the local provider.
  public static func run(
    provider: ProviderID, key: String?, environment: [String: String], transport: (any HTTPTransport)? = nil,
    timeout: Double = defaultTimeout
  ) async throws -> KeyCheckReport {
    guard provider.isRemote else {
      throw ProviderError.invalidOption(
        message: "unknown remote provider '\(provider)' (expected \(ProviderID.remote.joinedAsAlternatives()))")
    }
    let settings = try ProviderEnvironment(environment)
    let options = ProviderOptions(timeout: timeout)
    let call = RemoteCall(
      configuration: try ProviderFactory.configuration(
        provider: provider, key: key, options: options, settings: settings, retry: RetryPolicy(maxAttempts: 1)),
      transport: transport ?? ProviderFactory.transport(options: options, environment: settings))
    let api = RemoteProvider.api(for: provider)
    let (outcome, _) = try await call.send(
      { key in api.modelsRequest(configuration: call.configuration, key: key) }, classify: api.classify)
    guard let json = try? JSONParser.parse(outcome.response.body) else {
      throw ProviderError.badResponse(
        provider: provider,
        message: "the models list is not JSON: \(ErrorText.firstLine(of: outcome.response.body))")
    }
    let list = api.models(in: json, including: ModelCatalog.defaultModel(for: provider))
    return KeyCheckReport(provider: provider, modelCount: list.count, defaultModelListed: list.includesModel)
  }
}
