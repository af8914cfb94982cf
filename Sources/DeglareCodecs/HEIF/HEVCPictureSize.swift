// The picture size an HEVC tile's own stream declares. libde265 allocates a picture at the size
// its sequence parameter set (SPS) gives, whatever the tile's `ispe` property says, so each SPS
// a tile carries (in its `hvcC` property, or in its data) is read up to that size and checked
// like the picture's before libheif is called. ITU-T H.265 (02/2018): 7.3.1.2 the NAL unit
// header, 7.3.2.2.1 the SPS, 7.3.3 profile_tier_level, 9.2 exp-Golomb codes, 7.4.2 emulation
// prevention; ISO/IEC 14496-15, 8.3.3.1 the `hvcC` record.

enum HEVCPictureSize {
  /// The NAL unit type of a sequence parameter set.
  static let sequenceParameterSet = 33

  /// The SPS NAL units of an `hvcC` record (the box's payload), and the byte width of the
  /// length before each NAL unit in the item's data (`lengthSizeMinusOne` + 1).
  static func configuration(_ record: ArraySlice<UInt8>) -> (sets: [ArraySlice<UInt8>], lengthSize: Int)? {
    let bytes = Array(record)
    let reader = ByteReader(bytes: bytes)
    guard let lengthByte = reader.u8(21), let arrays = reader.u8(22) else { return nil }
    let lengthSize = (lengthByte & 3) + 1
    var sets: [ArraySlice<UInt8>] = []
    var offset = 23
    for _ in 0..<arrays {
      guard let count = reader.u16(offset + 1) else { return nil }
      offset += 3
      for _ in 0..<count {
        guard let length = reader.u16(offset) else { return nil }
        offset += 2
        guard offset + length <= bytes.count else { return nil }
        let unit = bytes[offset..<offset + length]
        if nalType(unit) == sequenceParameterSet { sets.append(unit) }
        offset += length
      }
    }
    return (sets, lengthSize)
  }

  /// The SPS NAL units in an item's data: NAL units each after a big-endian length of
  /// `lengthSize` bytes (a length running past the end ends the scan: libde265 stops there too).
  static func inBandSets(_ data: [UInt8], lengthSize: Int) -> [ArraySlice<UInt8>] {
    let reader = ISOByteReader(bytes: data)
    var sets: [ArraySlice<UInt8>] = []
    var offset = 0
    while let value = try? reader.uint(at: offset, width: lengthSize) {
      let length = Int(value)
      offset += lengthSize
      guard length > 0, length <= data.count - offset else { break }
      let unit = data[offset..<offset + length]
      if nalType(unit) == sequenceParameterSet { sets.append(unit) }
      offset += length
    }
    return sets
  }

  /// The type field of a NAL unit's two-byte header.
  static func nalType(_ unit: ArraySlice<UInt8>) -> Int? {
    guard let first = unit.first else { return nil }
    return Int(first >> 1) & 0x3F
  }

  /// The luma width and height an SPS NAL unit (with its header) declares, or nil when it ends
  /// before them.
  static func size(ofSPS unit: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
    var bits = BitReader(payload(Array(unit.dropFirst(2))))
    guard bits.skip(4), let maxSubLayersMinus1 = bits.read(3), bits.skip(1),
      bits.skip(96)  // general profile (88 bits) and level (8)
    else { return nil }
    var profilePresent: [Bool] = []
    var levelPresent: [Bool] = []
    for _ in 0..<maxSubLayersMinus1 {
      guard let profile = bits.read(1), let level = bits.read(1) else { return nil }
      profilePresent.append(profile == 1)
      levelPresent.append(level == 1)
    }
    if maxSubLayersMinus1 > 0, !bits.skip(2 * (8 - maxSubLayersMinus1)) { return nil }
    for layer in 0..<maxSubLayersMinus1 {
      guard bits.skip(profilePresent[layer] ? 88 : 0), bits.skip(levelPresent[layer] ? 8 : 0) else { return nil }
    }
    guard bits.readExpGolomb() != nil, let chroma = bits.readExpGolomb() else { return nil }
    if chroma == 3, !bits.skip(1) { return nil }
    guard let width = bits.readExpGolomb(), let height = bits.readExpGolomb() else { return nil }
    return (width, height)
  }

  /// The bytes of a NAL unit's payload with the emulation prevention bytes removed (a 3 after
  /// two zeros).
  static func payload(_ escaped: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(escaped.count)
    var zeros = 0
    for byte in escaped {
      if zeros >= 2, byte == 3 {
        zeros = 0
        continue
      }
      result.append(byte)
      zeros = byte == 0 ? zeros + 1 : 0
    }
    return result
  }
}
