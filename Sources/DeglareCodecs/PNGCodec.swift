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

/// A rectangle of pixels that replaces the same rectangle of an image while it is encoded: the
/// written file is the image with `pixels` at `rect`. A removal writes "original plus the
/// repainted crop" this way, without copying the whole picture.
public struct RegionOverlay: Sendable {
  /// Where the pixels go, in the image's coordinates.
  public var rect: PixelRect
  /// The replacement pixels: the rectangle's size, the image's layout and depth.
  public var pixels: ImageBuffer

  /// Creates an overlay of `pixels` at `rect.x, rect.y`.
  public init(x: Int, y: Int, pixels: ImageBuffer) {
    self.rect = PixelRect(x: x, y: y, width: pixels.width, height: pixels.height)
    self.pixels = pixels
  }

  /// Whether it fits `image` (same layout and depth, inside the image).
  public func fits(_ image: ImageBuffer) -> Bool {
    pixels.layout == image.layout && pixels.bitDepth == image.bitDepth && image.bounds.contains(rect)
  }

  /// The image with the rectangle replaced (a full copy; for encoders that need one buffer).
  public func applied(to image: ImageBuffer) -> ImageBuffer {
    precondition(fits(image))
    var copy = image
    for y in 0..<rect.height {
      for x in 0..<rect.width {
        for c in 0..<image.channelCount {
          copy.setSample(x: rect.x + x, y: rect.y + y, channel: c, pixels.sample(x: x, y: y, channel: c))
        }
      }
    }
    return copy
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
