import DeglareCore
import DeglareKeyStore
import DeglareProviders

/// Builds the provider a removal names, looking up its key: one way for `remove` and the
/// workbench.
public enum ProviderSetup {
  /// `provider` with `options`; a remote one gets its key from the environment, else the Secret
  /// Service, when `lookUpKey` (a dry run or a plan needs none: then only its upload preview works).
  /// - Parameter keyLoaded: given the key before it is used, so a caller that prints can redact it.
  /// - Throws: `KeyStoreError` (no key, no Secret Service), ``ProviderError`` (a model, quality or
  ///   endpoint that cannot work).
  public static func make(
    _ provider: ProviderID, options: ProviderOptions, lookUpKey: Bool, environment: [String: String],
    secretStore: any SecretStore, keyLoaded: (String) -> Void
  ) throws -> any ImageEditProvider {
    var key: String?
    if provider.isRemote && lookUpKey {
      let resolved = try KeyResolver(environment: environment, store: secretStore).resolve(provider)
      keyLoaded(resolved.value)
      key = resolved.value
    }
    return try ProviderFactory.make(provider: provider, key: key, options: options, environment: environment)
  }
}
