import DeglareCore
import Testing

@Suite struct MaskTests {
  @Test func thresholdAndBoundingBox() {
    var mask = Mask(width: 6, height: 4)
    #expect(mask.insideBoundingBox == nil)
    mask[1, 2] = 127
    #expect(mask.insideBoundingBox == nil)
    mask[1, 2] = 128
    mask[4, 0] = 255
    #expect(mask.insideBoundingBox == PixelRect(x: 1, y: 0, width: 4, height: 3))
    #expect(mask.insideCount == 2)
    #expect(mask.binarized().values.allSatisfy { $0 == 0 || $0 == 255 })
  }

  @Test("RGB masks use the luminance (299 R + 587 G + 114 B) / 1000 and ignore alpha")
  func fromRGBA() {
    let image = ImageBuffer(
      width: 3, height: 1, layout: .rgba, samples: [255, 0, 0, 0, 0, 255, 0, 255, 100, 200, 50, 0] as [UInt8])
    let mask = Mask(image: image)
    let third: UInt8 = 153  // (299 * 100 + 587 * 200 + 114 * 50) / 1000 = 153.0
    #expect(mask.values == [76, 149, third])
  }

  @Test("16-bit masks are scaled to 8 bits first")
  func fromSixteenBit() {
    let image = ImageBuffer(
      width: 4, height: 1, layout: .grayAlpha, samples: [0, 9, 32896, 9, 32639, 9, 65535, 9] as [UInt16])
    #expect(Mask(image: image).values == [0, 128, 127, 255])
  }
}
