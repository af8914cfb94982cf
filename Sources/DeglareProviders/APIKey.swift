/// Checks a key before it is put in a header: present, and free of whitespace and control
/// characters (a pasted key with a trailing newline would otherwise split the header).
enum APIKey {
  /// The key, checked.
  /// - Throws: ``ProviderError/missingKey(provider:)`` or ``ProviderError/malformedKey(provider:reason:)``;
  ///   the messages never contain the key.
  static func validate(_ key: String?, provider: String) throws(ProviderError) -> String {
    guard let key, !key.isEmpty else { throw .missingKey(provider: provider) }
    if key.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
      throw .malformedKey(provider: provider, reason: "it contains spaces, line breaks or control characters")
    }
    if key.unicodeScalars.contains(where: { $0.value > 0x7E }) {
      throw .malformedKey(provider: provider, reason: "it contains non-ASCII characters")
    }
    return key
  }
}
