import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Only the photo's folder is read; no path from the page is trusted; bad files change nothing.
@Suite(.serialized) struct WorkbenchFilesTests {
  @Test("the folder's images are listed; only plain names of images in it can be opened")
  func traversalRefused() async throws {
    try await withTemporaryDirectory { outside in
      let secret = outside + "/secret.png"
      try ImageFile.write(WorkbenchHarness.image, metadata: ImageMetadata(), to: secret, options: ImageWriteOptions())
      let jpeg = try JPEGCodec.encode(WorkbenchHarness.image)
      try await withWorkbench(files: ["second.jpg": jpeg, "notes.txt": Array("not an image".utf8)]) {
        (bench: WorkbenchHarness) async throws -> Void in
        try FileManager.default.createSymbolicLink(atPath: bench.folder + "/link.png", withDestinationPath: secret)
        try FileManager.default.createDirectory(atPath: bench.folder + "/sub.png", withIntermediateDirectories: false)
        let images = try await bench.request("GET", "/api/images")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(images.body)) as? [String])
        #expect(listed == ["photo.png", "second.jpg"])
        let refused = [
          "../\(URL(fileURLWithPath: outside).lastPathComponent)/secret.png", "..%2Fsecret.png", "/etc/passwd",
          "sub.png", "notes.txt", ".hidden.png", "link.png", "missing.png",
        ]
        for name in refused {
          let response = try await bench.post("/api/open?name=\(name)")
          #expect(response.status == 400, "\(name): \(response.status) \(response.text)")
        }
        #expect((try await bench.state()["image"] as? [String: Any])?["name"] as? String == "photo.png")
        let opened = try await bench.post("/api/open?name=second.jpg")
        #expect(opened.status == 200, "\(opened.text)")
        #expect((try await bench.state()["image"] as? [String: Any])?["name"] as? String == "second.jpg")
        #expect(try await bench.request("GET", "/../../../etc/passwd").status == 404)
        #expect(try await bench.request("GET", "/api/../../etc/passwd").status == 404)
      }
    }
  }

  @Test("an undecodable image in the folder: 422, a clear sentence, the open photo stays, nothing written")
  func undecodableImage() async throws {
    try await withWorkbench(files: ["broken.png": [0x89, 0x50, 0x4E, 0x47, 0, 1, 2]]) {
      (bench: WorkbenchHarness) async throws -> Void in
      let before = directoryListing(bench.folder)
      let response = try await bench.post("/api/open?name=broken.png")
      #expect(response.status == 422)
      let message = try #require(response.json?["error"] as? String)
      #expect(message.hasPrefix("cannot decode "), "\(message)")
      #expect(message.hasSuffix("; photo.png stays open"), "\(message)")
      #expect(try await bench.status() == "error")
      #expect((try await bench.state()["image"] as? [String: Any])?["name"] as? String == "photo.png")
      #expect(directoryListing(bench.folder) == before)
      #expect(try await bench.request("GET", "/api/tile/image/0/0/0").status == 200)
    }
  }

  @Test("a mask of another size is refused with both sizes named; the mask is unchanged")
  func wrongSizeMask() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      try await bench.stroke(MaskStroke(mode: .brush, radius: 3, points: [Point(x: 10, y: 10)]))
      let before = try await bench.maskTile()
      let other = try PNGCodec.encode(Mask(width: 95, height: 64).grayImage)
      let response = try await bench.post("/api/mask/load", body: other)
      #expect(response.status == 422)
      let message = try #require(response.json?["error"] as? String)
      #expect(message.contains("95x64") && message.contains("96x64"), "\(message)")
      #expect(try await bench.maskTile() == before)
      let garbage = try await bench.post("/api/mask/load", body: [1, 2, 3])
      #expect(garbage.status == 422)
      #expect(try await bench.maskTile() == before)
    }
  }

  @Test("a mask file of the right size replaces the mask, binarized; Save mask writes it beside the photo")
  func loadAndSaveMask() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      var loaded = SyntheticImages.mask(width: 96, height: 64, rects: [PixelRect(x: 20, y: 10, width: 30, height: 12)])
      loaded[0, 0] = 200
      loaded[1, 0] = 100
      #expect(try await bench.post("/api/mask/load", body: try PNGCodec.encode(loaded.grayImage)).status == 200)
      #expect(try await bench.maskTile() == loaded.binarized())
      #expect(try await bench.post("/api/mask/save").status == 200)
      let written = Mask(image: try ImageFile.read(bench.folder + "/photo.mask.png").image)
      #expect(written == loaded.binarized())
      let again = try await bench.post("/api/mask/save")
      #expect(again.status == 409)
      #expect(again.json?["error"] as? String == "photo.mask.png exists")
      #expect(try await bench.post("/api/mask/save?overwrite=1").status == 200)
    }
  }
}
