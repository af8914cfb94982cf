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

  var zlibLevel: Int32 {
    switch self {
    case .fast: return 1
    case .small: return 6
    case .smallest: return 9
    }
  }

  /// Z_RLE = 3, Z_DEFAULT_STRATEGY = 0 (zlib.h).
  var zlibStrategy: Int32 { self == .fast ? 3 : 0 }
}

/// Rows that replace some of an image's rows while it is encoded: the written file is the image
/// with rows `firstRow ..< firstRow + rows.height` taken from `rows`. A removal writes "original
/// plus the repainted band" this way, without copying the whole picture.
public struct RowOverlay: Sendable {
  /// The first replaced row.
  public var firstRow: Int
  /// The replacement rows: the image's width, layout and depth.
  public var rows: ImageBuffer

  /// Creates an overlay.
  public init(firstRow: Int, rows: ImageBuffer) {
    self.firstRow = firstRow
    self.rows = rows
  }

  /// Whether it fits `image` (same width, layout and depth; rows inside the image).
  public func fits(_ image: ImageBuffer) -> Bool {
    rows.width == image.width && rows.layout == image.layout && rows.bitDepth == image.bitDepth
      && firstRow >= 0 && firstRow + rows.height <= image.height
  }

  /// The image with the rows replaced (a full copy; for encoders that need one buffer).
  public func applied(to image: ImageBuffer) -> ImageBuffer {
    precondition(fits(image))
    let start = image.sampleIndex(x: 0, y: firstRow)
    if image.bitDepth == .eight {
      var samples = image.samples8
      samples.replaceSubrange(start..<(start + rows.samples8.count), with: rows.samples8)
      return ImageBuffer(width: image.width, height: image.height, layout: image.layout, samples: samples)
    }
    var samples = image.samples16
    samples.replaceSubrange(start..<(start + rows.samples16.count), with: rows.samples16)
    return ImageBuffer(width: image.width, height: image.height, layout: image.layout, samples: samples)
  }
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

  /// Encodes an image (with `overlay`'s rows in place of its own, if given), streaming the bytes
  /// to `sink` (which returns false to abort).
  public static func encode(
    _ image: ImageBuffer, overlay: RowOverlay? = nil, metadata: ImageMetadata = ImageMetadata(),
    compression: PNGCompression = .fast, to sink: (UnsafeRawBufferPointer) -> Bool
  ) throws(CodecError) {
    if let overlay, !overlay.fits(image) {
      throw CodecError(.encodeFailed, "internal error: the replacement rows do not fit the image")
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
