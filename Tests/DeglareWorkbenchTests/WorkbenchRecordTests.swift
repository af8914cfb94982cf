import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Save writes what `remove` writes: the repair record beside the result, and its facts in the
/// result's XMP history.
@Suite(.serialized) struct WorkbenchRecordTests {
  /// The record at `path`, parsed.
  static func record(_ path: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(try ImageFile.readBytes(path))) as? [String: Any])
  }

  /// `{"path", "sha256"}` of a record, checked against the file it names.
  static func checkDigest(_ value: Any?, path: String) throws {
    let object = try #require(value as? [String: Any])
    #expect(object["path"] as? String == path)
    #expect(object["sha256"] as? String == SHA256.hex(try ImageFile.readBytes(path)))
  }

  @Test("Save writes <result>.json naming the photo, the mask written and the method; the XMP has the history")
  func saveWritesRecord() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      try await bench.remove(WorkbenchRemovalTests.glare, "provider=local&option=fill")
      let saved = try await bench.post("/api/save")
      #expect(saved.status == 200, "\(saved.text)")
      let result = bench.folder + "/photo.deglared.png"
      let record = try Self.record(result + ".json")
      try Self.checkDigest(record["input"], path: bench.photo)
      try Self.checkDigest(record["mask"], path: bench.folder + "/photo.deglared.mask.png")
      #expect((record["mask"] as? [String: Any])?["source"] as? String == "workbench")
      #expect(record["output"] as? String == result)
      #expect(record["provider"] as? String == "local")
      #expect(record["method"] as? String == "fill")
      #expect(record["xmp_history"] as? Bool == true)
      let xmp = String(decoding: try #require(try ImageFile.read(result).metadata.xmp), as: UTF8.self)
      #expect(xmp.contains("<stEvt:action>edited</stEvt:action>"))
      #expect(xmp.contains("with local method fill"))
      let status = try #require(try await bench.state()["status"] as? [String: Any])
      #expect((status["message"] as? String)?.contains("the repair record photo.deglared.png.json") == true)
      // The record is an output like the others: saving again is refused unless asked.
      #expect(try await bench.post("/api/save").status == 409)
      #expect(try await bench.post("/api/save?overwrite=1").status == 200)
    }
  }

  @Test("a straightened photo's record names the straightened photo written with it")
  func straightenedRecord() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      #expect(try await bench.post("/api/straighten/apply?corners=6,5,88,7,90,58,4,60&margin=0").status == 200)
      try await bench.remove(MaskStroke(mode: .brush, radius: 3, points: [Point(x: 20, y: 20), Point(x: 40, y: 30)]))
      #expect(try await bench.post("/api/save").status == 200)
      let record = try Self.record(bench.folder + "/photo.deglared.png.json")
      try Self.checkDigest(record["input"], path: bench.folder + "/photo.straight.png")
      try Self.checkDigest(record["mask"], path: bench.folder + "/photo.deglared.mask.png")
      #expect(
        directoryListing(bench.folder) == [
          "photo.deglared.mask.png", "photo.deglared.png", "photo.deglared.png.json", "photo.png",
          "photo.straight.png",
        ])
    }
  }
}
