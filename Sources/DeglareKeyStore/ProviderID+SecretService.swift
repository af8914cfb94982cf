import DeglareCore

extension ProviderID {
  /// The label of the provider's Secret Service item ("deglare API key (OpenAI)"); the item's
  /// `provider` attribute is the raw value.
  public var secretLabel: String { "deglare API key (\(displayName))" }
}
