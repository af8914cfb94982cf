import DeglareCore

/// HEIF decoding (HEIC from phones and cameras, and AVIF) through libheif (see
/// `HEIFCodec_libheif.swift`). deglare reads HEIF; it never writes it.
///
/// - The primary image is decoded, with its rotation and mirroring (`irot`, `imir`) and clean
///   aperture applied, so the pixels are upright; the EXIF kept for writing back has its
///   orientation reset to 1 (HEIF readers never apply the EXIF orientation on top of `irot`).
/// - 8-bit files decode to 8-bit RGB (RGBA with an alpha plane); 10- and 12-bit files to 16-bit,
///   each value scaled to the full 16-bit range (`round(v * 65535 / (2^bits - 1))`).
/// - Colour: an ICC profile (`prof`/`rICC`) is kept as it is; an `nclx` description becomes a
///   matrix/curve ICC profile that says the same (``MatrixShaperProfile``), or for sRGB the PNG
///   sRGB chunk; HDR transfers (PQ, HLG) are refused, since no SDR file could say what they mean.
/// - Before libheif sees the bytes, the container is read in pure Swift: the primary image's size
///   (and every tile's) is checked against ``DecodeOptions/maxPixels`` before any pixel memory is
///   allocated, truncated boxes are refused, and the metadata references that iOS 17+ writes
///   and libheif 1.15 refuses are mended in memory (`HEIFContainer+Rewrite.swift`).
public enum HEIFCodec {
  /// Decodes a HEIF file held in memory: a pure function of the bytes and the limits, suitable
  /// as a fuzzing entry point (every failure is a ``CodecError``, never a crash or an exit).
  public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(CodecError)
    -> DecodedImage
  {
    let container = try HEIFContainer(bytes)
    _ = try container.checkedPrimarySize(options)
    let readable = try container.rewrittenForLibheif115() ?? bytes  // as readableByLibheif115
    return try LibHEIF.decode(readable, options: options, orientation: container.primaryOrientation)
  }

  /// The file with the metadata references that libheif 1.15 refuses mended (see
  /// `HEIF/HEIFContainer+Rewrite.swift`), or the bytes unchanged when none need it: what the
  /// benchmarks hand to Debian's `heif-convert`, which cannot read the phone's files otherwise.
  public static func readableByLibheif115(_ bytes: [UInt8]) throws(CodecError) -> [UInt8] {
    try HEIFContainer(bytes).rewrittenForLibheif115() ?? bytes
  }

  /// The major and compatible brands of a file's `ftyp` box that mark a HEIF image, checked by
  /// ``ImageFormat/sniff(_:)``.
  static let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]

  /// Whether `head` (the file's first bytes) starts with an `ftyp` box naming a HEIF brand.
  static func hasHEIFBrand<C: Collection>(_ head: C) -> Bool where C.Element == UInt8 {
    let bytes = Array(head.prefix(64))
    guard bytes.count >= 16, String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" else { return false }
    let size = min(bytes.count, Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]))
    guard size >= 16 else { return false }
    // The major brand, then (after the minor version) the compatible brands.
    let offsets = [8] + Array(stride(from: 16, to: size - 3, by: 4))
    return offsets.contains { brands.contains(String(decoding: bytes[$0..<$0 + 4], as: UTF8.self)) }
  }
}
