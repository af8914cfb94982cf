import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

@Suite("deglare detect")
struct DetectTests {
  /// A 160x120 (or `size`) RGB PNG: grey wall, optionally a clipped bloom near (x, y) in linear
  /// light.
  func writePainting(
    _ path: String, size: PixelSize = PixelSize(width: 160, height: 120), bloom: (x: Double, y: Double)? = nil
  ) throws {
    let image = SyntheticImages.bloomPainting(
      width: size.width, height: size.height, bloom: bloom, haloSpread: 300
    ) { x, y in
      [0.45, 0.44, 0.40].map { $0 + 0.02 * sin(Double(x * 3 + y * 2)) }
    }
    try ImageFile.write(image, metadata: ImageMetadata(), to: path, options: ImageWriteOptions())
  }

  @Test("Writes a 0/255 mask of the image's size beside it; JSON has the documented keys")
  func writesMask() async throws {
    try await withTemporaryDirectory { dir in
      // The bloom's clipped core covers 0.3 % of the photo (a lamp's reflection; a clipped field
      // over 0.4 % must have a soft edge).
      try writePainting("\(dir)/photo.png", size: PixelSize(width: 320, height: 240), bloom: (200, 100))
      let outcome = await runDeglare(["detect", "\(dir)/photo.png", "--json"])
      #expect(outcome.code == .success)
      let mask = try ImageFile.read("\(dir)/photo.mask.png").image
      #expect(mask.layout == .gray && mask.bitDepth == .eight)
      #expect(mask.size == PixelSize(width: 320, height: 240))
      #expect(mask.samples8.allSatisfy { $0 == 0 || $0 == 255 })
      #expect(mask.sample(x: 200, y: 100, channel: 0) == 255)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
      #expect(object["output"] as? String == "\(dir)/photo.mask.png")
      #expect((object["coverage_percent"] as? Double ?? 0) > 0)
      #expect(object["blobs"] as? Int == 1)
      let regions = try #require(object["regions"] as? [[String: Any]])
      #expect(regions.count == 1)
      #expect(regions.first?["kind"] as? String == "spot")
      let box = try #require(regions.first?["box"] as? [Int])
      #expect(
        box.count == 4 && (box[0]..<(box[0] + box[2])).contains(200) && (box[1]..<(box[1] + box[3])).contains(100))
      let frame = try #require(object["frame"] as? [String: Any])
      #expect(frame["source"] as? String == "image", "a grey wall has no frame")
      #expect((frame["corners"] as? [[Double]])?.count == 4)
      #expect(object["seconds"] is Double)
      #expect(object["input"] as? String == "\(dir)/photo.png")
      #expect(object["overlay"] is NSNull)
      #expect((object["warnings"] as? [Any])?.isEmpty == true)
    }
  }

  @Test("The margin band is never proposed")
  func marginBand() async throws {
    try await withTemporaryDirectory { dir in
      try writePainting("\(dir)/edge.png", bloom: (6, 60))
      let outcome = await runDeglare(["detect", "\(dir)/edge.png", "-o", "\(dir)/m.png", "--margin-band", "10"])
      #expect(outcome.code == .success)
      let mask = try ImageFile.read("\(dir)/m.png").image
      for y in 0..<120 {
        for x in 0..<10 { #expect(mask.sample(x: x, y: y, channel: 0) == 0) }
      }
      #expect(mask.sample(x: 12, y: 60, channel: 0) == 255)
    }
  }

  @Test("A glare-free image gives an empty mask, coverage 0, exit 0; the overlay is written on request")
  func glareFree() async throws {
    try await withTemporaryDirectory { dir in
      try writePainting("\(dir)/clean.png")
      let outcome = await runDeglare(["detect", "\(dir)/clean.png", "--overlay", "\(dir)/o.png"])
      #expect(outcome.code == .success)
      let mask = try ImageFile.read("\(dir)/clean.mask.png").image
      #expect(mask.samples8.allSatisfy { $0 == 0 })
      #expect(outcome.stdout.hasPrefix("\(dir)/clean.mask.png: coverage 0.000 %, 0 blobs"))
      let overlay = try ImageFile.read("\(dir)/o.png").image
      #expect(overlay.size == mask.size && overlay.layout == .rgb)
    }
  }

  @Test("Exit codes: 65 undecodable, 73 existing output, 64 output is the input")
  func exitCodes() async throws {
    try await withTemporaryDirectory { dir in
      try Data("not an image".utf8).write(to: URL(fileURLWithPath: "\(dir)/bad.png"))
      #expect(await runDeglare(["detect", "\(dir)/bad.png"]).code == .dataError)
      #expect(!FileManager.default.fileExists(atPath: "\(dir)/bad.mask.png"))
      try writePainting("\(dir)/p.png")
      #expect(await runDeglare(["detect", "\(dir)/p.png"]).code == .success)
      #expect(await runDeglare(["detect", "\(dir)/p.png"]).code == .cannotCreate)
      #expect(await runDeglare(["detect", "\(dir)/p.png", "--force"]).code == .success)
      #expect(await runDeglare(["detect", "\(dir)/p.png", "-o", "\(dir)/p.png", "--force"]).code == .usage)
      #expect(await runDeglare(["detect", "\(dir)/p.png", "--margin-band", "-3"]).code == .usage)
      #expect(
        await runDeglare(["detect", "\(dir)/p.png", "--max-pixels", "100", "-o", "\(dir)/q.png"]).code == .dataError)
    }
  }
}
