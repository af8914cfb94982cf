// A minimal reader of ISO base media file boxes (ISO/IEC 14496-12, section 4.2), the container
// of HEIF, HEIC and AVIF. Pure Swift over a byte array; every read is bounds-checked and a box
// that runs past its parent or the file is an error (a truncated file), never a crash.

/// A four-character code (`ftyp`, `meta`, `hvc1`...), stored as its four bytes big-endian.
struct FourCC: Hashable, Sendable, CustomStringConvertible {
  /// The four bytes, first character in the high byte.
  let value: UInt32

  /// The code of four ASCII characters.
  init(_ text: StaticString) {
    precondition(text.utf8CodeUnitCount == 4, "a four-character code has four characters")
    var value: UInt32 = 0
    text.withUTF8Buffer { for byte in $0 { value = value << 8 | UInt32(byte) } }
    self.value = value
  }

  /// The code held in `value`.
  init(value: UInt32) {
    self.value = value
  }

  /// The characters, with anything outside printable ASCII shown as `?`.
  var description: String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    return String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
  }
}

/// One box: its type and where its header and payload lie in the file (byte offsets).
struct ISOBox: Sendable, Equatable {
  /// The box type.
  let type: FourCC
  /// Offset of the box's first byte (its size field).
  let start: Int
  /// Offset of the first payload byte (after size, type and any 64-bit size).
  let payloadStart: Int
  /// Offset one past the box's last byte.
  let end: Int

  /// The payload's byte range.
  var payload: Range<Int> { payloadStart..<end }
}

/// Big-endian reads from a byte array, each checked against the array's end.
struct ISOByteReader {
  /// The bytes read.
  let bytes: [UInt8]

  /// The unsigned big-endian integer of `width` bytes (0...8) at `offset`.
  func uint(at offset: Int, width: Int) throws(CodecError) -> UInt64 {
    guard width >= 0, width <= 8, offset >= 0, offset <= bytes.count - width else {
      throw CodecError(.corrupt, "the file ends too early (truncated)")
    }
    var value: UInt64 = 0
    for index in offset..<offset + width { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  /// The byte at `offset`.
  func u8(_ offset: Int) throws(CodecError) -> Int { Int(try uint(at: offset, width: 1)) }
  /// The 16-bit value at `offset`.
  func u16(_ offset: Int) throws(CodecError) -> Int { Int(try uint(at: offset, width: 2)) }
  /// The 32-bit value at `offset`.
  func u32(_ offset: Int) throws(CodecError) -> UInt32 { UInt32(try uint(at: offset, width: 4)) }

  /// The boxes that tile `range` exactly, in file order.
  /// - Throws: ``CodecError`` (corrupt) when a box header is malformed or a box runs past `range`.
  func boxes(in range: Range<Int>) throws(CodecError) -> [ISOBox] {
    var found: [ISOBox] = []
    var offset = range.lowerBound
    while offset < range.upperBound {
      guard range.upperBound - offset >= 8 else { throw truncated }
      let size32 = try uint(at: offset, width: 4)
      let type = FourCC(value: try u32(offset + 4))
      var payloadStart = offset + 8
      var size: UInt64
      switch size32 {
      case 0:
        size = UInt64(range.upperBound - offset)  // the box runs to the end of its parent
      case 1:
        size = try uint(at: offset + 8, width: 8)
        payloadStart += 8
      default:
        size = size32
      }
      guard size >= UInt64(payloadStart - offset), size <= UInt64(range.upperBound - offset) else { throw truncated }
      let end = offset + Int(size)
      found.append(ISOBox(type: type, start: offset, payloadStart: payloadStart, end: end))
      offset = end
    }
    return found
  }

  /// The boxes from `start` to `end`, as ``boxes(in:)``; a start past the end is an error.
  func boxes(from start: Int, to end: Int) throws(CodecError) -> [ISOBox] {
    guard start <= end else { throw truncated }
    return try boxes(in: start..<end)
  }

  /// The first box of `type` in `range`, if any.
  func firstBox(_ type: FourCC, in range: Range<Int>) throws(CodecError) -> ISOBox? {
    try boxes(in: range).first { $0.type == type }
  }

  private var truncated: CodecError {
    CodecError(.corrupt, "the file ends too early or a box size is wrong (truncated or damaged)")
  }
}
