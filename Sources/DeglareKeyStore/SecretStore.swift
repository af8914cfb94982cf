import DeglareCore

/// Where keys are kept apart from the environment: the Secret Service in production, memory in
/// unit tests. No implementation ever writes a key to a file.
public protocol SecretStore: Sendable {
  /// Stores (or replaces) the key for `provider`.
  func store(_ key: String, for provider: ProviderID) throws
  /// The stored key for `provider`, or nil when there is none.
  func lookup(_ provider: ProviderID) throws -> String?
  /// Removes the key for `provider`; true when one was removed.
  func delete(_ provider: ProviderID) throws -> Bool
}

/// Where a resolved key came from.
public enum KeySource: Sendable, Equatable, CustomStringConvertible {
  /// An environment variable (its name).
  case environment(String)
  /// The Secret Service.
  case secretService

  /// "OPENAI_API_KEY" or "Secret Service".
  public var description: String {
    switch self {
    case .environment(let name): return name
    case .secretService: return "Secret Service"
    }
  }

  /// As a sentence names it: "the Secret Service", "OPENAI_API_KEY".
  public var phrase: String { self == .secretService ? "the Secret Service" : description }
}

/// A key and where it came from.
public struct ResolvedKey: Sendable, Equatable {
  /// The key itself. Never print it: use ``masked``.
  public let value: String
  /// Where it came from.
  public let source: KeySource

  /// Creates a resolved key.
  public init(value: String, source: KeySource) {
    self.value = value
    self.source = source
  }

  /// A few leading and the last four characters ("sk-p…wxyz"); short keys show less.
  public var masked: String { APIKey.masked(value) }
}

/// Finds the key for a provider in the documented order: the SDKs' environment variables
/// (`OPENAI_API_KEY`; `GOOGLE_API_KEY` then `GEMINI_API_KEY`), then the Secret Service.
public struct KeyResolver: Sendable {
  /// The environment to read.
  public var environment: [String: String]
  /// The Secret Service (or a test double).
  public var store: any SecretStore

  /// Creates a resolver.
  public init(environment: [String: String], store: any SecretStore) {
    self.environment = environment
    self.store = store
  }

  /// The key from the environment, if one of the provider's variables is set and non-empty.
  public func environmentKey(_ provider: ProviderID) -> ResolvedKey? {
    for name in provider.keyEnvironmentVariables {
      if let value = environment[name], !value.isEmpty {
        return ResolvedKey(value: value, source: .environment(name))
      }
    }
    return nil
  }

  /// The key to use.
  /// - Throws: ``KeyStoreError/missingKey(_:)`` when there is none, or the Secret Service's
  ///   error (which names both fixes) when it cannot be asked.
  public func resolve(_ provider: ProviderID) throws -> ResolvedKey {
    if let key = environmentKey(provider) { return key }
    do {
      if let stored = try store.lookup(provider) {
        return ResolvedKey(value: stored, source: .secretService)
      }
    } catch KeyStoreError.unavailable(let detail, _) {
      throw KeyStoreError.unavailable(detail: detail, provider: provider)
    }
    throw KeyStoreError.missingKey(provider)
  }
}

/// Checks keys before they are stored.
public enum KeyValidation {
  /// Throws ``KeyStoreError/invalidKey(reason:)`` unless `key` follows ``APIKey``'s rule, the
  /// same rule the providers apply before sending it.
  public static func validate(_ key: String) throws {
    if let problem = APIKey.problem(in: key) { throw KeyStoreError.invalidKey(reason: problem.description) }
  }
}
