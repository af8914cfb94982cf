import DeglareProviders
import Synchronization

/// The keys this process has loaded, so every line deglare prints passes through one redaction
/// function (``Redactor``) that removes them, and anything shaped like a key, first. Provider
/// error messages sometimes echo part of a key; this is where they are cleaned.
final class SecretRegistry: Sendable {
  /// The process-wide registry.
  static let shared = SecretRegistry()

  private let secrets = Mutex<[String]>([])

  /// Remembers a key to redact.
  func register(_ secret: String) {
    secrets.withLock { if !$0.contains(secret) { $0.append(secret) } }
  }

  /// `text` with every registered key and credential-looking token removed. Until a key has been
  /// loaded there is nothing to leak, and text passes unchanged (help texts, paths).
  func redact(_ text: String) -> String {
    let known = secrets.withLock { $0 }
    return known.isEmpty ? text : Redactor(secrets: known).redact(text)
  }
}
