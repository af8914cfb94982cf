import Foundation

/// The private Secret Service that Scripts/test.sh starts: a D-Bus session of its own with a
/// fresh gnome-keyring in a scratch folder, so tests of the real keyring never touch the
/// developer's. Everything else uses ``InMemorySecretStore``.
public enum PrivateKeyring {
  /// Whether tests may use the real Secret Service: when Scripts/test.sh started its private one
  /// (`DEGLARE_TEST_KEYRING=1`), and always in CI (`CI=true`), where a missing Secret Service must
  /// fail those tests rather than skip them.
  public static let isAvailable: Bool = {
    let environment = ProcessInfo.processInfo.environment
    return environment["DEGLARE_TEST_KEYRING"] == "1" || environment["CI"] == "true"
  }()
}
