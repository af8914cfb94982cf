import Foundation

/// Finds files under the package's `Fixtures/` folder, whatever the working directory.
public enum Fixtures {
  /// The package root, found by walking up from this source file.
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    // Sources/DeglareTestSupport/Fixtures.swift -> package root
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// The path of a fixture, e.g. `Fixtures.path("png/rgb8.png")`.
  public static func path(_ relative: String) -> String {
    packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative).path
  }

  /// The bytes of a fixture.
  public static func bytes(_ relative: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
  }

  /// The 8-bit sample formula of `Fixtures/make_fixtures.py`.
  public static func sample8(x: Int, y: Int, channel: Int) -> Int { (x * 37 + y * 91 + channel * 53) % 256 }

  /// The 16-bit sample formula of `Fixtures/make_fixtures.py`.
  public static func sample16(x: Int, y: Int, channel: Int) -> Int {
    (x * 7919 + y * 104729 + channel * 1_299_709) % 65536
  }
}

/// A temporary directory removed when the closure returns.
public func withTemporaryDirectory<R>(_ body: (String) async throws -> R) async rethrows -> R {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("deglare-test-\(UUID().uuidString)").path
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try await body(path)
}

/// The names of the files in a directory, sorted (empty when it does not exist).
public func directoryListing(_ path: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}
