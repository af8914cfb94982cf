import DeglareKeyStore
import Synchronization

/// A ``SecretStore`` in memory, for tests of everything above the Secret Service.
public final class InMemorySecretStore: SecretStore {
  private let keys = Mutex<[KeyProvider: String]>([:])

  /// Creates a store holding `keys`.
  public init(_ initial: [KeyProvider: String] = [:]) {
    keys.withLock { $0 = initial }
  }

  public func store(_ key: String, for provider: KeyProvider) throws {
    try KeyValidation.validate(key)
    keys.withLock { $0[provider] = key }
  }

  public func lookup(_ provider: KeyProvider) throws -> String? {
    keys.withLock { $0[provider] }
  }

  public func delete(_ provider: KeyProvider) throws -> Bool {
    keys.withLock { $0.removeValue(forKey: provider) != nil }
  }
}

/// A ``SecretStore`` that is never reachable, like a machine without a D-Bus session.
public struct UnavailableSecretStore: SecretStore {
  /// Creates the store.
  public init() {}

  public func store(_ key: String, for provider: KeyProvider) throws {
    throw KeyStoreError.unavailable(detail: "Cannot autolaunch D-Bus without X11 $DISPLAY", provider: provider)
  }

  public func lookup(_ provider: KeyProvider) throws -> String? {
    throw KeyStoreError.unavailable(detail: "Cannot autolaunch D-Bus without X11 $DISPLAY", provider: provider)
  }

  public func delete(_ provider: KeyProvider) throws -> Bool {
    throw KeyStoreError.unavailable(detail: "Cannot autolaunch D-Bus without X11 $DISPLAY", provider: provider)
  }
}
