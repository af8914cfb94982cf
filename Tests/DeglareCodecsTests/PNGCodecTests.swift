import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct PNGCodecTests {
  static let layouts: [(String, ChannelLayout)] = [
    ("gray", .gray), ("gray-alpha", .grayAlpha), ("rgb", .rgb), ("rgba", .rgba),
  ]

  @Test("decodes every layout at 8 and 16 bits to the values the fixture script wrote", arguments: [8, 16])
  func decodesEveryLayout(depth: Int) throws {
    for (name, layout) in Self.layouts {
      let decoded = try ImageDecoder.decode(try Fixtures.bytes("png/\(name)\(depth).png"))
      let image = decoded.image
      #expect(decoded.format == .png)
      #expect(image.width == 7 && image.height == 5)
      #expect(image.layout == layout, "\(name)\(depth)")
      #expect(image.bitDepth == (depth == 16 ? .sixteen : .eight))
      let expected = SyntheticImages.formula(width: 7, height: 5, layout: layout, bitDepth: image.bitDepth)
      #expect(image == expected, "\(name)\(depth) samples differ")
    }
  }

  @Test(
    "round trip: decode, encode, decode gives identical samples for every variant",
    arguments: [
      "gray8", "gray16", "gray-alpha8", "gray-alpha16", "rgb8", "rgb16", "rgba8", "rgba16", "palette",
      "palette-trns", "gray1", "interlaced-rgb8", "interlaced-rgba16", "metadata", "srgb",
    ])
  func roundTrip(name: String) throws {
    let first = try ImageDecoder.decode(try Fixtures.bytes("png/\(name).png"))
    for compression in PNGCompression.allCases {
      let encoded = try PNGCodec.encode(first.image, metadata: first.metadata, compression: compression)
      let second = try ImageDecoder.decode(encoded)
      #expect(second.image == first.image, "\(name) \(compression)")
      #expect(second.metadata == first.metadata, "\(name) \(compression) metadata")
    }
  }

  @Test func interlacedMatchesFormula() throws {
    let rgb = try ImageDecoder.decode(try Fixtures.bytes("png/interlaced-rgb8.png")).image
    #expect(rgb == SyntheticImages.formula(width: 11, height: 9, layout: .rgb, bitDepth: .eight))
    let rgba = try ImageDecoder.decode(try Fixtures.bytes("png/interlaced-rgba16.png")).image
    #expect(rgba == SyntheticImages.formula(width: 11, height: 9, layout: .rgba, bitDepth: .sixteen))
  }

  @Test func paletteExpands() throws {
    let plain = try ImageDecoder.decode(try Fixtures.bytes("png/palette.png")).image
    #expect(plain.layout == .rgb && plain.bitDepth == .eight)
    let withAlpha = try ImageDecoder.decode(try Fixtures.bytes("png/palette-trns.png")).image
    #expect(withAlpha.layout == .rgba)
    for y in 0..<5 {
      for x in 0..<7 {
        let index = (x + 2 * y) % 6
        let rgb = [40 * index, 255 - 40 * index, 17 * index]
        #expect(plain.pixel(x: x, y: y) == rgb)
        #expect(withAlpha.pixel(x: x, y: y) == rgb + [index < 5 ? index * 50 : 255])
      }
    }
  }

  @Test func oneBitGrayExpandsToEightBits() throws {
    let image = try ImageDecoder.decode(try Fixtures.bytes("png/gray1.png")).image
    #expect(image.layout == .gray && image.bitDepth == .eight && image.width == 9)
    for y in 0..<4 {
      for x in 0..<9 { #expect(image.sample(x: x, y: y, channel: 0) == ((x + y) % 2 == 1 ? 255 : 0)) }
    }
  }

  @Test("16-bit samples survive exactly, including a change in the low byte only")
  func sixteenBitExactness() throws {
    var image = SyntheticImages.formula(width: 5, height: 3, layout: .rgb, bitDepth: .sixteen)
    image.setSample(x: 2, y: 1, channel: 1, 0x1234)
    let once = try ImageDecoder.decode(try PNGCodec.encode(image)).image
    #expect(once.sample(x: 2, y: 1, channel: 1) == 0x1234)
    var bumped = image
    bumped.setSample(x: 2, y: 1, channel: 1, 0x1235)
    let twice = try ImageDecoder.decode(try PNGCodec.encode(bumped)).image
    #expect(twice != once)
    #expect(twice.sample(x: 2, y: 1, channel: 1) == 0x1235)
  }

  @Test func metadataIsRead() throws {
    let metadata = try ImageDecoder.decode(try Fixtures.bytes("png/metadata.png")).metadata
    #expect(metadata.iccProfile?.count == 600)
    #expect(metadata.iccProfileName == "Fixture profile")
    #expect(metadata.density == ImageMetadata.Density(x: 11811, y: 11811, unit: .metre))
    #expect(metadata.gamma == 45455)
    #expect(metadata.chromaticities == [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000])
    #expect(metadata.exif.flatMap { EXIF($0)?.focalLengthIn35mmFilm } == 26)
    #expect(metadata.texts.contains(ImageMetadata.TextEntry(keyword: "Title", text: "Interior, Strandgade 30")))
    #expect(metadata.texts.contains(ImageMetadata.TextEntry(keyword: "Author", text: "Vilhelm Hammershøi")))
    #expect(metadata.texts.contains { $0.keyword == "Description" && $0.text.hasPrefix("A room with light") })
    #expect(metadata.xmp.map { String(decoding: $0, as: UTF8.self).contains("x:xmpmeta") } == true)
    let srgb = try ImageDecoder.decode(try Fixtures.bytes("png/srgb.png")).metadata
    #expect(srgb.srgbIntent == 0)
  }

  @Test("a JPEG's metadata survives into PNG: ICC, EXIF with orientation 1, XMP, density")
  func jpegMetadataIntoPNG() throws {
    let jpeg = try ImageDecoder.decode(try Fixtures.bytes("jpeg/metadata.jpg"))
    let png = try ImageDecoder.decode(try PNGCodec.encode(jpeg.image, metadata: jpeg.metadata))
    #expect(png.metadata.iccProfile == (try Fixtures.bytes("jpeg/metadata.icc")))
    #expect(png.metadata.exif.flatMap { EXIF($0)?.orientation } == 1)
    #expect(png.metadata.xmp == jpeg.metadata.xmp)
    #expect(png.metadata.density?.jfif == ImageMetadata.Density(x: 300, y: 300, unit: .inch))
    #expect(png.image == jpeg.image)
  }

  @Test(
    "images big enough for several deflate bands round-trip exactly (libpng checks the combined Adler-32)",
    arguments: [
      (ChannelLayout.rgb, BitDepth.eight, 700, 1200), (.rgba, .sixteen, 613, 487), (.gray, .eight, 1200, 1400),
    ])
  func bandedEncoding(layout: ChannelLayout, depth: BitDepth, width: Int, height: Int) throws {
    let image = SyntheticImages.noise(width: width, height: height, layout: layout, bitDepth: depth, seed: 3)
    let metadata = try ImageDecoder.decode(try Fixtures.bytes("png/metadata.png")).metadata
    let fast = try PNGCodec.encode(image, metadata: metadata, compression: .fast)
    let decoded = try ImageDecoder.decode(fast)
    #expect(decoded.image == image)
    // The fixture's RGB profile cannot describe a gray image, so it alone is dropped.
    #expect(decoded.metadata == metadata.adapted(to: layout))
    #expect((decoded.metadata.iccProfile == nil) == (layout == .gray))
    #expect(decoded.metadata.chromaticities != nil)
    // Several IDAT chunks: one per band.
    let idat = Array("IDAT".utf8)
    let chunks = (0..<(fast.count - 4)).filter { fast[$0..<($0 + 4)].elementsEqual(idat) }.count
    #expect(chunks > 1)
  }

  @Test("an overlay replaces exactly its rectangle, in every compression mode", arguments: PNGCompression.allCases)
  func overlay(compression: PNGCompression) throws {
    let image = SyntheticImages.formula(width: 700, height: 400, layout: .rgba, bitDepth: .sixteen)
    var patch = ImageBuffer(width: 90, height: 30, layout: .rgba, bitDepth: .sixteen)
    for y in 0..<30 { for x in 0..<90 { for c in 0..<4 { patch.setSample(x: x, y: y, channel: c, (x + y + c) % 7) } } }
    // Rows 265..<295 straddle the first band boundary of the fast mode (280 rows a band here), so
    // the second band's filter starts from a pasted row.
    let overlay = RegionOverlay(x: 600, y: 265, pixels: patch)
    var bytes: [UInt8] = []
    try PNGCodec.encode(image, overlay: overlay, compression: compression) { chunk in
      bytes.append(contentsOf: chunk)
      return true
    }
    let decoded = try ImageDecoder.decode(bytes).image
    #expect(decoded.layout == image.layout && decoded.bitDepth == image.bitDepth && decoded.size == image.size)
    // Every pixel: the patch inside its rectangle (x 600..<690, y 265..<295), the image elsewhere.
    var wrong = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let inside = x >= 600 && x < 690 && y >= 265 && y < 295
        let expected = inside ? patch.pixel(x: x - 600, y: y - 265) : image.pixel(x: x, y: y)
        if decoded.pixel(x: x, y: y) != expected { wrong += 1 }
      }
    }
    #expect(wrong == 0)
    #expect(decoded == overlay.applied(to: image))
    #expect(throws: CodecError.self) {
      try PNGCodec.encode(image, overlay: RegionOverlay(x: 650, y: 0, pixels: patch)) { _ in true }
    }
  }
}
