import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

@Suite struct JPEGCodecTests {
  /// Parses the binary PPM/PGM that djpeg wrote.
  static func readPNM(_ relative: String) throws -> ImageBuffer {
    let bytes = try Fixtures.bytes(relative)
    var fields: [String] = []
    var index = 0
    while fields.count < 4 {
      while bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      var token = ""
      while bytes[index] != 0x20 && bytes[index] != 0x0A {
        token.append(Character(Unicode.Scalar(bytes[index])))
        index += 1
      }
      fields.append(token)
    }
    index += 1
    let gray = fields[0] == "P5"
    let width = try #require(Int(fields[1]))
    let height = try #require(Int(fields[2]))
    return ImageBuffer(width: width, height: height, layout: gray ? .gray : .rgb, samples: Array(bytes[index...]))
  }

  @Test(
    "decodes exactly like djpeg",
    arguments: [
      ("baseline-444", "ppm"), ("baseline-422", "ppm"), ("baseline-420", "ppm"), ("progressive-420", "ppm"),
      ("gray", "pgm"),
    ])
  func matchesDjpeg(name: String, golden: String) throws {
    let decoded = try ImageDecoder.decode(try Fixtures.bytes("jpeg/\(name).jpg"))
    #expect(decoded.format == .jpeg)
    #expect(decoded.image == (try Self.readPNM("jpeg/\(name).\(golden)")))
  }

  @Test("EXIF orientation is baked in: the upright quadrants land where they belong", arguments: 1...8)
  func orientation(value: Int) throws {
    let decoded = try ImageDecoder.decode(try Fixtures.bytes("orientation/orientation-\(value).jpg"))
    let image = decoded.image
    #expect(decoded.appliedOrientation == value)
    #expect(image.width == 32 && image.height == 16)
    // Quadrant centres: red top-left, green top-right, blue bottom-left, white bottom-right.
    let probes: [(Int, Int, [Int])] = [
      (4, 3, [255, 0, 0]), (27, 3, [0, 255, 0]), (4, 12, [0, 0, 255]), (27, 12, [255, 255, 255]),
    ]
    for (x, y, expected) in probes {
      let actual = image.pixel(x: x, y: y)
      let close = zip(actual, expected).allSatisfy { abs($0 - $1) <= 12 }
      #expect(close, "orientation \(value) at (\(x), \(y)): \(actual) is not \(expected)")
    }
    #expect(decoded.metadata.exif.flatMap { EXIF($0)?.orientation } == 1)
  }

  @Test func metadataIsKept() throws {
    let decoded = try ImageDecoder.decode(try Fixtures.bytes("jpeg/metadata.jpg"))
    #expect(decoded.metadata.iccProfile == (try Fixtures.bytes("jpeg/metadata.icc")))
    #expect(decoded.metadata.density == ImageMetadata.Density(x: 300, y: 300, unit: .inch))
    #expect(decoded.appliedOrientation == 6)
    #expect(decoded.image.width == 24 && decoded.image.height == 40)
    let exif = try #require(decoded.metadata.exif.flatMap { EXIF($0) })
    #expect(exif.orientation == 1)
    #expect(exif.focalLength == 4.2)
    #expect(exif.focalLengthIn35mmFilm == 26)
    #expect(decoded.metadata.xmp.map { String(decoding: $0, as: UTF8.self).hasPrefix("<?xpacket") } == true)
  }

  @Test("encode keeps ICC (split over APP2 segments), EXIF with orientation 1, XMP and the density")
  func encodeKeepsMetadata() throws {
    let decoded = try ImageDecoder.decode(try Fixtures.bytes("jpeg/metadata.jpg"))
    let again = try ImageDecoder.decode(try JPEGCodec.encode(decoded.image, metadata: decoded.metadata))
    #expect(again.metadata == decoded.metadata)
    #expect(again.appliedOrientation == 1)
    #expect(again.image.width == decoded.image.width && again.image.height == decoded.image.height)
  }

  @Test("quality controls size, and the decode stays close to the original", arguments: [50, 95])
  func encodeQuality(quality: Int) throws {
    let original = try Self.readPNM("jpeg/baseline-444.ppm")
    let bytes = try JPEGCodec.encode(original, options: JPEGEncodingOptions(quality: quality))
    let decoded = try ImageDecoder.decode(bytes).image
    var worst = 0
    for i in 0..<original.samples8.count {
      worst = max(worst, abs(Int(original.samples8[i]) - Int(decoded.samples8[i])))
    }
    #expect(worst < (quality == 95 ? 16 : 60))
    let low = try JPEGCodec.encode(original, options: JPEGEncodingOptions(quality: 20)).count
    #expect(low < bytes.count)
  }

  @Test func encodesGrayAndDropsAlpha() throws {
    let gray = SyntheticImages.formula(width: 9, height: 7, layout: .gray, bitDepth: .eight)
    #expect(try ImageDecoder.decode(try JPEGCodec.encode(gray)).image.layout == .gray)
    let rgba = SyntheticImages.formula(width: 9, height: 7, layout: .rgba, bitDepth: .sixteen)
    let decoded = try ImageDecoder.decode(try JPEGCodec.encode(rgba)).image
    #expect(decoded.layout == .rgb && decoded.bitDepth == .eight)
  }
}
