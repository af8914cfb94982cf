import DeglareCore

/// Options for writing JPEG.
public struct JPEGEncodingOptions: Sendable, Equatable {
  /// libjpeg quality, 1-100.
  public var quality: Int
  /// Keep full chroma resolution (4:4:4) instead of 4:2:0.
  public var fullChroma: Bool
  /// Write a progressive JPEG.
  public var progressive: Bool

  /// Creates options; the defaults suit catalogue work: quality 95, 4:4:4, baseline.
  public init(quality: Int = 95, fullChroma: Bool = true, progressive: Bool = false) {
    self.quality = quality
    self.fullChroma = fullChroma
    self.progressive = progressive
  }
}

/// JPEG decoding and encoding through libjpeg-turbo (see `JPEGCodec_libjpeg.swift`).
///
/// Decoding uses libjpeg's defaults (accurate integer IDCT, fancy upsampling), so samples match
/// `djpeg` and Pillow exactly, for baseline and progressive files, any chroma subsampling and
/// grayscale. The EXIF orientation (1-8) is baked into the pixels as they are decoded and the
/// EXIF kept for writing back has its orientation reset to 1. ICC profiles (APP2, possibly split
/// over several segments), EXIF and XMP (APP1) and the JFIF density are kept. CMYK/YCCK files are
/// refused. A truncated or corrupt file is an error, although libjpeg itself only warns.
public enum JPEGCodec {
  /// Decodes a JPEG file held in memory.
  public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(CodecError)
    -> DecodedImage
  {
    try LibJPEG.decode(bytes, options: options)
  }

  /// Encodes an image. Alpha is dropped and 16-bit samples are rounded to 8 bits (JPEG holds
  /// neither); metadata keeps ICC, EXIF (orientation 1), XMP and the density.
  public static func encode(
    _ image: ImageBuffer, metadata: ImageMetadata = ImageMetadata(),
    options: JPEGEncodingOptions = JPEGEncodingOptions()
  ) throws(CodecError) -> [UInt8] {
    try LibJPEG.encode(image, metadata: metadata, options: options)
  }
}
