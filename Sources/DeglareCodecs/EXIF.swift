/// A minimal reader and patcher of EXIF (TIFF) structures: the orientation tag, which the
/// decoder bakes into the pixels and then resets to 1, and a few camera tags the straightener
/// uses. Bounds are checked on every read; a malformed structure yields nil, never a crash.
public struct EXIF: Sendable {
  /// The TIFF structure ("II*\0" or "MM\0*" first), without JPEG's "Exif\0\0" prefix.
  public let bytes: [UInt8]

  /// Creates a reader; returns nil when `bytes` is not a TIFF structure.
  public init?(_ bytes: [UInt8]) {
    guard bytes.count >= 8 else { return nil }
    let order = (bytes[0], bytes[1])
    guard order == (0x49, 0x49) || order == (0x4D, 0x4D) else { return nil }
    self.bytes = bytes
  }

  private var bigEndian: Bool { bytes[0] == 0x4D }

  private func u16(_ offset: Int) -> Int? {
    guard offset >= 0, offset + 2 <= bytes.count else { return nil }
    let a = Int(bytes[offset])
    let b = Int(bytes[offset + 1])
    return bigEndian ? (a << 8 | b) : (b << 8 | a)
  }

  private func u32(_ offset: Int) -> Int? {
    guard let hi = u16(bigEndian ? offset : offset + 2), let lo = u16(bigEndian ? offset + 2 : offset) else {
      return nil
    }
    return hi << 16 | lo
  }

  /// Tag IDs used here (TIFF/EXIF 2.32).
  public enum Tag: Int, Sendable {
    /// Orientation, IFD0, SHORT 1-8.
    case orientation = 0x0112
    /// Pointer to the EXIF sub-IFD, IFD0, LONG.
    case exifIFDPointer = 0x8769
    /// FocalLength, EXIF IFD, RATIONAL millimetres.
    case focalLength = 0x920A
    /// FocalLengthIn35mmFilm, EXIF IFD, SHORT millimetres.
    case focalLengthIn35mmFilm = 0xA405
    /// FocalPlaneXResolution, EXIF IFD, RATIONAL.
    case focalPlaneXResolution = 0xA20E
    /// FocalPlaneResolutionUnit, EXIF IFD, SHORT (2 inch, 3 cm).
    case focalPlaneResolutionUnit = 0xA210
    /// PixelXDimension, EXIF IFD, SHORT or LONG: the width the camera recorded.
    case pixelXDimension = 0xA002
    /// PixelYDimension, EXIF IFD, SHORT or LONG.
    case pixelYDimension = 0xA003
  }

  /// Byte offset of the entry for `tag` in the IFD at `ifdOffset`, if present.
  private func entryOffset(_ tag: Tag, ifdOffset: Int) -> Int? {
    guard let count = u16(ifdOffset), count < 1000 else { return nil }
    for index in 0..<count {
      let entry = ifdOffset + 2 + index * 12
      guard let id = u16(entry) else { return nil }
      if id == tag.rawValue { return entry }
    }
    return nil
  }

  private var ifd0Offset: Int? { u32(4) }

  private var exifIFDOffset: Int? {
    guard let ifd0 = ifd0Offset, let entry = entryOffset(.exifIFDPointer, ifdOffset: ifd0) else { return nil }
    return u32(entry + 8)
  }

  /// A SHORT or LONG value (the first one) of the entry at `entry`.
  private func integerValue(_ entry: Int) -> Int? {
    guard let type = u16(entry + 2) else { return nil }
    switch type {
    case 3: return u16(entry + 8)
    case 4: return u32(entry + 8)
    default: return nil
    }
  }

  /// A RATIONAL value of the entry at `entry`.
  private func rationalValue(_ entry: Int) -> Double? {
    guard u16(entry + 2) == 5, let offset = u32(entry + 8), let num = u32(offset), let den = u32(offset + 4),
      den != 0
    else { return nil }
    return Double(num) / Double(den)
  }

  /// The orientation (1-8), or nil when absent or out of range.
  public var orientation: Int? {
    guard let ifd0 = ifd0Offset, let entry = entryOffset(.orientation, ifdOffset: ifd0),
      let value = integerValue(entry), (1...8).contains(value)
    else { return nil }
    return value
  }

  /// The structure with the orientation tag set to 1 (in place; nothing else changes). The tag
  /// is reset whether it is stored as a SHORT (as EXIF says) or a LONG, the two types
  /// ``orientation`` reads: an orientation that was applied must never stay in the file.
  public func resettingOrientation() -> [UInt8] {
    guard let ifd0 = ifd0Offset, let entry = entryOffset(.orientation, ifdOffset: ifd0), let type = u16(entry + 2),
      type == 3 || type == 4
    else { return bytes }
    let one: [UInt8] = type == 3 ? (bigEndian ? [0, 1] : [1, 0]) : (bigEndian ? [0, 0, 0, 1] : [1, 0, 0, 0])
    guard entry + 8 + one.count <= bytes.count else { return bytes }
    var copy = bytes
    copy.replaceSubrange((entry + 8)..<(entry + 8 + one.count), with: one)
    return copy
  }

  /// FocalLengthIn35mmFilm in millimetres, when present and non-zero.
  public var focalLengthIn35mmFilm: Double? {
    guard let ifd = exifIFDOffset, let entry = entryOffset(.focalLengthIn35mmFilm, ifdOffset: ifd),
      let value = integerValue(entry), value > 0
    else { return nil }
    return Double(value)
  }

  /// PixelXDimension x PixelYDimension, when both are present and non-zero: the frame the camera
  /// describes, before a crop (an iPhone's 16:9 photo records its 4:3 sensor frame here).
  public var pixelDimensions: (width: Int, height: Int)? {
    guard let ifd = exifIFDOffset, let x = entryOffset(.pixelXDimension, ifdOffset: ifd),
      let y = entryOffset(.pixelYDimension, ifdOffset: ifd), let width = integerValue(x), let height = integerValue(y),
      width > 0, height > 0
    else { return nil }
    return (width, height)
  }

  /// FocalLength in millimetres, when present and non-zero.
  public var focalLength: Double? {
    guard let ifd = exifIFDOffset, let entry = entryOffset(.focalLength, ifdOffset: ifd),
      let value = rationalValue(entry), value > 0
    else { return nil }
    return value
  }

  /// FocalPlaneXResolution converted to pixels per millimetre, when present.
  public var focalPlanePixelsPerMillimetre: Double? {
    guard let ifd = exifIFDOffset, let entry = entryOffset(.focalPlaneXResolution, ifdOffset: ifd),
      let value = rationalValue(entry), value > 0
    else { return nil }
    let unitEntry = entryOffset(.focalPlaneResolutionUnit, ifdOffset: ifd)
    let unit = unitEntry.flatMap { integerValue($0) } ?? 2
    switch unit {
    case 3: return value / 10
    case 4: return value
    default: return value / 25.4
    }
  }
}
