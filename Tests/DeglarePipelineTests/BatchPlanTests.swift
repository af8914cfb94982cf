import DeglarePipeline
import DeglareTestSupport
import Foundation
import Testing

/// The batch's plan (which images, which outputs, which masks) and its exit status.
@Suite struct BatchPlanTests {
  @Test("the exit status: 0 when nothing failed, the failures' shared code, else 65; 130 when interrupted")
  func exitCode() {
    func summary(_ codes: [Int32?], interrupted: Bool = false) -> BatchSummary {
      let outcomes = codes.enumerated().map { index, code in
        BatchOutcome(
          input: "\(index).png", status: code == nil ? (index.isMultiple(of: 2) ? .done : .skipped) : .failed,
          error: code.map { ("failed", $0) })
      }
      return BatchSummary(outcomes: outcomes, total: outcomes.count + 1, interrupted: interrupted, seconds: 1)
    }
    #expect(summary([nil, nil]).exitCode == 0)
    #expect(summary([]).exitCode == 0)
    #expect(summary([nil, 65, 65]).exitCode == 65)
    #expect(summary([69, nil, 69]).exitCode == 69)
    #expect(summary([69, 73]).exitCode == BatchSummary.mixedFailureCode)
    #expect(summary([77, nil], interrupted: true).exitCode == 130)
    #expect(summary([nil, 65]).notStarted == 1)
  }

  @Test("folders give their images sorted, without hidden files, deglare's masks and overlays, or excluded folders")
  func items() async throws {
    try await withTemporaryDirectory { dir in
      let manager = FileManager.default
      for folder in ["in/sub", "in/out", "masks/sub"] {
        try manager.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
      }
      for name in [
        "in/b.JPG", "in/a.png", "in/.hidden.png", "in/a.mask.png", "in/a.overlay.png", "in/notes.txt", "in/sub/c.heic",
        "in/out/a.deglared.png", "masks/a.png", "masks/sub/c.mask.png",
      ] {
        #expect(manager.createFile(atPath: dir + "/" + name, contents: Data([0])))
      }
      let flat = try BatchPlan.items([dir + "/in"], recursive: false)
      #expect(flat.map(\.relative) == ["a.png", "b.JPG"])
      let deep = try BatchPlan.items([dir + "/in", dir + "/x.png"], recursive: true, excluding: [dir + "/in/out"])
      #expect(deep.map(\.relative) == ["a.png", "b.JPG", "sub/c.heic", "x.png"])
      #expect(deep[2].input == dir + "/in/sub/c.heic")
      #expect(deep[2].output(in: dir + "/o/", suffix: ".deglared.png") == dir + "/o/sub/c.deglared.png")
      #expect(deep[0].mask(in: dir + "/masks") == dir + "/masks/a.png")
      #expect(deep[2].mask(in: dir + "/masks") == dir + "/masks/sub/c.mask.png")
      #expect(deep[1].mask(in: dir + "/masks") == nil)
      #expect(throws: BatchPlanError.emptyFolder(path: dir + "/masks/sub", recursive: false)) {
        try BatchPlan.items([dir + "/masks/sub"], recursive: false)
      }
      #expect(throws: BatchPlanError.outputInInput(folder: dir + "/in/")) {
        try BatchPlan.items([dir + "/in/"], recursive: false, excluding: [dir + "/in"])
      }
      let twice = [BatchItem(input: "a/x.jpg", relative: "x.jpg"), BatchItem(input: "b/x.png", relative: "x.png")]
      #expect(throws: BatchPlanError.sameOutput(output: "o/x.mask.png", first: "a/x.jpg", second: "b/x.png")) {
        try BatchPlan.checkDistinct(twice) { $0.output(in: "o", suffix: ".mask.png") }
      }
    }
  }
}
