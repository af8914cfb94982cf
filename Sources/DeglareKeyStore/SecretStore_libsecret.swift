// The Secret Service through libsecret. Every call runs with a GCancellable that a timer cancels
// after `timeout` seconds, so a dead bus or a keyring waiting on a prompt can never hang deglare;
// the collection is never unlocked interactively (no prompt is requested). GLib objects are
// released before each function returns; returned passwords are freed with
// secret_password_free, which wipes them.
internal import CSecretShims
internal import Clibsecret
import DeglareCore
import Dispatch

/// The libsecret-backed ``SecretStore``.
public struct LibsecretStore: SecretStore {
  /// Seconds before a Secret Service call is abandoned.
  public var timeout: Int

  /// Creates a store.
  public init(timeout: Int = 5) {
    self.timeout = timeout
  }

  public func store(_ key: String, for provider: ProviderID) throws {
    try KeyValidation.validate(key)
    try ensureUsableCollection(provider)
    _ = try call("secret_password_store_sync", provider) { cancellable, error in
      csecret_store(provider.rawValue, provider.secretLabel, key, cancellable, error) != 0 ? 1 : 0
    }
  }

  public func lookup(_ provider: ProviderID) throws -> String? {
    var found: String?
    _ = try call("secret_password_lookup_sync", provider) { cancellable, error in
      guard let secret = csecret_lookup(provider.rawValue, cancellable, error) else { return 0 }
      found = String(cString: secret)
      secret_password_free(secret)
      return 1
    }
    if found == nil {
      // Nothing found: say so plainly unless a locked keyring is hiding it.
      if try collectionState(provider) == 0 {
        throw KeyStoreError.unavailable(detail: "the default keyring is locked", provider: provider)
      }
    }
    return found
  }

  public func delete(_ provider: ProviderID) throws -> Bool {
    try call("secret_password_clear_sync", provider) { cancellable, error in
      csecret_clear(provider.rawValue, cancellable, error) != 0 ? 1 : 0
    } == 1
  }

  /// Describes the Secret Service for `keys status`: nil when usable, else why not.
  public func problem() -> String? {
    do {
      switch try collectionState(nil) {
      case 1: return nil
      case 0: return "the default keyring is locked"
      default: return "there is no default keyring collection"
      }
    } catch let error as KeyStoreError {
      if case .unavailable(let detail, _) = error { return detail }
      return error.description
    } catch {
      return "\(error)"
    }
  }

  // MARK: - Plumbing

  private func ensureUsableCollection(_ provider: ProviderID) throws {
    switch try collectionState(provider) {
    case 1: return
    case 0: throw KeyStoreError.unavailable(detail: "the default keyring is locked", provider: provider)
    default: throw KeyStoreError.unavailable(detail: "there is no default keyring collection", provider: provider)
    }
  }

  private func collectionState(_ provider: ProviderID?) throws -> Int32 {
    var state: Int32 = 0
    _ = try call("secret_collection_for_alias_sync", provider) { cancellable, error in
      state = csecret_default_collection_state(cancellable, error)
      return state == -2 ? 0 : 1
    }
    return state
  }

  /// Runs one libsecret call under a timeout and turns its GError into a ``KeyStoreError``.
  /// `body` returns its own result code; a set GError always means failure.
  private func call(
    _ operation: String, _ provider: ProviderID?,
    _ body: (UnsafeMutablePointer<GCancellable>?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Int32
  ) throws -> Int32 {
    let cancellable = g_cancellable_new()
    nonisolated(unsafe) let timerTarget = cancellable
    let timer = DispatchWorkItem { g_cancellable_cancel(timerTarget) }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeout), execute: timer)
    var error: UnsafeMutablePointer<GError>?
    let result = body(cancellable, &error)
    timer.cancel()
    let timedOut = g_cancellable_is_cancelled(cancellable) != 0
    g_object_unref(cancellable)
    guard let error else { return result }
    defer { g_error_free(error) }
    let domain = String(cString: g_quark_to_string(error.pointee.domain))
    let message = String(cString: error.pointee.message)
    if timedOut { throw KeyStoreError.timedOut(seconds: timeout) }
    if Self.meansUnavailable(domain: domain, message: message) {
      throw KeyStoreError.unavailable(detail: message, provider: provider)
    }
    throw KeyStoreError.failed(operation: operation, message: message)
  }

  /// GErrors that mean "there is no usable Secret Service"
  /// (docs/testing.md, The private Secret Service).
  static func meansUnavailable(domain: String, message: String) -> Bool {
    if domain == "g-io-error-quark" || domain == "g-dbus-error-quark" { return true }
    return message.contains("locked") || message.contains("does not exist")
  }
}
