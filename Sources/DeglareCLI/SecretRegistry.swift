import DeglareProviders
import Synchronization

/// The keys this process has loaded, so every line deglare prints passes through one redaction
/// function (``Redactor``) that removes them, and anything shaped like a key, first. Provider
/// error messages sometimes echo part of a key; this is where they are cleaned.
final class SecretRegistry: Sendable {
  /// The process-wide registry.
  static let shared = SecretRegistry()

  private let state = Mutex<(secrets: [String], redactor: Redactor?)>(([], nil))

  /// Remembers a key to redact.
  func register(_ secret: String) {
    state.withLock { state in
      guard !state.secrets.contains(secret) else { return }
      state.secrets.append(secret)
      state.redactor = Redactor(secrets: state.secrets)
    }
  }

  /// `text` with every registered key (in any letter case, base64 or cut in two) and
  /// credential-looking token removed, or withheld whole when a key may remain in it. Until a key
  /// has been loaded there is nothing to leak, and text passes unchanged (help texts, paths).
  func redact(_ text: String) -> String {
    guard let redactor = state.withLock({ $0.redactor }) else { return text }
    return redactor.redact(text)
  }
}
