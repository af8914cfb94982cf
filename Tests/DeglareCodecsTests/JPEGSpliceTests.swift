import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Testing

/// The lossless JPEG splice: every block a change does not reach keeps its coefficients, read
/// back with libjpeg; decoded pixels beyond the re-encoded blocks' reach are identical.
@Suite struct JPEGSpliceTests {
  /// The upright pixels the tests change: a disk of radius 6 around (41, 29), 48 levels darker
  /// (as a removal dims glare).
  static func changed(x: Int, y: Int) -> Bool { (x - 41) * (x - 41) + (y - 29) * (y - 29) <= 36 }

  static func overlay(for image: ImageBuffer) -> RegionOverlay {
    let rect = PixelRect(x: 30, y: 18, width: 24, height: 24)
    var pixels = image.cropped(to: rect)
    for y in 0..<rect.height {
      for x in 0..<rect.width where changed(x: rect.x + x, y: rect.y + y) {
        for c in 0..<pixels.channelCount {
          pixels.setSample(x: x, y: y, channel: c, pixels.sample(x: x, y: y, channel: c) - 48)
        }
      }
    }
    return RegionOverlay(x: rect.x, y: rect.y, pixels: pixels)
  }

  /// Stored position of upright pixel (x, y): the fixtures are upright 96x64; the orientation-6
  /// one is stored 64x96 (make_fixtures.py: upright (x, y) = (95 - sy, sx)).
  static func stored(_ name: String, x: Int, y: Int) -> (x: Int, y: Int) {
    name == "splice-orientation6" ? (y, 95 - x) : (x, y)
  }

  /// The APPn and COM segments before the first scan, in order.
  static func markers(_ bytes: [UInt8]) -> [[UInt8]] {
    var found: [[UInt8]] = []
    var position = 2
    while position + 4 <= bytes.count, bytes[position] == 0xFF {
      let marker = bytes[position + 1]
      let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      if marker == 0xDA { break }
      if (0xE0...0xEF).contains(marker) || marker == 0xFE {
        found.append(Array(bytes[position..<position + 2 + length]))
      }
      position += 2 + length
    }
    return found
  }

  @Test(
    "untouched blocks keep their coefficients; pixels beyond the re-encoded blocks decode identically",
    arguments: ["splice-420", "splice-444", "splice-progressive", "splice-restart", "splice-orientation6"])
  func splice(name: String) throws {
    let bytes = try Fixtures.bytes("jpeg/\(name).jpg")
    let decoded = try ImageDecoder.decode(bytes)
    #expect(decoded.image.width == 96 && decoded.image.height == 64)
    let overlay = Self.overlay(for: decoded.image)
    let (written, report) = try JPEGCodec.splice(decoded, overlay: overlay)

    let before = try JPEGCoefficients.read(bytes)
    let after = try JPEGCoefficients.read(written)
    let layout = before.layout
    // The blocks the change reaches, worked out here from the stored positions of changed pixels.
    var expected = layout.components.map { [Bool](repeating: false, count: $0.widthInBlocks * $0.heightInBlocks) }
    for y in 0..<64 {
      for x in 0..<96 where Self.changed(x: x, y: y) {
        let s = Self.stored(name, x: x, y: y)
        for (index, component) in layout.components.enumerated() {
          let scale = layout.pixelsPerSample(index)
          expected[index][s.y / scale.y / 8 * component.widthInBlocks + s.x / scale.x / 8] = true
        }
      }
    }
    #expect(report.reencodedBlocks == expected.map { $0.filter { $0 }.count })
    let differing = try #require(after.differingBlocks(from: before), "\(name): the block grid or tables changed")
    var untouchedChanged = 0
    for (index, flags) in differing.enumerated() {
      for (block, differs) in flags.enumerated() where differs && !expected[index][block] { untouchedChanged += 1 }
    }
    #expect(untouchedChanged == 0, "\(name): \(untouchedChanged) untouched blocks changed")
    #expect(differing.joined().contains(true), "\(name): nothing was re-encoded")

    // Every upright pixel outside the reach of the re-encoded blocks decodes as before.
    let reach = layout.reachMask(of: expected, orientation: decoded.appliedOrientation)
    let result = try JPEGCodec.decode(written)
    #expect(result.image.size == decoded.image.size)
    var outside = 0
    var mismatches = 0
    for y in 0..<64 {
      for x in 0..<96 where !reach[y * 96 + x] {
        outside += 1
        if !result.image.pixelEquals(decoded.image, x: x, y: y) { mismatches += 1 }
      }
    }
    #expect(mismatches == 0, "\(name): \(mismatches) of \(outside) pixels beyond the re-encoded blocks differ")
    #expect(outside > 96 * 64 / 2)
    // Inside the disk the picture is the change, within JPEG's own loss.
    // Inside the disk the picture is the change, as well as a whole-picture libjpeg re-encode at
    // the same quality and sampling renders it.
    let wanted = overlay.applied(to: decoded.image)
    let reencoded = try JPEGCodec.decode(
      try JPEGCodec.encode(
        wanted, options: JPEGEncodingOptions(quality: 90, fullChroma: name == "splice-444")))
    func meanError(_ image: ImageBuffer) -> Double {
      var total = 0
      var count = 0
      for y in 0..<64 {
        for x in 0..<96 where Self.changed(x: x, y: y) {
          for c in 0..<3 { total += abs(image.sample(x: x, y: y, channel: c) - wanted.sample(x: x, y: y, channel: c)) }
          count += 3
        }
      }
      return Double(total) / Double(count)
    }
    let spliceError = meanError(result.image)
    let reencodeError = meanError(reencoded.image)
    #expect(spliceError <= reencodeError + 1, "\(name): mean error \(spliceError), a full re-encode's \(reencodeError)")
    // The file stays what it was: markers verbatim (EXIF with its orientation), progression, restarts.
    #expect(Self.markers(written) == Self.markers(bytes))
    #expect(result.appliedOrientation == decoded.appliedOrientation)
    #expect(after.isProgressive == before.isProgressive)
    #expect(after.restartInterval == before.restartInterval)
  }

  @Test func noChangeKeepsEveryBlock() throws {
    let bytes = try Fixtures.bytes("jpeg/splice-420.jpg")
    let decoded = try ImageDecoder.decode(bytes)
    let overlay = RegionOverlay(
      x: 10, y: 10, pixels: decoded.image.cropped(to: PixelRect(x: 10, y: 10, width: 8, height: 8)))
    let (written, report) = try JPEGCodec.splice(decoded, overlay: overlay)
    #expect(report.reencoded == 0)
    #expect(try JPEGCoefficients.read(written) == (try JPEGCoefficients.read(bytes)))
  }

  /// The disk as a mask, the pictures' size.
  static let mask = Mask(
    width: 96, height: 64, values: (0..<64).flatMap { y in (0..<96).map { x in changed(x: x, y: y) ? 255 : 0 } })

  @Test(
    "verify's check: a splice holds; a block changed beyond the mask does not; a re-encode is not a splice",
    arguments: ["splice-420", "splice-orientation6"])
  func check(name: String) throws {
    let bytes = try Fixtures.bytes("jpeg/\(name).jpg")
    let decoded = try ImageDecoder.decode(bytes)
    let (written, report) = try JPEGCodec.splice(decoded, overlay: Self.overlay(for: decoded.image))
    let check = try #require(
      try JPEGSpliceCheck.check(
        original: bytes, originalImage: decoded, result: written, resultImage: try ImageDecoder.decode(written),
        mask: Self.mask))
    #expect(check.holds)
    // A re-encoded block may come out with its old coefficients; none differs that was not re-encoded.
    #expect(zip(check.differingBlocks, report.reencodedBlocks).allSatisfy { $0 <= $1 } && check.differing > 0)
    #expect(check.reencodedPixelsOutsideMask > 0 && check.checkedPixels > 96 * 64 / 2)

    // The same splice with a corner changed too: its blocks are beyond the mask's reach.
    var corner = decoded.image.cropped(to: PixelRect(x: 0, y: 0, width: 4, height: 4))
    for y in 0..<4 {
      for x in 0..<4 { corner.setSample(x: x, y: y, channel: 0, 255 - corner.sample(x: x, y: y, channel: 0)) }
    }
    var both = Self.overlay(for: decoded.image).applied(to: decoded.image)
    for y in 0..<4 { for x in 0..<4 { both.setSample(x: x, y: y, channel: 0, corner.sample(x: x, y: y, channel: 0)) } }
    let tampered = try JPEGCodec.splice(
      decoded, overlay: RegionOverlay(x: 0, y: 0, pixels: both)
    ).bytes
    let bad = try #require(
      try JPEGSpliceCheck.check(
        original: bytes, originalImage: decoded, result: tampered, resultImage: try ImageDecoder.decode(tampered),
        mask: Self.mask))
    #expect(!bad.holds)
    #expect(bad.blocksBeyondMask > 0)

    // A whole re-encode at another quality shares no tables with the original: not comparable.
    let reencoded = try JPEGCodec.encode(decoded.image, options: JPEGEncodingOptions(quality: 70, fullChroma: false))
    #expect(
      try JPEGSpliceCheck.check(
        original: bytes, originalImage: decoded, result: reencoded, resultImage: try ImageDecoder.decode(reencoded),
        mask: Self.mask) == nil)
  }
}
