import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Testing

/// Hostile headers are refused from the header, before a decoder allocates: bombs whatever
/// --max-pixels says, oversized metadata chunks, data too short for the announced picture.
@Suite struct ImageHeaderTests {
  static let unlimited = DecodeOptions(maxPixels: Int.max)

  @Test("a header-only PNG bomb is an error value with the pixel limit raised, never an abort")
  func pngBombWithLimitRaised() throws {
    // 1,000,000 x 1,000,000 RGBA 16-bit: 8 TB of pixels over a few bytes of data.
    let bomb = HandMadePNG.file(
      width: 1_000_000, height: 1_000_000, bitDepth: 16, colorType: 6,
      [HandMadePNG.chunk("IDAT", HandMadePNG.storedZlib([0, 0, 0]))])
    let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(bomb, options: Self.unlimited) }
    #expect(error?.kind == .tooLarge)
    #expect(error?.message.contains("more than this machine has") == true, "\(String(describing: error))")
  }

  @Test("a picture that fits in memory over too little data is refused as truncated before decoding")
  func pngDataTooShort() throws {
    // 20,000 x 20,000 RGB: 1.2 GB of pixels, which deflate cannot code in fewer than ~1.16 MB.
    let bomb = HandMadePNG.file(
      width: 20_000, height: 20_000, [HandMadePNG.chunk("IDAT", HandMadePNG.storedZlib([0, 0, 0]))])
    let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(bomb, options: Self.unlimited) }
    #expect(error?.kind == .corrupt)
    #expect(error?.message.hasPrefix("the file is truncated") == true, "\(String(describing: error))")
  }

  @Test("the JPEG bomb fixture is refused with the pixel limit raised")
  func jpegBombWithLimitRaised() throws {
    let bytes = try Fixtures.bytes("corrupt/jpeg-bomb.jpg")
    let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(bytes, options: Self.unlimited) }
    #expect(error?.kind == .corrupt || error?.kind == .tooLarge)
    #expect(error?.message.isEmpty == false)
  }

  @Test("a metadata chunk over the limit is refused from its length, before it is read")
  func oversizedTextChunk() throws {
    // The tEXt chunk claims 50 MB and holds 9 bytes: the walk refuses it from the length alone.
    let text = HandMadePNG.chunk("tEXt", Array("Comment\0a".utf8), claimedLength: 50_000_000)
    let file = HandMadePNG.file(width: 4, height: 4, [text])
    let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(file) }
    #expect(error?.kind == .tooLarge)
    #expect(error?.message.hasPrefix("its tEXt metadata chunk holds 50000000 bytes") == true)
  }

  @Test("a chunk longer than PNG allows is corrupt")
  func chunkLengthOverPNGLimit() throws {
    let file = HandMadePNG.file(width: 4, height: 4, [HandMadePNG.chunk("zzZz", [], claimedLength: 0x8000_0000)])
    let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(file) }
    #expect(error?.kind == .corrupt)
  }

  @Test("the data bound is not too tight: the most compressible pictures still decode")
  func compressiblePicturesDecode() throws {
    for compression in PNGCompression.allCases {
      let black = ImageBuffer(width: 1024, height: 512, layout: .rgba, bitDepth: .sixteen)
      let bytes = try PNGCodec.encode(black, compression: compression)
      let header = try #require(try ImageHeader.read(bytes))
      #expect(header.size == PixelSize(width: 1024, height: 512))
      #expect(try ImageDecoder.decode(bytes).image == black, "\(compression)")
    }
    // A 1-bit picture: eight pixels a byte before deflate.
    let rows = [UInt8](repeating: 0, count: 600 * (1 + 1000 / 8))
    let oneBit = HandMadePNG.file(
      width: 1000, height: 600, bitDepth: 1, colorType: 0, [HandMadePNG.chunk("IDAT", HandMadePNG.storedZlib(rows))])
    #expect(try ImageDecoder.decode(oneBit).image.size == PixelSize(width: 1000, height: 600))
  }

  @Test("the header of every fixture agrees with its decode")
  func headersAgreeWithDecodes() throws {
    let names = [
      "png/rgb8.png", "png/rgba16.png", "png/palette-trns.png", "png/gray1.png", "jpeg/baseline-420.jpg",
      "jpeg/progressive-420.jpg", "jpeg/gray.jpg",
    ]
    for name in names {
      let bytes = try Fixtures.bytes(name)
      let header = try #require(try ImageHeader.read(bytes), "\(name)")
      let decoded = try ImageDecoder.decode(bytes)
      #expect(header.size == decoded.image.size, "\(name)")
      #expect(header.pixelBytes >= decoded.image.pixelCount * decoded.image.channelCount, "\(name)")
    }
  }
}
