import DeglareCore

/// Walks a PNG's chunks up to IEND without inflating anything: reads IHDR, adds up the IDAT
/// payloads, and bounds every chunk's length (PNG's own 2^31 - 1, and the metadata limits of
/// ``ChunkLimits`` for ancillary chunks), so libpng never allocates for an oversized chunk.
enum PNGHeaderReader {
  /// How much metadata a PNG may carry.
  enum ChunkLimits {
    /// The largest ancillary chunk (text, ICC profile, EXIF...), in bytes: generous for any real
    /// profile or XMP packet, small enough that a hostile 4x4 file cannot make deglare use
    /// gigabytes.
    static let ancillaryBytes = 32 << 20
    /// All ancillary chunks together, in bytes.
    static let totalAncillaryBytes = DecodeOptions.metadataAllowance
  }

  /// deflate's best ratio: 258 bytes from a 1-bit length code and a 1-bit distance code.
  static let deflateMaximumRatio = 1032
  /// zlib's header and checksum and each deflate block's header, in bytes, with room to spare.
  static let deflateOverhead = 4096

  static func read(_ bytes: [UInt8]) throws(CodecError) -> ImageHeader? {
    let reader = ByteReader(bytes: bytes)
    guard reader.u32(8) == 13, bytes.count >= 29, Array(bytes[12..<16]) == Array("IHDR".utf8),
      let width = reader.u32(16), let height = reader.u32(20), let depth = reader.u8(24),
      let colorType = reader.u8(25), let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType],
      width > 0, height > 0, [1, 2, 4, 8, 16].contains(depth)
    else { return nil }  // libpng names what is wrong with the header
    var offset = 8
    var dataBytes = 0
    var ancillaryBytes = 0
    while let length = reader.u32(offset), offset + 8 <= bytes.count {
      let type = Array(bytes[(offset + 4)..<(offset + 8)])
      guard length <= 0x7FFF_FFFF else {
        throw CodecError(.corrupt, "a \(name(type)) chunk claims \(length) bytes, more than PNG allows")
      }
      if type == Array("IEND".utf8) { break }
      if type == Array("IDAT".utf8) {
        dataBytes += max(0, min(length, bytes.count - offset - 8))
      } else if type[0] & 0x20 != 0 {
        ancillaryBytes += length
        if length > ChunkLimits.ancillaryBytes || ancillaryBytes > ChunkLimits.totalAncillaryBytes {
          throw CodecError(
            .tooLarge,
            "its \(name(type)) metadata chunk holds \(length) bytes; deglare reads at most "
              + "\(ChunkLimits.ancillaryBytes) bytes per chunk and \(ChunkLimits.totalAncillaryBytes) in all")
        }
      }
      offset += 12 + length
    }
    // libpng expands palettes to RGB(A), low bit depths to 8 bits, and tRNS to an alpha channel.
    let outputChannels = colorType == 3 ? 4 : (colorType == 0 || colorType == 2 ? channels + 1 : channels)
    let pixelBytes = checkedProduct(width, height, outputChannels, depth == 16 ? 2 : 1) ?? Int.max
    // The IDATs inflate to at least the packed samples (plus filter bytes, not counted here).
    let rawBytes = (checkedProduct(width, height, channels, depth) ?? Int.max) / 8
    let minimum = max(0, rawBytes - deflateOverhead) / deflateMaximumRatio
    return ImageHeader(
      format: .png, storedSize: PixelSize(width: width, height: height), orientation: 1, pixelBytes: pixelBytes,
      minimumDataBytes: minimum, dataBytes: dataBytes)
  }

  /// A chunk type for messages: its four letters, or "an unnamed" when they are not letters.
  private static func name(_ type: [UInt8]) -> String {
    let letters = type.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    return letters ? String(decoding: type, as: UTF8.self) : "malformed"
  }
}
