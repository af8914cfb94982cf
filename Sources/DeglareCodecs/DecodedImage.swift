import DeglareCore

/// A decoded image with what came with it.
public struct DecodedImage: Sendable, Equatable {
  /// The pixels in canonical orientation (EXIF orientation already applied).
  public var image: ImageBuffer
  /// Metadata to write back (EXIF orientation reset to 1).
  public var metadata: ImageMetadata
  /// The format the bytes were in.
  public var format: ImageFormat
  /// The EXIF orientation (1-8) found in the file and baked into the pixels; 1 when absent.
  public var appliedOrientation: Int
  /// The file's own bytes when it is a JPEG (shared with the caller's array, not copied), so that
  /// a JPEG result can be written over it losslessly (``JPEGOriginal``);
  /// nil for other formats.
  public var jpegFile: [UInt8]?

  /// Creates a decoded image.
  public init(
    image: ImageBuffer, metadata: ImageMetadata, format: ImageFormat, appliedOrientation: Int = 1,
    jpegFile: [UInt8]? = nil
  ) {
    self.image = image
    self.metadata = metadata
    self.format = format
    self.appliedOrientation = appliedOrientation
    self.jpegFile = jpegFile
  }
}

/// Limits applied while decoding untrusted files.
public struct DecodeOptions: Sendable, Equatable {
  /// The default pixel limit: 100 megapixels.
  public static let defaultMaxPixels = 100_000_000

  /// The largest `width * height` accepted, checked from the header before any pixel memory is
  /// allocated, so a decompression bomb is refused cheaply.
  public var maxPixels: Int

  /// Creates options.
  public init(maxPixels: Int = DecodeOptions.defaultMaxPixels) {
    self.maxPixels = maxPixels
  }

  /// Metadata bytes a file may hold beyond its pixels' own size (ICC profile, EXIF, XMP, text).
  public static let metadataAllowance = 64 << 20

  /// The largest file accepted: what `maxPixels` pixels of 16-bit RGBA take uncompressed (8 bytes
  /// each, more than any PNG or JPEG of them needs), plus ``metadataAllowance``.
  public var maxFileBytes: Int {
    let pixels = maxPixels.multipliedReportingOverflow(by: 8)
    let total = pixels.partialValue.addingReportingOverflow(DecodeOptions.metadataAllowance)
    return pixels.overflow || total.overflow ? Int.max : total.partialValue
  }

  func checkPixelCount(width: Int, height: Int) throws(CodecError) {
    let count = width.multipliedReportingOverflow(by: height)
    if count.overflow || count.partialValue > maxPixels {
      throw CodecError(
        .tooLarge,
        "the image is \(width)x\(height) (\(megapixels(width, height)) MP), over the limit of "
          + "\(maxPixels) pixels; raise it with --max-pixels if the file is trusted")
    }
  }

  private func megapixels(_ width: Int, _ height: Int) -> String {
    let tenths = (Double(width) * Double(height) / 100_000).rounded()
    return String(tenths / 10)
  }
}

/// Decodes PNG, JPEG and HEIF from memory, choosing the codec from the bytes.
public enum ImageDecoder {
  /// Decodes `bytes`.
  /// - Throws: ``CodecError`` when the bytes are not a supported, intact image within the limits.
  public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(CodecError)
    -> DecodedImage
  {
    // The header first: limits, memory and the data's length, before any decoder allocates.
    if let header = try ImageHeader.read(bytes) { try header.check(options) }
    switch ImageFormat.sniff(bytes) {
    case .png:
      return try PNGCodec.decode(bytes, options: options)
    case .jpeg:
      var decoded = try JPEGCodec.decode(bytes, options: options)
      decoded.jpegFile = bytes
      return decoded
    case .heif:
      return try HEIFCodec.decode(bytes, options: options)
    case .webp:
      throw CodecError(.unsupported, "it is a WebP image, which deglare does not read; convert it to PNG")
    case nil:
      if bytes.isEmpty { throw CodecError(.unrecognizedFormat, "the file is empty") }
      let head = bytes.prefix(4).map { hex($0) }.joined(separator: " ")
      throw CodecError(.unrecognizedFormat, "it is not a PNG, JPEG or HEIF image (it starts with \(head))")
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }
}
