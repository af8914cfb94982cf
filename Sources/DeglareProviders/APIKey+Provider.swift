import DeglareCore

extension APIKey {
  /// The key, checked against ``APIKey``'s rule before it is put in a header (a pasted key with
  /// a trailing newline would otherwise split the header).
  /// - Throws: ``ProviderError/missingKey(provider:)`` for nil or empty, else
  ///   ``ProviderError/malformedKey(provider:reason:)``; the messages never contain the key.
  static func checked(_ key: String?, for provider: ProviderID) throws(ProviderError) -> String {
    guard let key, !key.isEmpty else { throw .missingKey(provider: provider) }
    if let problem = problem(in: key) { throw .malformedKey(provider: provider, reason: problem.description) }
    return key
  }
}
