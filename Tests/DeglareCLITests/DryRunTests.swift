import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// `remove --dry-run DIR` writes all or nothing, and never over a file the command reads.
@Suite struct DryRunTests {
  /// Writes `in.png` and `mask.png` (48x32) into `dir`; returns the mask's bytes.
  @discardableResult
  static func writeInputs(_ dir: String) throws -> [UInt8] {
    let image = SyntheticImages.noise(width: 48, height: 32, layout: .rgb, bitDepth: .eight, seed: 5)
    let mask = SyntheticImages.mask(width: 48, height: 32, rects: [PixelRect(x: 20, y: 12, width: 6, height: 5)])
    try ImageFile.write(image, metadata: ImageMetadata(), to: dir + "/in.png", options: ImageWriteOptions())
    let maskBytes = try PNGCodec.encode(mask.grayImage)
    try OutputFile.write(maskBytes, to: dir + "/mask.png", overwrite: false)
    return maskBytes
  }

  @Test(
    "the user's mask is an input: a dry run into its folder never replaces it, whatever the spelling",
    arguments: ["local", "openai", "gemini"])
  func maskIsAnInput(_ provider: String) async throws {
    try await withTemporaryDirectory { dir in
      let maskBytes = try Self.writeInputs(dir)
      try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "mask.png")
      try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
      let spellings = [
        (dir + "/mask.png", dir), (dir + "/link.png", dir + "/."), (dir + "/sub/../mask.png", dir + "/sub/.."),
      ]
      for (mask, folder) in spellings {
        let outcome = await runDeglare([
          "remove", dir + "/in.png", "--mask", mask, "--provider", provider, "--dry-run", folder, "--force",
        ])
        #expect(outcome.code == .usage, "\(mask) into \(folder): \(outcome.stderr)")
        #expect(outcome.stderr.contains("is an input file"), "\(outcome.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/mask.png") == Data(maskBytes))
        #expect(directoryListing(dir) == ["in.png", "link.png", "mask.png", "sub"])
      }
    }
  }

  @Test("a failed dry run leaves nothing: an existing plan.json (73) keeps the folder as it was")
  func allOrNothing() async throws {
    try await withTemporaryDirectory { dir in
      try Self.writeInputs(dir)
      let upload = dir + "/upload"
      try FileManager.default.createDirectory(atPath: upload, withIntermediateDirectories: false)
      try OutputFile.write(Array("{}\n".utf8), to: upload + "/plan.json", overwrite: false)
      let outcome = await runDeglare([
        "remove", dir + "/in.png", "--mask", dir + "/mask.png", "--provider", "openai", "--dry-run", upload,
      ])
      #expect(outcome.code == .cannotCreate, "\(outcome.stderr)")
      #expect(directoryListing(upload) == ["plan.json"])
      #expect(FileManager.default.contents(atPath: upload + "/plan.json") == Data("{}\n".utf8))
    }
  }

  @Test("a dry run that fails removes the folders it created")
  func createdFoldersRemoved() async throws {
    try await withTemporaryDirectory { dir in
      try Self.writeInputs(dir)
      // The last component is longer than a file name may be: `new` is created, then the next fails.
      let folder = dir + "/new/" + String(repeating: "x", count: 256)
      let outcome = await runDeglare(["remove", dir + "/in.png", "--mask", dir + "/mask.png", "--dry-run", folder])
      #expect(outcome.code == .cannotCreate, "\(outcome.stderr)")
      #expect(directoryListing(dir) == ["in.png", "mask.png"])
    }
  }
}
