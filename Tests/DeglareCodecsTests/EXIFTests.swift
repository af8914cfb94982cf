import DeglareCodecs
import Testing

@Suite struct EXIFTests {
  /// A little- or big-endian TIFF with one IFD0 entry: Orientation = value.
  static func tiff(orientation: Int, bigEndian: Bool) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)] }
    func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
    let header: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
    return header + u32(8) + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
  }

  @Test("reads and resets the orientation in both byte orders", arguments: [false, true])
  func orientation(bigEndian: Bool) throws {
    for value in 1...8 {
      let exif = try #require(EXIF(Self.tiff(orientation: value, bigEndian: bigEndian)))
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
}
