import DeglareCodecs
import DeglareTestSupport
import Testing

@Suite struct EXIFTests {
  /// A little- or big-endian TIFF with one IFD0 entry: Orientation = value.
  /// `long` stores the tag as a LONG (type 4) instead of EXIF's SHORT.
  static func tiff(orientation: Int, bigEndian: Bool, long: Bool = false) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)] }
    func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
    let header: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
    let value = long ? u16(4) + u32(1) + u32(orientation) : u16(3) + u32(1) + u16(orientation) + u16(0)
    return header + u32(8) + u16(1) + u16(0x0112) + value + u32(0)
  }

  @Test(
    "reads and resets the orientation in both byte orders, stored as a SHORT or a LONG",
    arguments: [false, true], [false, true])
  func orientation(bigEndian: Bool, long: Bool) throws {
    for value in 1...8 {
      // The LONG form was found by the fuzzer (Fuzz/Regressions/exif/orientation-as-long): it was
      // read and applied, but not reset, so a written photo would have been rotated twice.
      let exif = try #require(EXIF(Self.tiff(orientation: value, bigEndian: bigEndian, long: long)))
      #expect(exif.orientation == value)
      let reset = try #require(EXIF(exif.resettingOrientation()))
      #expect(reset.orientation == 1)
      #expect(reset.bytes.count == exif.bytes.count)
    }
  }

  @Test func malformedStructuresYieldNil() throws {
    #expect(EXIF([1, 2, 3]) == nil)
    #expect(EXIF(Array("XX*\0\0\0\0\0".utf8)) == nil)
    // An IFD offset pointing past the end: no orientation, no crash.
    let broken = try #require(EXIF([0x49, 0x49, 42, 0, 0xFF, 0xFF, 0, 0]))
    #expect(broken.orientation == nil)
    #expect(broken.focalLength == nil)
    let outOfRange = EXIF(Self.tiff(orientation: 9, bigEndian: false))
    #expect(outOfRange != nil)
    #expect(outOfRange?.orientation == nil)
  }

  @Test("a JPEG whose orientation is a LONG is decoded upright and keeps orientation 1 in its EXIF")
  func jpegWithLongOrientation() throws {
    let upright = try ImageDecoder.decode(try Fixtures.bytes("orientation/orientation-6.jpg"))
    var bytes = try Fixtures.bytes("orientation/orientation-6.jpg")
    // The fixture's TIFF follows "Exif\0\0" in APP1; its IFD0 holds the orientation as a SHORT.
    let tiff = try #require(Self.firstIndex(of: Array("Exif".utf8) + [0, 0], in: bytes)) + 6
    let bigEndian = bytes[tiff] == 0x4D
    func u16(_ at: Int) -> Int {
      bigEndian ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at + 1]) << 8 | Int(bytes[at])
    }
    func u32(_ at: Int) -> Int { bigEndian ? u16(at) << 16 | u16(at + 2) : u16(at + 2) << 16 | u16(at) }
    let ifd0 = tiff + u32(tiff + 4)
    let entry = try #require((0..<u16(ifd0)).map { ifd0 + 2 + $0 * 12 }.first { u16($0) == 0x0112 })
    let long: [UInt8] = bigEndian ? [0, 4, 0, 0, 0, 1, 0, 0, 0, 6] : [4, 0, 1, 0, 0, 0, 6, 0, 0, 0]
    bytes.replaceSubrange((entry + 2)..<(entry + 12), with: long)
    let decoded = try ImageDecoder.decode(bytes)
    #expect(decoded.appliedOrientation == 6)
    #expect(decoded.image == upright.image)
    #expect(EXIF(try #require(decoded.metadata.exif))?.orientation == 1)
  }

  static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
  }
}
