import DeglareCore

/// Why a key could not be stored, found or removed.
public enum KeyStoreError: Error, Equatable, CustomStringConvertible {
  /// No Secret Service can be used (no D-Bus session, no keyring daemon, no default collection,
  /// or a locked one). `detail` is libsecret's own reason.
  case unavailable(detail: String, provider: ProviderID?)
  /// The Secret Service did not answer in time (the call was cancelled, nothing changed).
  case timedOut(seconds: Int)
  /// Another libsecret failure: the operation and its GError message.
  case failed(operation: String, message: String)
  /// No key for the provider in the environment or the Secret Service.
  case missingKey(ProviderID)
  /// A key given to `keys set` is unusable (it breaks ``APIKey``'s rule, or nothing was typed).
  case invalidKey(reason: String)

  /// One sentence saying what happened and the fixes.
  public var description: String {
    switch self {
    case .unavailable(let detail, let provider):
      let variable = provider?.keyEnvironmentVariables.first ?? "OPENAI_API_KEY or GEMINI_API_KEY"
      return "no Secret Service is reachable (\(detail)); start one, such as gnome-keyring in your desktop "
        + "session, or set \(variable) in the environment instead"
    case .timedOut(let seconds):
      return "the Secret Service did not answer within \(seconds) s; check that gnome-keyring (or another "
        + "Secret Service) is running and unlocked, or set the key in the environment"
    case .failed(let operation, let message):
      return "the Secret Service failed (\(operation)): \(message)"
    case .missingKey(let provider):
      let variables = provider.keyEnvironmentVariables.joined(separator: " or ")
      return "no \(provider.displayName) key: set \(variables), or store one with "
        + "'deglare keys set \(provider.rawValue)'"
    case .invalidKey(let reason):
      return "that key cannot be used: \(reason)"
    }
  }

  /// Whether the problem is a missing or unusable key or key store (exit 77) rather than a failure.
  public var isKeyProblem: Bool { true }
}
