import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// `straighten --overlay`, the doubt warning with the runner-up, and `--target document`.
@Suite struct StraightenCheckTests {
  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func write(_ image: ImageBuffer, _ path: String) throws {
    try OutputFile.write(try PNGCodec.encode(image), to: path, overwrite: false)
  }

  @Test("--overlay writes the photo with the detected quad drawn on it, also with --detect-only")
  func overlay() async throws {
    try await withTemporaryDirectory { dir in
      let image = TwoFrames.render()
      try write(image, dir + "/photo.png")
      let outcome = await runDeglare([
        "straighten", dir + "/photo.png", "--detect-only", "--json", "--overlay", dir + "/check.png",
      ])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      let object = try json(outcome.stdout)
      let corners = try #require(object["corners"] as? [[Double]])
      let overlay = try ImageFile.read(dir + "/check.png").image
      #expect(overlay.size == image.size && overlay.layout == .rgb)
      let green = StraightenOverlay.quadColour
      let top = Point(x: (corners[0][0] + corners[1][0]) / 2, y: (corners[0][1] + corners[1][1]) / 2)
      #expect(
        overlay.pixel(x: Int(top.x.rounded()), y: Int(top.y.rounded()))
          == [Int(green.red), Int(green.green), Int(green.blue)])
      #expect(overlay.pixel(x: 2, y: 2) == image.pixel(x: 2, y: 2), "far from the quads the photo is unchanged")
      #expect(directoryListing(dir) == ["check.png", "photo.png"])
    }
  }

  @Test("a doubtful detection warns 'check the corners:' on stderr and gives the runner-up in --json")
  func doubt() async throws {
    try await withTemporaryDirectory { dir in
      try write(TwoFrames.render(), dir + "/photo.png")
      let outcome = await runDeglare(["straighten", dir + "/photo.png", "--detect-only", "--json"])
      #expect(outcome.code == .success)
      #expect(outcome.stderr.contains("warning: check the corners: "), "\(outcome.stderr)")
      let object = try json(outcome.stdout)
      let runnerUp = try #require(object["runner_up"] as? [[Double]])
      #expect(runnerUp.count == 4)
      #expect((object["confidence"] as? Double ?? 1) < 0.5)
    }
  }

  @Test("the 35 mm equivalent focal length refers to the camera's frame when the photo is a crop of it")
  func croppedFrameFocalLength() async throws {
    try await withTemporaryDirectory { dir in
      // IFD0 -> EXIF IFD: PixelXDimension = PixelYDimension = 480 (a square sensor frame), then
      // FocalLengthIn35mmFilm = 28; the photo is 480 x 300, a centred crop of it.
      let exif: [UInt8] = [
        0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x69, 0x87, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x03, 0x00,
        0x02, 0xA0, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0xE0, 0x01, 0x00, 0x00,
        0x03, 0xA0, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0xE0, 0x01, 0x00, 0x00,
        0x05, 0xA4, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1C, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00,
      ]
      var metadata = ImageMetadata()
      metadata.exif = exif
      let path = dir + "/crop.png"
      try OutputFile.write(try PNGCodec.encode(TwoFrames.render(), metadata: metadata), to: path, overwrite: false)
      let outcome = await runDeglare(["straighten", path, "--detect-only", "--json"])
      let object = try json(outcome.stdout)
      let frameDiagonal: Double = (2.0 * 480 * 480).squareRoot()
      let filmDiagonal: Double = (36.0 * 36 + 24 * 24).squareRoot()
      let expected: Double = 28 * frameDiagonal / filmDiagonal
      let focal = try #require(object["focal_length_px"] as? Double, "\(outcome.stdout)")
      #expect(abs(focal - expected) < 0.01, "\(outcome.stdout)")
    }
  }

  @Test("--target document finds a card on a table and keeps no margin by default")
  func document() async throws {
    try await withTemporaryDirectory { dir in
      let size = PixelSize(width: 400, height: 300)
      let camera = SyntheticFrameScene.camera(
        size: size, focalLength: 420, distance: 3.2, yaw: 0.1, pitch: 0.2, roll: 0.12, aim: Point(x: 0, y: 0))
      let scene = StraightenScene(
        kind: .tradingCard, size: size, objectWidth: 0.716, cornerRadius: 0.04, moulding: nil, mouldingWidth: 0,
        background: .wood, backgroundColour: [150, 100, 60], backgroundAngle: 0.4,
        shadow: StraightenScene.Shadow(offset: Point(x: 0.004, y: 0.006), softness: 0.006, strength: 0.2),
        picture: .procedural(seed: 4), noise: 1, planeToImage: camera, seed: 8)
      try write(scene.render(), dir + "/card.png")
      let outcome = await runDeglare(["straighten", dir + "/card.png", "--target", "document", "--json"])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      let object = try json(outcome.stdout)
      let corners = try #require(object["corners"] as? [[Double]])
      let detected = Quad(corners.map { Point(x: $0[0], y: $0[1]) })
      #expect(detected.maxCornerDistance(to: scene.quad) < 0.005 * 500)
      #expect(object["margin_px"] as? Double == 0)
      #expect(object["expanded_corners"] as? [[Double]] == corners)
    }
  }
}

@Suite struct EnhanceTests {
  @Test("enhance writes <stem>.enhanced.png beside the page; bw is 8-bit gray; metadata kept")
  func writesBesideInput() async throws {
    try await withTemporaryDirectory { dir in
      var metadata = ImageMetadata()
      metadata.texts = [ImageMetadata.TextEntry(keyword: "Title", text: "receipt")]
      let page = SyntheticPage(width: 160, height: 120)
      try OutputFile.write(try PNGCodec.encode(page.image, metadata: metadata), to: dir + "/page.png", overwrite: false)
      let outcome = await runDeglare(["enhance", dir + "/page.png", "--mode", "bw", "--json"])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
      #expect(object["output"] as? String == dir + "/page.enhanced.png")
      #expect(object["mode"] as? String == "bw")
      let written = try ImageFile.read(dir + "/page.enhanced.png")
      #expect(written.image.layout == .gray && written.image.size == page.image.size)
      #expect(written.metadata.texts == metadata.texts)
      let plain = await runDeglare(["enhance", dir + "/page.png", "-o", dir + "/flat.png"])
      #expect(plain.code == .success)
      #expect(try ImageFile.read(dir + "/flat.png").image.layout == .rgb)
    }
  }

  @Test("enhance refuses an existing output without --force (73), a bad mode (64) and a non-image (65)")
  func refusals() async throws {
    try await withTemporaryDirectory { dir in
      try OutputFile.write(
        try PNGCodec.encode(SyntheticPage(width: 64, height: 48).image), to: dir + "/page.png", overwrite: false)
      #expect(await runDeglare(["enhance", dir + "/page.png"]).code == .success)
      #expect(await runDeglare(["enhance", dir + "/page.png"]).code == .cannotCreate)
      #expect(await runDeglare(["enhance", dir + "/page.png", "--force"]).code == .success)
      let mode = await runDeglare(["enhance", dir + "/page.png", "--mode", "sepia"])
      #expect(mode.code == .usage)
      #expect(mode.stderr.hasPrefix("error: "))
      try OutputFile.write(Array("not an image".utf8), to: dir + "/broken.png", overwrite: false)
      #expect(await runDeglare(["enhance", dir + "/broken.png"]).code == .dataError)
      #expect(!directoryListing(dir).contains("broken.enhanced.png"))
    }
  }
}
