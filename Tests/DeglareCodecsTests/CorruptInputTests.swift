import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct CorruptInputTests {
  @Test(
    "every corrupt or unsupported fixture is an error value, never a crash",
    arguments: [
      ("png-truncated.png", CodecError.Kind.corrupt), ("png-bad-crc.png", .corrupt),
      ("png-bad-signature.png", .unrecognizedFormat), ("png-bomb.png", .tooLarge), ("empty.png", .unrecognizedFormat),
      ("not-an-image.png", .unrecognizedFormat), ("jpeg-truncated.jpg", .corrupt), ("jpeg-header-only.jpg", .corrupt),
      ("jpeg-bomb.jpg", .tooLarge), ("jpeg-cmyk.jpg", .unsupported), ("jpeg-no-quant-table.jpg", .corrupt),
      ("heic-truncated.heic", .corrupt), ("heic-truncated-meta.heic", .corrupt), ("heic-damaged.heic", .corrupt),
      ("heic-bomb.heic", .tooLarge),
    ])
  func corruptFixture(name: String, kind: CodecError.Kind) throws {
    let bytes = try Fixtures.bytes("corrupt/\(name)")
    let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(bytes) }
    #expect(error?.kind == kind, "\(name): \(String(describing: error))")
    #expect(error?.message.isEmpty == false)
  }

  @Test func truncatedJPEGSaysTruncated() throws {
    let error = #expect(throws: CodecError.self) {
      try ImageDecoder.decode(try Fixtures.bytes("corrupt/jpeg-truncated.jpg"))
    }
    #expect(error?.message.contains("Premature end of JPEG file") == true)
  }

  @Test func pixelLimitIsConfigurable() throws {
    let bytes = try Fixtures.bytes("png/rgb8.png")
    #expect(throws: CodecError.self) { try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: 34)) }
    #expect(try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: 35)).image.pixelCount == 35)
  }

  @Test func webpIsNamed() throws {
    let riff: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)
    let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(riff) }
    #expect(error?.kind == .unsupported)
    #expect(error?.message.contains("WebP") == true)
  }

  @Test func every_prefix_of_a_png_and_a_jpeg_fails_cleanly() throws {
    for name in ["png/rgba16.png", "jpeg/progressive-420.jpg"] {
      let bytes = try Fixtures.bytes(name)
      for length in stride(from: 0, to: bytes.count, by: 7) {
        #expect(throws: CodecError.self, "\(name) cut at \(length)") {
          try ImageDecoder.decode(Array(bytes.prefix(length)))
        }
      }
    }
  }
}
