/// The version of deglare: `deglare --version`, and the software named in each repair record
/// and XMP history entry.
public enum DeglareVersion {
  /// The version number.
  public static let current = "0.1.0"
  /// The name and version as a software agent ("deglare 0.1.0").
  public static let softwareAgent = "deglare \(current)"
}
