import DeglareCore
import DeglareKeyStore
import Synchronization

/// A ``SecretStore`` in memory, for tests of everything above the Secret Service.
public final class InMemorySecretStore: SecretStore {
  private let keys = Mutex<[ProviderID: String]>([:])

  /// Creates a store holding `keys`.
  public init(_ initial: [ProviderID: String] = [:]) {
    keys.withLock { $0 = initial }
  }

  public func store(_ key: String, for provider: ProviderID) throws {
    try KeyValidation.validate(key)
    keys.withLock { $0[provider] = key }
  }

  public func lookup(_ provider: ProviderID) throws -> String? {
    keys.withLock { $0[provider] }
  }

  public func delete(_ provider: ProviderID) throws -> Bool {
    keys.withLock { $0.removeValue(forKey: provider) != nil }
  }
}

/// A ``SecretStore`` that is never reachable, like a machine without a D-Bus session.
public struct UnavailableSecretStore: SecretStore {
  /// Creates the store.
  public init() {}

  public func store(_ key: String, for provider: ProviderID) throws {
    throw KeyStoreError.unavailable(detail: "Cannot autolaunch D-Bus without X11 $DISPLAY", provider: provider)
  }

  public func lookup(_ provider: ProviderID) throws -> String? {
    throw KeyStoreError.unavailable(detail: "Cannot autolaunch D-Bus without X11 $DISPLAY", provider: provider)
  }

  public func delete(_ provider: ProviderID) throws -> Bool {
    throw KeyStoreError.unavailable(detail: "Cannot autolaunch D-Bus without X11 $DISPLAY", provider: provider)
  }
}
