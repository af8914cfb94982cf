import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Strokes over HTTP are rasterised exactly; undo, redo and clear replay them exactly.
@Suite(.serialized) struct WorkbenchEditingTests {
  static let strokes = [
    MaskStroke(
      mode: .brush, radius: 4.25, points: [Point(x: 10.3, y: 12.7), Point(x: 40.1, y: 20.2), Point(x: 61.9, y: 44.4)]),
    MaskStroke(mode: .brush, radius: 0.5, points: [Point(x: 80, y: 5), Point(x: 95, y: 60)]),
    MaskStroke(mode: .erase, radius: 2.6, points: [Point(x: 30, y: 0), Point(x: 33.5, y: 63)]),
    MaskStroke(mode: .brush, radius: 7, points: [Point(x: -3, y: 70)]),
  ]

  @Test("the mask the page is shown is the exact raster of the strokes sent")
  func strokesExact() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let empty = Mask(width: 96, height: 64)
      for (index, stroke) in Self.strokes.enumerated() {
        let response = try await bench.stroke(stroke)
        #expect(response.status == 200, "\(response.text)")
        let expected = StrokeReference.raster(Array(Self.strokes[...index]), onto: empty)
        #expect(try await bench.maskTile() == expected, "after stroke \(index)")
        let mask = try #require(response.json?["state"] as? [String: Any])["mask"] as? [String: Any]
        #expect(mask?["inside"] as? Int == expected.insideCount)
      }
      #expect(try await bench.maskTile().insideCount > 100)
    }
  }

  @Test("undo and redo replay the strokes to the same bytes; clear empties the mask and is undoable")
  func undoRedoClear() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let empty = Mask(width: 96, height: 64)
      for stroke in Self.strokes { try await bench.stroke(stroke) }
      let all = StrokeReference.raster(Self.strokes, onto: empty)
      #expect(try await bench.post("/api/undo").status == 200)
      #expect(try await bench.maskTile() == StrokeReference.raster(Array(Self.strokes.prefix(3)), onto: empty))
      #expect(try await bench.post("/api/undo").status == 200)
      #expect(try await bench.maskTile() == StrokeReference.raster(Array(Self.strokes.prefix(2)), onto: empty))
      #expect(try await bench.post("/api/redo").status == 200)
      #expect(try await bench.post("/api/redo").status == 200)
      #expect(try await bench.maskTile() == all)
      #expect(try await bench.post("/api/redo").status == 409)
      #expect(try await bench.post("/api/clear").status == 200)
      #expect(try await bench.maskTile() == empty)
      #expect(try await bench.request("GET", "/api/tile/mask/0/0/0").status == 204)
      #expect(try await bench.post("/api/undo").status == 200)
      #expect(try await bench.maskTile() == all)
    }
  }

  @Test("malformed strokes are refused and change nothing")
  func malformedStrokes() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let nan = Array(
        withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) { Array($0) } + [UInt8](repeating: 0, count: 8))
      for (path, body) in [
        ("/api/stroke?mode=paint&radius=2", [UInt8](repeating: 0, count: 16)),
        ("/api/stroke?mode=brush&radius=0", [UInt8](repeating: 0, count: 16)),
        ("/api/stroke?mode=brush&radius=2", [UInt8](repeating: 0, count: 15)),
        ("/api/stroke?mode=brush&radius=2", []),
        ("/api/stroke?mode=brush&radius=2", nan),
      ] {
        #expect(try await bench.post(path, body: body).status == 400, "\(path) \(body.count)")
      }
      #expect(try await bench.request("GET", "/api/tile/mask/0/0/0").status == 204)
      #expect(try await bench.request("GET", "/api/tile/mask/0/5/5").status == 404)
      #expect(try await bench.request("GET", "/api/tile/bogus/0/0/0").status == 404)
    }
  }

  @Test("the photo's level-0 tile decodes to the photo, within JPEG's error")
  func imageTiles() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let tile = try ImageDecoder.decode(try await bench.request("GET", "/api/tile/image/0/0/0").body).image
      #expect(tile.size == PixelSize(width: 96, height: 64))
      var largest = 0
      for y in 0..<64 {
        for x in 0..<96 {
          for c in 0..<3 {
            largest = max(
              largest, abs(tile.sample(x: x, y: y, channel: c) - WorkbenchHarness.image.sample(x: x, y: y, channel: c)))
          }
        }
      }
      #expect(largest <= 40, "tile pixels differ from the photo's by up to \(largest)")
    }
  }
}
