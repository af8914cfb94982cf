/// A provider whose API key deglare keeps.
public enum KeyProvider: String, Sendable, CaseIterable {
  /// OpenAI (image edits).
  case openai
  /// Google Gemini (generateContent).
  case gemini

  /// The name people use ("OpenAI", "Gemini").
  public var displayName: String {
    switch self {
    case .openai: return "OpenAI"
    case .gemini: return "Gemini"
    }
  }

  /// The environment variables that hold the key, in the official SDK's order of precedence.
  public var environmentVariables: [String] {
    switch self {
    case .openai: return ["OPENAI_API_KEY"]
    case .gemini: return ["GOOGLE_API_KEY", "GEMINI_API_KEY"]
    }
  }

  /// The label of its Secret Service item ("deglare API key (OpenAI)").
  public var secretLabel: String { "deglare API key (\(displayName))" }

  /// Parses a command-line provider name; nil when unknown.
  public init?(argument: String) {
    self.init(rawValue: argument.lowercased())
  }
}
