/// PNG files assembled chunk by chunk, for tests that need structures no encoder writes: a
/// header over missing data, a huge metadata chunk, a chunk length past the end of the file.
/// CRCs are computed (CRC-32, ISO 3309, as PNG specifies), so libpng reads what it is given.
public enum HandMadePNG {
  /// The PNG signature.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// One chunk: length, type, data, CRC of type and data. `claimedLength` replaces the true length.
  public static func chunk(_ type: String, _ data: [UInt8], claimedLength: UInt32? = nil) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return bigEndian(claimedLength ?? UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
  }

  /// An IHDR chunk (compression, filter and interlace methods 0).
  public static func header(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 2) -> [UInt8] {
    chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0])
  }

  /// A whole file: signature, IHDR, `chunks`, IEND.
  public static func file(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 2, _ chunks: [[UInt8]])
    -> [UInt8]
  {
    signature + header(width: width, height: height, bitDepth: bitDepth, colorType: colorType) + chunks.joined()
      + chunk("IEND", [])
  }

  /// A zlib stream of `data` in stored (uncompressed) blocks: a valid IDAT payload without zlib.
  public static func storedZlib(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65535, data.count - offset)
      let last: UInt8 = offset + count == data.count ? 1 : 0
      out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      out += data[offset..<(offset + count)]
      offset += count
    } while offset < data.count
    return out + bigEndian(adler32(data))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static let crcTable: [UInt32] = (0..<256).map { index -> UInt32 in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  private static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }
}
