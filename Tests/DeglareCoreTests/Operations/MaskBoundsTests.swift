import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct MaskBoundsTests {
  @Test("the fast scan agrees with the reference bounding box, for any sub-rectangle")
  func agreesWithReference() {
    var random = SeededGenerator(seed: 5)
    for density in [3, 40, 700, 100_000] {
      let mask = Mask(
        width: 37, height: 23,
        values: (0..<(37 * 23)).map { _ in
          let r = random.next()
          return r % UInt64(density) == 0 ? UInt8(128 + r % 128) : UInt8(r % 128)
        })
      #expect(mask.insideBounds(in: PixelRect(x: 0, y: 0, width: 37, height: 23)) == mask.insideBoundingBox)
      for rect in [
        PixelRect(x: 3, y: 2, width: 20, height: 11), PixelRect(x: 36, y: 0, width: 1, height: 23),
        PixelRect(x: 10, y: 10, width: 0, height: 5),
      ] {
        let reference =
          rect.isEmpty
          ? nil
          : mask.cropped(to: rect).insideBoundingBox.map {
            PixelRect(x: $0.x + rect.x, y: $0.y + rect.y, width: $0.width, height: $0.height)
          }
        #expect(mask.insideBounds(in: rect) == reference, "\(rect), density \(density)")
      }
    }
  }
}
