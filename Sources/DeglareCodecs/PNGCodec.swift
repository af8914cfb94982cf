import DeglareCore

/// How hard the PNG encoder works: fast (the default) or small.
public enum PNGCompression: String, Sendable, CaseIterable {
  /// zlib level 1, RLE strategy, the Up filter, deflated in bands on every core: smaller than
  /// OpenCV's default and faster, because it skips libpng's per-row adaptive filter search and
  /// uses both cores.
  case fast
  /// zlib level 6, default strategy, adaptive filters: smaller files, several times slower.
  case small
  /// zlib level 9, adaptive filters: the smallest files libpng makes, slowest.
  case smallest
}

/// PNG decoding and encoding through libpng (see `PNGCodec_libpng.swift`).
///
/// Reading accepts 1/2/4/8/16-bit gray, gray+alpha, RGB, RGBA and palette files, interlaced or
/// not; palettes and tRNS expand to RGB/RGBA (or gray+alpha), sub-8-bit gray to 8 bits, and
/// 16-bit stays 16-bit. Writing produces 8- or 16-bit gray, gray+alpha, RGB or RGBA, so a result
/// keeps the decoded image's depth and channels. iCCP, eXIf, tEXt/zTXt/iTXt (XMP included),
/// pHYs, sRGB, gAMA and cHRM are read into ``ImageMetadata`` and written back.
public enum PNGCodec {
  /// The iTXt keyword that carries XMP in PNG files.
  static let xmpKeyword = "XML:com.adobe.xmp"

  /// Decodes a PNG file held in memory.
  public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(CodecError)
    -> DecodedImage
  {
    try LibPNG.decode(bytes, options: options)
  }

  /// Encodes an image (with `overlay`'s pixels in place of its own, if given), streaming the bytes
  /// to `sink` (which returns false to abort).
  public static func encode(
    _ image: ImageBuffer, overlay: RegionOverlay? = nil, metadata: ImageMetadata = ImageMetadata(),
    compression: PNGCompression = .fast, to sink: (UnsafeRawBufferPointer) -> Bool
  ) throws(CodecError) {
    if let overlay, !overlay.fits(image) {
      throw CodecError(.encodeFailed, "internal error: the replacement pixels do not fit the image")
    }
    try LibPNG.encode(image, overlay: overlay, metadata: metadata, compression: compression, sink: sink)
  }

  /// Encodes an image into memory.
  public static func encode(
    _ image: ImageBuffer, metadata: ImageMetadata = ImageMetadata(), compression: PNGCompression = .fast
  ) throws(CodecError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(image.pixelCount * image.channelCount / 2)
    try encode(image, metadata: metadata, compression: compression) { chunk in
      output.append(contentsOf: chunk)
      return true
    }
    return output
  }
}
