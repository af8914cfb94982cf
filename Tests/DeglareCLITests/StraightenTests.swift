import DeglareCLI
import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

@Suite struct StraightenTests {
  /// A framed picture on a wall, 360 x 270, saved as photo.png in `dir`.
  func writeScene(_ dir: String) throws -> (path: String, scene: SyntheticFrameScene) {
    let size = PixelSize(width: 360, height: 270)
    let scene = SyntheticFrameScene.plainFrame(
      size: size, style: .gilt, mouldingWidth: 0.1, wallColour: [210, 206, 200], focalLength: 400, distance: 2.4,
      yaw: 0.15, seed: 3)
    let path = dir + "/photo.png"
    try OutputFile.write(try PNGCodec.encode(scene.render()), to: path, overwrite: false)
    return (path, scene)
  }

  /// Runs `deglare straighten photo.png <arguments>` on the scene in a fresh folder; returns what
  /// it printed and the folder's files afterwards.
  func straightenScene(_ arguments: [String]) async throws -> (outcome: CommandOutcome, files: [String]) {
    try await withTemporaryDirectory { dir in
      let (path, _) = try writeScene(dir)
      let outcome = await runDeglare(["straighten", path] + arguments)
      return (outcome, directoryListing(dir))
    }
  }

  func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test("--json prints one object with the documented keys and writes <stem>.straight.png beside the input")
  func jsonAndDefaultOutput() async throws {
    try await withTemporaryDirectory { dir in
      let (path, scene) = try writeScene(dir)
      let outcome = await runDeglare(["straighten", path, "--json"])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      let object = try json(outcome.stdout)
      for key in ["corners", "expanded_corners", "margin_px", "output_size", "confidence", "proportions", "output"] {
        #expect(object[key] != nil, "missing \(key)")
      }
      #expect(object["output"] as? String == dir + "/photo.straight.png")
      #expect(["exif-focal", "vanishing-points", "edge-lengths"].contains(object["proportions"] as? String ?? ""))
      let corners = try #require(object["corners"] as? [[Double]])
      let detected = Quad(corners.map { Point(x: $0[0], y: $0[1]) })
      #expect(detected.maxCornerDistance(to: scene.frameQuad) < 5)
      let size = try #require(object["output_size"] as? [Int])
      let written = try ImageFile.read(dir + "/photo.straight.png")
      #expect([written.image.width, written.image.height] == size)
    }
  }

  @Test("--detect-only reports without writing anything")
  func detectOnly() async throws {
    let (outcome, files) = try await straightenScene(["--detect-only", "--json"])
    #expect(outcome.code == .success)
    #expect(try json(outcome.stdout)["output"] is NSNull)
    #expect(files == ["photo.png"])
  }

  @Test("--corners skips detection; the margin grows the quad; -o .jpg writes JPEG")
  func givenCorners() async throws {
    try await withTemporaryDirectory { dir in
      let (path, _) = try writeScene(dir)
      let outcome = await runDeglare([
        "straighten", path, "--corners", "60,50,300,40,290,230,70,220", "--margin", "10", "-o", dir + "/plate.jpg",
        "--json",
      ])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      let object = try json(outcome.stdout)
      #expect(object["corners"] as? [[Double]] == [[60, 50], [300, 40], [290, 230], [70, 220]])
      #expect(object["margin_px"] as? Double == 10)
      #expect(object["confidence"] as? Double == 1)
      let bytes = try ImageFile.readBytes(dir + "/plate.jpg")
      #expect(ImageFormat.sniff(bytes) == .jpeg)
    }
  }

  @Test(
    "bad corners are a usage error (64) with a clear message",
    arguments: [
      "1,2,3,4,5,6,7", "60,50,290,230,300,40,70,220", "-20,50,300,40,290,230,70,220", "a,b,c,d,e,f,g,h",
      // Out of range or not finite: refused before use (1e19 once trapped while formatting the error).
      "1e19,0,100,0,100,100,0,100", "nan,0,100,0,100,100,0,100", "1e400,0,100,0,100,100,0,100",
      "-1000001,0,100,0,100,100,0,100",
      // In range but far outside the image: the plan's own refusal, formatted without trapping.
      "999999,0,100,0,100,100,0,100", "0.5,0.25,999999.99,0,100,100,0,100",
    ])
  func badCorners(corners: String) async throws {
    let (outcome, files) = try await straightenScene(["--corners", corners])
    #expect(outcome.code == .usage)
    #expect(outcome.stderr.hasPrefix("error: "))
    #expect(files == ["photo.png"])
  }

  @Test("corners far out of range never crash --detect-only (the report formats any number)")
  func hugeCornersDetectOnly() async throws {
    for corners in ["1e19,0,100,0,100,100,0,100", "999999,-999999,100,0,100,100,0,100"] {
      let (outcome, files) = try await straightenScene(["--detect-only", "--corners", corners])
      #expect(outcome.code == .usage, "\(corners): \(outcome.stderr)")
      #expect(files == ["photo.png"])
    }
  }

  @Test("a margin that collapses the quad is a usage error (64)")
  func collapsingMargin() async throws {
    let (outcome, _) = try await straightenScene(["--corners", "60,50,300,40,290,230,70,220", "--margin", "-120"])
    #expect(outcome.code == .usage)
    #expect(outcome.stderr.contains("collapses"))
  }

  @Test("a photo too small for any quad is bad input data (65), said in a true sentence")
  func tooSmall() async throws {
    try await withTemporaryDirectory { dir in
      let path = dir + "/dot.png"
      let dot = SyntheticImages.constant(width: 1, height: 1, layout: .rgb, bitDepth: .eight, value: 9)
      try ImageFile.write(dot, metadata: ImageMetadata(), to: path, options: ImageWriteOptions())
      let outcome = await runDeglare(["straighten", path, "-o", dir + "/out.png"])
      #expect(outcome.code == .dataError)
      #expect(
        outcome.stderr.hasPrefix("error: \(path) is 1x1, too small to straighten (the corners"), "\(outcome.stderr)")
      #expect(directoryListing(dir) == ["dot.png"])
    }
  }

  @Test("an undecodable image is bad input data (65)")
  func undecodable() async throws {
    try await withTemporaryDirectory { dir in
      let path = dir + "/broken.png"
      try OutputFile.write(Array("not an image".utf8), to: path, overwrite: false)
      let outcome = await runDeglare(["straighten", path])
      #expect(outcome.code == .dataError)
    }
  }

  @Test("an existing output is refused without --force (73) and replaced with it")
  func existingOutput() async throws {
    try await withTemporaryDirectory { dir in
      let (path, _) = try writeScene(dir)
      let arguments = ["straighten", path, "--corners", "60,50,300,40,290,230,70,220"]
      #expect(await runDeglare(arguments).code == .success)
      #expect(await runDeglare(arguments).code == .cannotCreate)
      #expect(await runDeglare(arguments + ["--force"]).code == .success)
      #expect(await runDeglare(["straighten", path, "-o", path, "--force"]).code == .usage)
    }
  }

  @Test("the EXIF focal length sets the proportions, and the EXIF data is kept in the output")
  func exifFocalLength() async throws {
    try await withTemporaryDirectory { dir in
      let (_, scene) = try writeScene(dir)
      // A little-endian TIFF structure: IFD0 points to an EXIF IFD holding FocalLengthIn35mmFilm = 28.
      let exif: [UInt8] = [
        0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x69, 0x87, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x05, 0xA4, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1C, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      ]
      var metadata = ImageMetadata()
      metadata.exif = exif
      let path = dir + "/exif.png"
      try OutputFile.write(try PNGCodec.encode(scene.render(), metadata: metadata), to: path, overwrite: false)
      let outcome = await runDeglare(["straighten", path, "--json"])
      #expect(outcome.code == .success, "\(outcome.stderr)")
      let object = try json(outcome.stdout)
      #expect(object["proportions"] as? String == "exif-focal")
      let photoDiagonal: Double = (360.0 * 360.0 + 270.0 * 270.0).squareRoot()
      let filmDiagonal: Double = (36.0 * 36.0 + 24.0 * 24.0).squareRoot()
      let expected: Double = 28.0 * photoDiagonal / filmDiagonal
      #expect(abs((object["focal_length_px"] as? Double ?? 0) - expected) < 0.01)
      #expect(try ImageFile.read(dir + "/exif.straight.png").metadata.exif == exif)
    }
  }
}
