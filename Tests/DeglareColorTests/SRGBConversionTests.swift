import DeglareCodecs
import DeglareColor
import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct SRGBConversionTests {
  static let p3 = MatrixShaperProfile.icc(for: .displayP3, description: "Display P3") ?? []

  /// Saturated Display P3 colours (most outside sRGB), greys, and a few mid tones, 8-bit.
  static let swatches: ImageBuffer = {
    let colours: [[UInt8]] = [
      [255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0], [0, 255, 255], [255, 0, 255], [230, 40, 30],
      [40, 200, 60], [20, 60, 220], [0, 0, 0], [255, 255, 255], [128, 128, 128], [200, 150, 100], [90, 60, 40],
      [250, 120, 10], [12, 180, 170],
    ]
    return ImageBuffer(width: colours.count, height: 1, layout: .rgb, samples: colours.flatMap { $0 })
  }()

  @Test func aNonSRGBProfileConvertsAndSRGBItselfNeedsNothing() throws {
    #expect(try SRGBConversion(profile: Self.p3) != nil)
    let srgb = try #require(MatrixShaperProfile.icc(for: .sRGB, description: "sRGB"))
    #expect(try SRGBConversion(profile: srgb) == nil)
    let gray = try #require(MatrixShaperProfile.icc(for: .sRGB, description: "x")).enumerated().map { index, byte in
      // The same profile claiming the GRAY colour space is not an RGB profile.
      (16..<20).contains(index) ? Array("GRAY".utf8)[index - 16] : byte
    }
    #expect(try SRGBConversion(profile: gray) == nil)
    #expect(throws: ColorError.self) { try SRGBConversion(profile: [1, 2, 3]) }
  }

  @Test func p3RedIsOutsideSRGBAndClipsToItsRed() throws {
    let conversion = try #require(try SRGBConversion(profile: Self.p3))
    let srgb = try conversion.toSRGB(Self.swatches)
    #expect(srgb.bitDepth == .sixteen && srgb.layout == .rgb)
    #expect(srgb.pixel(x: 0, y: 0) == [65535, 0, 0])
    // White and black map to themselves (relative colorimetric), greys stay grey.
    #expect(srgb.pixel(x: 10, y: 0).allSatisfy { $0 >= 65535 - 8 })
    #expect(srgb.pixel(x: 9, y: 0).allSatisfy { $0 <= 8 })
    #expect(srgb.pixel(x: 11, y: 0).allSatisfy { abs($0 - 128 * 257) <= 64 })
  }

  @Test("an identity provider's answer comes back within a level, saturated colours included")
  func roundTrip() throws {
    let conversion = try #require(try SRGBConversion(profile: Self.p3))
    let upload = try conversion.toSRGB(Self.swatches)
    // What a provider sends back is 8-bit: the upload rounded.
    let returned = ImageBuffer(
      width: upload.width, height: upload.height, layout: .rgb,
      samples: upload.samples16.map { UInt8((Int($0) * 255 + 32767) / 65535) })
    let back = try conversion.patchInPhotoSpace(returned, original: Self.swatches)
    for x in 0..<Self.swatches.width {
      for c in 0..<3 {
        let original = Self.swatches.sample(x: x, y: 0, channel: c)
        let restored = (back.sample(x: x, y: 0, channel: c) * 255 + 32767) / 65535
        #expect(abs(restored - original) <= 1, "swatch \(x) channel \(c): \(original) -> \(restored)")
      }
    }
    // Without the clipping residual, the saturated red would come back desaturated.
    let plain = try conversion.fromSRGB(returned)
    #expect(plain.sample(x: 0, y: 0, channel: 1) > 20 * 257)
  }

  @Test("sRGB's red, written in Display P3 as (234, 51, 35), converts back to (255, 0, 0)")
  func knownColour() throws {
    let conversion = try #require(try SRGBConversion(profile: Self.p3))
    let red = ImageBuffer(width: 1, height: 1, layout: .rgb, samples: [234, 51, 35] as [UInt8])
    let srgb = try conversion.toSRGB(red).pixel(x: 0, y: 0).map { ($0 * 255 + 32767) / 65535 }
    #expect(zip(srgb, [255, 0, 0]).allSatisfy { abs($0 - $1) <= 1 }, "\(srgb)")
  }
}
