import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

@testable import DeglareCLI

/// An output's name never lies about its bytes, and a name that cannot be a file says why.
@Suite struct OutputNameTests {
  @Test(
    "a name asking for a format deglare does not write there is refused (64) before any work, nothing written",
    arguments: [
      (
        ["remove", "IN", "--mask", "MASK", "-o", "DIR/x.webp"], "x.webp: its name asks for WebP, but deglare writes PNG"
      ),
      (
        ["remove", "IN", "--mask", "MASK", "-o", "DIR/x.HEIC"], "x.HEIC: its name asks for HEIC, but deglare writes PNG"
      ),
      (["straighten", "IN", "-o", "DIR/x.tiff"], "x.tiff: its name asks for TIFF, but deglare writes PNG"),
      (["detect", "IN", "-o", "DIR/mask.jpg"], "mask.jpg: its name asks for JPEG, but deglare writes PNG"),
      (["detect", "IN", "--overlay", "DIR/o.gif"], "o.gif: its name asks for GIF, but deglare writes PNG"),
    ])
  func refusedNames(_ arguments: [String], _ message: String) async throws {
    try await withTemporaryDirectory { dir in
      try DryRunTests.writeInputs(dir)
      let resolved = arguments.map {
        $0.replacingOccurrences(of: "IN", with: dir + "/in.png").replacingOccurrences(
          of: "MASK", with: dir + "/mask.png"
        )
        .replacingOccurrences(of: "DIR", with: dir)
      }
      let outcome = await runDeglare(resolved)
      #expect(outcome.code == .usage, "\(outcome.stderr)")
      #expect(outcome.stderr.hasPrefix("error: cannot write \(dir)/\(message) there; choose a name ending in .png"))
      #expect(directoryListing(dir) == ["in.png", "mask.png"])
    }
  }

  @Test("the workbench refuses such an -o when its command line is read, not at Save")
  func workbenchOutput() {
    var commandPath = "deglare"
    // Parsed only: a workbench that started would serve until stopped.
    #expect(throws: WriteError.formatMismatch(path: "x.avif", named: "AVIF", written: .png)) {
      _ = try RootCommand.invocation(
        ["workbench", "photo.png", "-o", "x.avif", "--no-open"], commandPath: &commandPath)
    }
  }

  @Test("PNG and JPEG names in any letter case, and names without an image extension, are written")
  func acceptedNames() async throws {
    try await withTemporaryDirectory { dir in
      try DryRunTests.writeInputs(dir)
      for (name, format) in [("a.PNG", ImageFormat.png), ("b.JPEG", .jpeg), ("c.jpe", .jpeg), ("d.out", .png)] {
        let outcome = await runDeglare(["remove", dir + "/in.png", "--mask", dir + "/mask.png", "-o", dir + "/" + name])
        #expect(outcome.code == .success, "\(name): \(outcome.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: dir + "/" + name))
        #expect(ImageFormat.sniff(Array(bytes)) == format, "\(name)")
      }
    }
  }

  @Test("an output under a file (-o in.png/x.png) says the file is not a folder (73), not a permission problem")
  func fileAsFolder() async throws {
    try await withTemporaryDirectory { dir in
      try DryRunTests.writeInputs(dir)
      let outcome = await runDeglare([
        "remove", dir + "/in.png", "--mask", dir + "/mask.png", "-o", dir + "/in.png/x.png",
      ])
      #expect(outcome.code == .cannotCreate)
      #expect(outcome.stderr == "error: cannot write \(dir)/in.png/x.png: \(dir)/in.png is not a folder.\n")
    }
  }
}
