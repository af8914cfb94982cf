// Untrusted files are checked from their headers before any decoder allocates for them: the
// pixel limit, the memory the pixels would take, and whether the compressed data could possibly
// hold that many pixels (a "bomb" announces a huge picture over a few bytes of data). The walk
// is pure Swift with every read bounds-checked; libpng and libjpeg then decode what passed.
import DeglareCore

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What an image file's header says, read without decoding a pixel.
public struct ImageHeader: Sendable, Equatable {
  /// The format.
  public var format: ImageFormat
  /// The stored size, before orientation.
  public var storedSize: PixelSize
  /// The EXIF orientation (1-8) the decoder will apply; 1 for PNG.
  public var orientation: Int
  /// Bytes of pixel memory the decoder will allocate.
  public var pixelBytes: Int
  /// The fewest bytes of compressed data that can code a picture of this size (from the
  /// format's best possible compression ratio); nil when no bound is known.
  var minimumDataBytes: Int?
  /// The compressed data the file holds (PNG: IDAT payloads; JPEG: bytes from the first scan).
  var dataBytes: Int

  /// The size of the decoded picture, orientation applied.
  public var size: PixelSize {
    orientation >= 5 ? PixelSize(width: storedSize.height, height: storedSize.width) : storedSize
  }

  /// Reads the header of `bytes`: nil for formats without a header reader here (the decoder
  /// then checks the limits itself).
  /// - Throws: ``CodecError`` when the structure is broken in a way that makes decoding unsafe
  ///   (a chunk longer than the file, an oversized metadata chunk).
  public static func read(_ bytes: [UInt8]) throws(CodecError) -> ImageHeader? {
    switch ImageFormat.sniff(bytes) {
    case .png: return try PNGHeaderReader.read(bytes)
    case .jpeg: return JPEGHeaderReader.read(bytes)
    default: return nil
    }
  }

  /// Refuses a picture over the pixel limit, one whose pixels would not fit in this machine's
  /// memory, and one whose compressed data is too short to code it.
  func check(_ options: DecodeOptions) throws(CodecError) {
    try options.checkPixelCount(width: storedSize.width, height: storedSize.height)
    let memory = PhysicalMemory.bytes
    if pixelBytes > memory {
      throw CodecError(
        .tooLarge,
        "the \(storedSize) image would need \(gigabytes(pixelBytes)) GB of memory, more than this machine has "
          + "(\(gigabytes(memory)) GB)")
    }
    if let minimumDataBytes, dataBytes < minimumDataBytes {
      throw CodecError(
        .corrupt,
        "the file is truncated: its \(dataBytes) bytes of \(format == .png ? "PNG" : "JPEG") image data "
          + "cannot code a \(storedSize) picture (it needs at least \(minimumDataBytes))")
    }
  }

  private func gigabytes(_ bytes: Int) -> String {
    String((Double(bytes) / Double(1 << 30) * 10).rounded() / 10)
  }
}

/// The machine's physical memory, the most a single allocation can sensibly ask for.
enum PhysicalMemory {
  /// Bytes of RAM (`sysconf(_SC_PHYS_PAGES) * _SC_PAGESIZE`); Int.max when unknown.
  static let bytes: Int = {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let pageSize = sysconf(Int32(_SC_PAGESIZE))
    guard pages > 0, pageSize > 0 else { return Int.max }
    let total = pages.multipliedReportingOverflow(by: pageSize)
    return total.overflow ? Int.max : total.partialValue
  }()
}

/// Big-endian reads with bounds checks.
struct ByteReader {
  let bytes: [UInt8]

  func u8(_ offset: Int) -> Int? {
    guard offset >= 0, offset < bytes.count else { return nil }
    return Int(bytes[offset])
  }

  func u16(_ offset: Int) -> Int? {
    guard let a = u8(offset), let b = u8(offset + 1) else { return nil }
    return a << 8 | b
  }

  func u32(_ offset: Int) -> Int? {
    guard let a = u16(offset), let b = u16(offset + 2) else { return nil }
    return a << 16 | b
  }
}

/// `a * b * c ...` without overflow; nil when it overflows.
func checkedProduct(_ factors: Int...) -> Int? {
  var result = 1
  for factor in factors {
    let next = result.multipliedReportingOverflow(by: factor)
    if next.overflow { return nil }
    result = next.partialValue
  }
  return result
}
