// Bits of a coded stream's headers, most significant first (HEVCPictureSize, AV1PictureSize).

/// Reads bits, most significant first, and the variable-length codes of HEVC (exp-Golomb) and
/// AV1 (uvlc); nil past the end.
struct BitReader {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func read(_ count: Int) -> Int? {
    guard count <= 32, position + count <= bytes.count * 8 else { return nil }
    var value = 0
    for _ in 0..<count {
      value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
      position += 1
    }
    return value
  }

  mutating func skip(_ count: Int) -> Bool {
    guard position + count <= bytes.count * 8 else { return false }
    position += count
    return true
  }

  /// HEVC's ue(v): leading zeros n, a one, then n bits; at most 32 leading zeros (a larger
  /// value does not fit the syntax element).
  mutating func readExpGolomb() -> Int? {
    guard let zeros = leadingZeros(), zeros <= 32, let suffix = read(zeros) else { return nil }
    return (1 << zeros) - 1 + suffix
  }

  /// AV1's uvlc() (4.10.3): the same code, but 32 or more zeros read as 2^32 - 1 without their
  /// value bits.
  mutating func readUVLC() -> Int? {
    guard let zeros = leadingZeros() else { return nil }
    if zeros >= 32 { return (1 << 32) - 1 }
    guard let value = read(zeros) else { return nil }
    return value + (1 << zeros) - 1
  }

  /// The zero bits before the next one, which is read too (the prefix of both codes).
  private mutating func leadingZeros() -> Int? {
    var zeros = 0
    while true {
      guard let bit = read(1) else { return nil }
      if bit == 1 { return zeros }
      zeros += 1
    }
  }
}
