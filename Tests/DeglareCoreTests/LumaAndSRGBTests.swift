import Foundation
import Testing

@testable import DeglareCore

@Suite struct LumaAndSRGBTests {
  @Test("the Float luma weights are the integer thousandths, exactly")
  func lumaWeightsAgree() {
    #expect(Luma.thousandfold(1, 0, 0) == 299 && Luma.thousandfold(0, 1, 0) == 587 && Luma.thousandfold(0, 0, 1) == 114)
    #expect(Luma.thousandfold(255, 255, 255) == 255_000)
    #expect(Luma.of(1, 0, 0) == Float(299) / 1000)
    #expect(Luma.of(0, 1, 0) == Float(587) / 1000)
    #expect(Luma.of(0, 0, 1) == Float(114) / 1000)
  }

  @Test("the mask, the gray conversion and the composite all weigh colour by the luma")
  func lumaUsers() {
    let image = ImageBuffer(width: 1, height: 1, layout: .rgb, samples: [UInt8(200), 100, 50])
    // 299 * 200 + 587 * 100 + 114 * 50 = 124_200: 124 truncated (mask) and rounded (conversion).
    #expect(Mask(image: image).values == [124])
    #expect(image.converted(to: .gray, bitDepth: .eight).samples8 == [124])
    var gray = ImageBuffer(width: 1, height: 1, layout: .gray, samples: [UInt8(0)])
    let alpha = AlphaMap(width: 1, height: 1, values: [0.5])
    Composite.apply(patch: image, alpha: alpha, onto: &gray, at: PixelRect(x: 0, y: 0, width: 1, height: 1))
    #expect(gray.samples8 == [62])  // round(0.5 * 124.2)
  }

  @Test("decode and encode are the IEC 61966-2-1 curve, both ways")
  func transfer() {
    #expect(SRGB.decode(Float(0)) == 0 && SRGB.decode(Float(1)) == 1)
    #expect(abs(SRGB.decode(0.5) - 0.214_041) < 1e-6)
    #expect(SRGB.decode(Float(0.04)) == Float(0.04) / 12.92)
    for level in stride(from: 0, through: 255, by: 5) {
      let v = Float(level) / 255
      #expect(abs(SRGB.encode(SRGB.decode(v)) - v) < 1e-5)
      #expect(abs(Double(SRGB.decode(v)) - SRGB.decode(Double(v))) < 1e-6)
      #expect(abs(SRGB.linear(Float(level)) - Float(SRGB.decode(Double(level) / 255))) < 1e-7)
    }
    #expect(SRGB.encode(-0.1) == 0)
    #expect(SRGB.decodeTable(depth: .sixteen, linear: false)[65535] == 1)
  }
}
