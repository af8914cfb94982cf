/// What went wrong with a remote provider, each case carrying the provider's own message
/// (already redacted: no key or auth header ever appears in it).
///
/// The CLI maps cases to exit codes (``isKeyProblem`` -> 77, ``isUsageProblem`` -> 64, the rest
/// -> 69); the provider layer never decides exit codes. `provider` is the display name
/// ("OpenAI", "Gemini").
public enum ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No key was configured for the provider.
  case missingKey(provider: String)
  /// The key cannot be sent as it is (empty, or holds spaces or control characters).
  case malformedKey(provider: String, reason: String)
  /// The provider refused the key or the account: 401/403, Gemini `API_KEY_INVALID`.
  case keyRejected(provider: String, status: Int, message: String)
  /// Still rate-limited after every attempt (or the wait asked for was too long).
  case rateLimited(provider: String, message: String, attempts: Int, retryAfterSeconds: Double?)
  /// No quota or credit left: retrying cannot help (OpenAI `insufficient_quota`, Gemini free tier
  /// with `limit: 0`). `hint` says what to do.
  case quotaExhausted(provider: String, message: String, hint: String?)
  /// The provider's safety system blocked the request or the result (`reason`: the provider's
  /// code, e.g. `IMAGE_SAFETY`, `moderation_blocked`); `message` is its text or the model's.
  case blocked(provider: String, reason: String, message: String?)
  /// A successful answer without an image (`reason`: the finish reason, if any; `modelText`: what
  /// the model said instead).
  case noImage(provider: String, reason: String?, modelText: String?)
  /// The provider refused the request as invalid (400, 404, 422 ...); `hint` may suggest a fix.
  case requestRejected(provider: String, status: Int, message: String, hint: String?)
  /// Server errors (5xx) on every attempt.
  case serverError(provider: String, status: Int, message: String, attempts: Int)
  /// An answer that cannot be used: malformed JSON, not an image, an unusable size.
  case badResponse(provider: String, message: String)
  /// No complete answer arrived (connection refused, timeout, dropped, too large).
  case transport(provider: String, message: String)
  /// An option does not fit the provider or model (`--quality` value, model id characters).
  case invalidOption(message: String)
  /// The endpoint configuration is unusable (insecure or malformed base URL).
  case invalidEndpoint(message: String)

  /// Whether the fix is about the key (exit 77): missing, malformed or rejected.
  public var isKeyProblem: Bool {
    switch self {
    case .missingKey, .malformedKey, .keyRejected: return true
    default: return false
    }
  }

  /// Whether the fix is on the command line (exit 64).
  public var isUsageProblem: Bool {
    if case .invalidOption = self { return true }
    return false
  }

  /// The provider's own message, when it sent one.
  public var providerMessage: String? {
    switch self {
    case .keyRejected(_, _, let message), .rateLimited(_, let message, _, _), .quotaExhausted(_, let message, _),
      .requestRejected(_, _, let message, _), .serverError(_, _, let message, _):
      return message
    case .blocked(_, _, let message): return message
    case .noImage(_, _, let text): return text
    default: return nil
    }
  }

  /// One clear sentence first, then the provider's message.
  public var description: String {
    switch self {
    case .missingKey(let provider):
      let variable = provider == "OpenAI" ? "OPENAI_API_KEY" : "GEMINI_API_KEY (or GOOGLE_API_KEY)"
      return "no API key for \(provider): run 'deglare keys set \(provider.lowercased())' or set \(variable)"
    case .malformedKey(let provider, let reason):
      return "the \(provider) API key cannot be used: \(reason)"
    case .keyRejected(let provider, let status, let message):
      return "\(provider) rejected the API key or account (HTTP \(status)). \(provider) said: \(message)"
    case .rateLimited(let provider, let message, let attempts, let retryAfter):
      let wait = retryAfter.map { " and asks to wait \(ProviderError.seconds($0))" } ?? ""
      return
        "\(provider) is rate-limiting requests; gave up after \(attempts) attempt\(attempts == 1 ? "" : "s")\(wait). "
        + "\(provider) said: \(message)"
    case .quotaExhausted(let provider, let message, let hint):
      let advice = hint.map { " \($0)" } ?? ""
      return
        "\(provider) has no quota left for this request; retrying will not help.\(advice) \(provider) said: \(message)"
    case .blocked(let provider, let reason, let message):
      let said = message.map { " \(provider) said: \($0)" } ?? ""
      return "\(provider)'s safety system blocked the edit (\(reason)).\(said)"
    case .noImage(let provider, let reason, let text):
      let why = reason.map { " (finish reason \($0))" } ?? ""
      let said = text.map { " The model said: \($0)" } ?? ""
      return "\(provider) returned no image\(why).\(said)"
    case .requestRejected(let provider, let status, let message, let hint):
      let advice = hint.map { " \($0)" } ?? ""
      return "\(provider) refused the request (HTTP \(status)). \(provider) said: \(message)\(advice)"
    case .serverError(let provider, let status, let message, let attempts):
      return "\(provider) had a server error (HTTP \(status)) on \(attempts) attempt\(attempts == 1 ? "" : "s"). "
        + "\(provider) said: \(message)"
    case .badResponse(let provider, let message):
      return "\(provider) sent an answer deglare cannot use: \(message)"
    case .transport(let provider, let message):
      return "could not get an answer from \(provider): \(message)"
    case .invalidOption(let message), .invalidEndpoint(let message):
      return message
    }
  }

  static func seconds(_ value: Double) -> String {
    value >= 10 ? "\(Int(value.rounded())) s" : "\((value * 10).rounded() / 10) s"
  }
}
