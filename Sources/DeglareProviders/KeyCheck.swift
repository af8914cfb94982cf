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

  /// One sentence saying what was checked: the key is accepted (the models list answered, with
  /// how many models and whether the default image model is among them), and that image
  /// generation may still need more, which a models list cannot tell.
  public var description: String {
    let model = ModelCatalog.defaultModel(for: provider)
    var listed = "\(modelCount) model\(modelCount == 1 ? "" : "s") listed"
    switch defaultModelListed {
    case true?: listed += ", \(model) among them"
    case false?: listed += ", \(model) not among them"
    case nil: break
    }
    return "\(provider.displayName): the key is accepted (\(listed)); image generation may still need billing or "
      + "organisation verification"
  }

  /// Where the provider settles what a models list cannot show, as (what, address).
  public var pages: [(what: String, url: String)] { Self.pages(for: provider) }

  /// The provider's pages for organisation verification and billing: OpenAI's organisation
  /// settings (Verify Organization; image models need it) and billing; Google AI Studio's API
  /// keys page, which shows each key's project and where its billing is set up (image models have
  /// no free tier).
  public static func pages(for provider: ProviderID) -> [(what: String, url: String)] {
    switch provider {
    case .openai:
      return [
        ("organisation verification", "https://platform.openai.com/settings/organization/general"),
        ("billing", "https://platform.openai.com/settings/organization/billing"),
      ]
    case .gemini:
      return [("billing and API keys (Google AI Studio)", "https://aistudio.google.com/apikey")]
    case .local:
      return []
    }
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
