import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

@testable import DeglareCodecs

@Suite struct HEIFCodecTests {
  /// The HEIF test card of `make_fixtures.py` (`heif_card`).
  static func card(x: Int, y: Int, channel: Int) -> Int { (x * 3 + y * 5 + channel * 60) % 256 }

  /// heif-convert's reading of a fixture (`make_fixtures.py` stores it beside the file).
  static func golden(_ name: String) throws -> ImageBuffer {
    try ImageDecoder.decode(try Fixtures.bytes("heif/\(name).png")).image
  }

  @Test(
    "an 8-bit HEIF decodes to heif-convert's pixels, and to the card heif-enc was given within a level",
    arguments: ["rgb8-p3.heic", "rgb8.avif"])
  func eightBit(name: String) throws {
    let decoded = try ImageDecoder.decode(try Fixtures.bytes("heif/\(name)"))
    #expect(decoded.format == .heif)
    let image = decoded.image
    #expect(image.width == 64 && image.height == 48 && image.layout == .rgb && image.bitDepth == .eight)
    #expect(image == (try Self.golden(name)))
    var worst = 0
    for y in 0..<48 {
      for x in 0..<64 {
        for c in 0..<3 {
          worst = max(worst, abs(image.sample(x: x, y: y, channel: c) - Self.card(x: x, y: y, channel: c)))
        }
      }
    }
    #expect(worst <= 1)
  }

  @Test func tenBitDecodesToSixteenBitsScaledToTheFullRange() throws {
    let image = try ImageDecoder.decode(try Fixtures.bytes("heif/rgb10.heic")).image
    #expect(image.bitDepth == .sixteen && image.layout == .rgb && image.width == 64 && image.height == 48)
    // heif-convert writes the 10-bit values shifted left by 6; deglare scales them to 0...65535.
    let golden = try Self.golden("rgb10.heic")
    #expect(golden.bitDepth == .sixteen)
    var mismatches = 0
    var worst = 0
    for y in 0..<48 {
      for x in 0..<64 {
        for c in 0..<3 {
          let ten = golden.sample(x: x, y: y, channel: c) >> 6
          if image.sample(x: x, y: y, channel: c) != (ten * 65535 + 511) / 1023 { mismatches += 1 }
          worst = max(worst, abs(image.sample(x: x, y: y, channel: c) - Self.card(x: x, y: y, channel: c) * 257))
        }
      }
    }
    #expect(mismatches == 0)
    #expect(worst <= 2 * 257)
  }

  @Test func nclxBecomesAnICCProfileThatSaysDisplayP3() throws {
    let decoded = try ImageDecoder.decode(try Fixtures.bytes("heif/rgb8-p3.heic"))
    let icc = try #require(decoded.metadata.iccProfile)
    #expect(icc == MatrixShaperProfile.icc(for: .displayP3, description: "Display P3 (from HEIF nclx)"))
    #expect(decoded.metadata.iccColorSpace == "RGB ")
  }

  @Test(
    "irot is applied: the upright quadrants land where they belong; EXIF is kept with orientation 1",
    arguments: ["rotated.heic", "rotated-gainmap-reference.heic"])
  func rotation(name: String) throws {
    let decoded = try ImageDecoder.decode(try Fixtures.bytes("heif/\(name)"))
    let image = decoded.image
    #expect(image.width == 64 && image.height == 32)
    #expect(decoded.appliedOrientation == 6)
    let probes: [(Int, Int, [Int])] = [
      (8, 8, [255, 0, 0]), (56, 8, [0, 255, 0]), (8, 24, [0, 0, 255]), (56, 24, [255, 255, 255]),
    ]
    for (x, y, expected) in probes {
      let actual = image.pixel(x: x, y: y)
      #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= 12 }, "\(name) at (\(x), \(y)): \(actual)")
    }
    let exif = try #require(decoded.metadata.exif.flatMap { EXIF($0) })
    #expect(exif.orientation == 1)
    #expect(exif.focalLengthIn35mmFilm == 26)
  }

  @Test func theGainMapReferenceIsWhatLibheif115RefusesAndTheRewriteMendsIt() throws {
    let bytes = try Fixtures.bytes("heif/rotated-gainmap-reference.heic")
    let refused = #expect(throws: CodecError.self) {
      try LibHEIF.decode(bytes, options: DecodeOptions(), orientation: 1)
    }
    #expect(refused?.message.contains("Metadata not correctly assigned") == true)
    let container = try HEIFContainer(bytes)
    let mended = try #require(try container.rewrittenForLibheif115())
    #expect(mended.count == bytes.count - 2)
    let again = try HEIFContainer(mended)
    #expect(again.references.filter { $0.type == FourCC("cdsc") }.map(\.to) == [[2]])
    #expect(again.references.filter { $0.type == FourCC("dimg") }.map(\.to) == [[1]])
    // Nothing else moved: the mended file decodes to the very pixels of the file without the problem.
    let plain = try ImageDecoder.decode(try Fixtures.bytes("heif/rotated.heic"))
    #expect(try ImageDecoder.decode(bytes).image == plain.image)
    #expect(try HEIFContainer(try Fixtures.bytes("heif/rotated.heic")).rewrittenForLibheif115() == nil)
  }

  @Test func theSizeIsCheckedFromTheContainerBeforeAnyPixelIsAllocated() throws {
    let bytes = try Fixtures.bytes("heif/rgb8-p3.heic")
    let error = #expect(throws: CodecError.self) {
      try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: 3071))
    }
    #expect(error?.kind == .tooLarge)
    #expect(try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: 3072)).image.pixelCount == 3072)
  }

  @Test("a grid's size is checked wherever libheif reads it, and a grid whose size cannot be read is refused")
  func gridSize() throws {
    // Found by the fuzzer: a 64x32 picture whose grid, in `idat` behind a data reference index
    // (which counts for file offsets only), asks for a 31776x31296 canvas. Read as unreadable,
    // it went unchecked and libheif allocated 5.8 GB.
    let url = Fixtures.packageRoot.appendingPathComponent(
      "Fuzz/Regressions/heif/grid-size-in-idat-behind-a-data-reference")
    var bytes = Array(try Data(contentsOf: url))
    let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(bytes) }
    #expect(error?.kind == .tooLarge)
    #expect(error?.message.contains("31776x31296") == true, "\(error?.message ?? "")")
    // The grid's item moved to construction method 2 (offsets into another item), which
    // neither reader follows: refused before libheif is asked.
    let container = try HEIFContainer(bytes)
    #expect(container.locations[2]?.constructionMethod == 1)
    bytes[142] = 2
    #expect(try HEIFContainer(bytes).locations[2]?.constructionMethod == 2)
    let unreadable = #expect(throws: CodecError.self) { try ImageDecoder.decode(bytes) }
    #expect(unreadable?.message == "the HEIF grid's size cannot be read")
  }

  @Test("every sequence parameter set of an HEVC tile is read for its picture size")
  func hevcPictureSizes() throws {
    // heif-enc's files: one SPS in each tile's hvcC, none in the data; their 64x48 pictures are
    // coded as 64x64 (whole coding blocks, cropped by the SPS's conformance window).
    for (name, size) in [("heif/rgb8-p3.heic", (64, 64)), ("heif/rotated.heic", (64, 64))] {
      let container = try HEIFContainer(try Fixtures.bytes(name))
      let tiles = container.itemTypes.filter { $0.value == FourCC("hvc1") }.keys
      let sizes = try tiles.flatMap { try container.codedPictureSizes($0) }
      #expect(!sizes.isEmpty && sizes.allSatisfy { $0 == size }, "\(name): \(sizes)")
    }
    // A hand-made SPS (one sub-layer, 4:2:0) asking for 40000x30000, with the emulation
    // prevention bytes its run of zeros needs; in an item's data after a 4-byte length.
    var bits = "0000" + "000" + "1" + String(repeating: "0", count: 96) + "1" + "010"
    for value in [40000, 30000] {
      let code = String(value + 1, radix: 2)
      bits += String(repeating: "0", count: code.count - 1) + code
    }
    bits += "1" + String(repeating: "0", count: (8 - (bits.count + 1) % 8) % 8)
    let raw = stride(from: 0, to: bits.count, by: 8).map { start -> UInt8 in
      let index = bits.index(bits.startIndex, offsetBy: start)
      return UInt8(bits[index..<bits.index(index, offsetBy: 8)], radix: 2)!
    }
    var escaped: [UInt8] = [0x42, 0x01]
    var zeros = 0
    for byte in raw {
      if zeros >= 2, byte <= 3 {
        escaped.append(3)
        zeros = 0
      }
      escaped.append(byte)
      zeros = byte == 0 ? zeros + 1 : 0
    }
    #expect(escaped.count > raw.count + 2, "the zeros were escaped")
    let size = try #require(HEVCPictureSize.size(ofSPS: escaped[...]))
    #expect(size == (40000, 30000))
    let data = [0, 0, 0, UInt8(escaped.count)] + escaped + [0, 0, 0, 3, 0x26, 0x01, 0xAF]
    #expect(HEVCPictureSize.inBandSets(data, lengthSize: 4).map(Array.init) == [escaped])
    #expect(HEVCPictureSize.size(ofSPS: escaped.prefix(12)) == nil, "cut before the size")
  }

  @Test("every AV1 sequence header of a tile is read for its largest frame")
  func av1PictureSizes() throws {
    let container = try HEIFContainer(try Fixtures.bytes("heif/rgb8.avif"))
    let tiles = container.itemTypes.filter { $0.value == FourCC("av01") }.keys
    let sizes = try tiles.flatMap { try container.codedPictureSizes($0) }
    #expect(!sizes.isEmpty && sizes.allSatisfy { $0 == (64, 48) }, "\(sizes)")
    // A hand-made reduced still-picture sequence header allowing 40000x30000 frames (16-bit
    // sizes), after a temporal delimiter, each OBU with its size field.
    var bits = "000" + "1" + "1" + "00000" + "1111" + "1111"
    for value in [39999, 29999] {
      let digits = String(value, radix: 2)
      bits += String(repeating: "0", count: 16 - digits.count) + digits
    }
    bits += String(repeating: "0", count: (8 - bits.count % 8) % 8)
    let payload = stride(from: 0, to: bits.count, by: 8).map { start -> UInt8 in
      let index = bits.index(bits.startIndex, offsetBy: start)
      return UInt8(bits[index..<bits.index(index, offsetBy: 8)], radix: 2)!
    }
    let data: [UInt8] = [0x12, 0x00, 0x0A, UInt8(payload.count)] + payload
    let headers = AV1PictureSize.sequenceHeaders(data[...])
    #expect(headers.map(Array.init) == [payload])
    let size = try #require(AV1PictureSize.maximumSize(ofSequenceHeader: payload[...]))
    #expect(size == (40000, 30000))
    #expect(AV1PictureSize.maximumSize(ofSequenceHeader: payload.prefix(4)) == nil, "cut before the size")
    let number = try #require(AV1PictureSize.leb128([0xE5, 0x8E, 0x26]))
    #expect(number == (624_485, 3))
  }

  @Test("sniffed by its ftyp brands, never by name")
  func sniffing() throws {
    #expect(ImageFormat.sniff(try Fixtures.bytes("heif/rotated.heic")) == .heif)
    #expect(ImageFormat.sniff(try Fixtures.bytes("heif/rgb8.avif")) == .heif)
    let video: [UInt8] = [0, 0, 0, 20] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("mp41".utf8)
    #expect(ImageFormat.sniff(video) == nil)
  }

  @Test func everyPrefixFailsCleanly() throws {
    let bytes = try Fixtures.bytes("heif/rotated-gainmap-reference.heic")
    for length in stride(from: 0, to: bytes.count, by: 5) {
      #expect(throws: CodecError.self, "cut at \(length)") { try ImageDecoder.decode(Array(bytes.prefix(length))) }
    }
  }
}
