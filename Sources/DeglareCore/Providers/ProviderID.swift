/// A repainting service deglare can use.
///
/// The raw value is the provider's name everywhere deglare shows or reads one: `--provider`,
/// `DEGLARE_PROVIDER`, `keys set PROVIDER`, the summaries and `plan.json`, and the attribute a
/// stored key carries in the Secret Service. This type only names providers and their keys'
/// environment variables; reading the environment is the key store's job.
public enum ProviderID: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The offline methods on this machine (the default): nothing is uploaded, no key is needed.
  case local
  /// OpenAI's Images Edit API.
  case openai
  /// Google Gemini's image models (`generateContent`).
  case gemini

  /// The providers that repaint elsewhere and need a key, in the order listings show them.
  public static let remote: [ProviderID] = allCases.filter(\.isRemote)

  /// Whether the photo leaves the machine (and an API key is needed).
  public var isRemote: Bool { self != .local }

  /// The name people use in sentences ("OpenAI", "Gemini"; "local" for the local methods).
  public var displayName: String {
    switch self {
    case .local: return "local"
    case .openai: return "OpenAI"
    case .gemini: return "Gemini"
    }
  }

  /// The environment variables that hold the provider's API key, in the official SDK's order of
  /// precedence (Google's SDK reads `GOOGLE_API_KEY` before `GEMINI_API_KEY`); empty for local.
  public var keyEnvironmentVariables: [String] {
    switch self {
    case .local: return []
    case .openai: return ["OPENAI_API_KEY"]
    case .gemini: return ["GOOGLE_API_KEY", "GEMINI_API_KEY"]
    }
  }

  /// The command-line name.
  public var description: String { rawValue }
}
