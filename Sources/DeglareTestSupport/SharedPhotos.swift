import Foundation

/// The real phone photos of `../shared/photos` (never copied into the repository), read at run
/// time; tests that need them skip with a message when the folder is absent.
public enum SharedPhotos {
  /// `<root>/../shared/photos` (the main checkout) or one level further up (a worktree), or nil.
  public static let directory: URL? = {
    for relative in ["../shared/photos", "../../shared/photos"] {
      let url = Fixtures.packageRoot.appendingPathComponent(relative).standardized
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("heic").path) { return url }
    }
    return nil
  }()

  /// The message of a test skipped for want of the photos.
  public static let absent = "skipped: ../shared/photos is absent"

  /// The path of a photo, e.g. `SharedPhotos.path("heic/IMG_7683.heic")`; nil without the folder.
  public static func path(_ relative: String) -> String? {
    directory.map { $0.appendingPathComponent(relative).path }
  }
}
