import DeglareCore
import Testing

@Suite struct MaskGrowthTests {
  /// The brute-force definition: inside when some inside pixel is within `radius` (Euclidean).
  static func expected(_ mask: Mask, radius: Int, band: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: mask.width * mask.height)
    let inside = (0..<mask.height).flatMap { y in (0..<mask.width).map { (x: $0, y: y) } }
      .filter { mask.isInside(x: $0.x, y: $0.y) }
    for y in band..<max(band, mask.height - band) {
      for x in band..<max(band, mask.width - band) {
        let near = inside.contains { ($0.x - x) * ($0.x - x) + ($0.y - y) * ($0.y - y) <= radius * radius }
        if near { out[y * mask.width + x] = 255 }
      }
    }
    return out
  }

  @Test("one pixel grown by 3 is the disc of 29 pixels")
  func disc() {
    var mask = Mask(width: 15, height: 11)
    mask[7, 5] = 200
    let grown = mask.grown(by: 3)
    #expect(grown.values.filter { $0 == 255 }.count == 29)
    #expect(grown.values.allSatisfy { $0 == 0 || $0 == 255 })
    #expect(grown[7, 2] == 255 && grown[7, 1] == 0 && grown[9, 7] == 255 && grown[10, 7] == 0)
  }

  @Test(
    "matches the brute-force definition for blobs at edges and corners, with and without a band",
    arguments: [(0, 0), (1, 0), (4, 0), (4, 2), (7, 3)])
  func bruteForce(radius: Int, band: Int) {
    let mask = SyntheticMasks.blobs(width: 23, height: 17)
    #expect(mask.grown(by: radius, clearingBand: band).values == Self.expected(mask, radius: radius, band: band))
  }

  @Test func emptyStaysEmptyAndBandCanSwallowEverything() {
    #expect(Mask(width: 9, height: 9).grown(by: 5).insideBoundingBox == nil)
    var mask = Mask(width: 9, height: 9)
    mask[4, 4] = 255
    #expect(mask.grown(by: 2, clearingBand: 5).insideBoundingBox == nil)
    #expect(mask.grown(by: 2, clearingBand: 3).insideBoundingBox == PixelRect(x: 3, y: 3, width: 3, height: 3))
  }
}

/// Small masks with blobs touching an edge, a corner, and one in the middle.
enum SyntheticMasks {
  static func blobs(width: Int, height: Int) -> Mask {
    var mask = Mask(width: width, height: height)
    for (x, y) in [(0, 0), (1, 0), (0, 1), (width - 1, 8), (width - 2, 8), (11, 7), (12, 8), (11, 9), (5, height - 1)] {
      mask[x, y] = 255
    }
    mask[15, 3] = 130  // inside (>= 128)
    mask[16, 13] = 127  // outside
    return mask
  }
}
