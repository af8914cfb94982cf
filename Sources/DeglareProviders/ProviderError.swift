import DeglareCore

/// What went wrong with a remote provider, each case carrying the provider's own message
/// (already redacted: no key or auth header ever appears in it).
///
/// The CLI maps cases to exit codes (``isKeyProblem`` -> 77, ``isUsageProblem`` -> 64, the rest
/// -> 69); the provider layer never decides exit codes. Messages name the provider by its
/// ``ProviderID/displayName`` ("OpenAI", "Gemini").
public enum ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No key was configured for the provider.
  case missingKey(provider: ProviderID)
  /// The key cannot be sent as it is: it breaks ``APIKey``'s rule (`reason` says how).
  case malformedKey(provider: ProviderID, reason: String)
  /// The provider refused the key or the account: 401/403, Gemini `API_KEY_INVALID`.
  case keyRejected(provider: ProviderID, status: Int, message: String)
  /// Still rate-limited after every attempt (or the wait asked for was too long).
  case rateLimited(provider: ProviderID, message: String, attempts: Int, retryAfterSeconds: Double?)
  /// No quota or credit left: retrying cannot help (OpenAI `insufficient_quota`, Gemini free tier
  /// with `limit: 0`). `hint` says what to do.
  case quotaExhausted(provider: ProviderID, message: String, hint: String?)
  /// The provider's safety system blocked the request or the result (`reason`: the provider's
  /// code, e.g. `IMAGE_SAFETY`, `moderation_blocked`); `message` is its text or the model's.
  case blocked(provider: ProviderID, reason: String, message: String?)
  /// A successful answer without an image (`reason`: the finish reason, if any; `modelText`: what
  /// the model said instead).
  case noImage(provider: ProviderID, reason: String?, modelText: String?)
  /// The provider refused the request as invalid (400, 404, 422 ...); `hint` may suggest a fix.
  case requestRejected(provider: ProviderID, status: Int, message: String, hint: String?)
  /// Server errors (5xx) on every attempt.
  case serverError(provider: ProviderID, status: Int, message: String, attempts: Int)
  /// An answer that cannot be used: malformed JSON, not an image, an unusable size.
  case badResponse(provider: ProviderID, message: String)
  /// No complete answer arrived (connection refused, timeout, dropped, too large).
  case transport(provider: ProviderID, message: String)
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

  /// One clear sentence first, then the provider's message.
  public var description: String {
    switch self {
    case .missingKey(let id):
      // The variable the provider's documentation names (the last one read), others in brackets.
      let variables = id.keyEnvironmentVariables
      let others = variables.dropLast().joined(separator: " or ")
      let variable = (variables.last ?? "") + (others.isEmpty ? "" : " (or \(others))")
      return "no API key for \(id.displayName): run 'deglare keys set \(id)' or set \(variable)"
    case .malformedKey(let id, let reason):
      return "the \(id.displayName) API key cannot be used: \(reason)"
    case .keyRejected(let id, let status, let message):
      return "\(id.displayName) rejected the API key or account (HTTP \(status)). \(id.displayName) said: \(message)"
    case .rateLimited(let id, let message, let attempts, let retryAfter):
      let wait = retryAfter.map { " and asks to wait \(ProviderError.seconds($0))" } ?? ""
      return
        "\(id.displayName) is rate-limiting requests; gave up after \(attempts) attempt\(attempts == 1 ? "" : "s")\(wait). "
        + "\(id.displayName) said: \(message)"
    case .quotaExhausted(let id, let message, let hint):
      let advice = hint.map { " \($0)" } ?? ""
      return
        "\(id.displayName) has no quota left for this request; retrying will not help.\(advice) \(id.displayName) said: \(message)"
    case .blocked(let id, let reason, let message):
      let said = message.map { " \(id.displayName) said: \($0)" } ?? ""
      return "\(id.displayName)'s safety system blocked the edit (\(reason)).\(said)"
    case .noImage(let id, let reason, let text):
      let why = reason.map { " (finish reason \($0))" } ?? ""
      let said = text.map { " The model said: \($0)" } ?? ""
      return "\(id.displayName) returned no image\(why).\(said)"
    case .requestRejected(let id, let status, let message, let hint):
      let advice = hint.map { " \($0)" } ?? ""
      return "\(id.displayName) refused the request (HTTP \(status)). \(id.displayName) said: \(message)\(advice)"
    case .serverError(let id, let status, let message, let attempts):
      return "\(id.displayName) had a server error (HTTP \(status)) on \(attempts) attempt\(attempts == 1 ? "" : "s"). "
        + "\(id.displayName) said: \(message)"
    case .badResponse(let id, let message):
      return "\(id.displayName) sent an answer deglare cannot use: \(message)"
    case .transport(let id, let message):
      return "could not get an answer from \(id.displayName): \(message)"
    case .invalidOption(let message), .invalidEndpoint(let message):
      return message
    }
  }

  static func seconds(_ value: Double) -> String {
    value >= 10 ? "\(Int(value.rounded())) s" : "\((value * 10).rounded() / 10) s"
  }
}
