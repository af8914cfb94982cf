// The largest frame an AV1 tile's own stream allows. The AV1 decoder allocates each frame at the
// size its frame header gives, up to the sequence header's maximum, whatever the tile's `ispe`
// property says; so each sequence header a tile carries (in its `av1C` property, or in its data)
// is read up to that maximum and checked like the picture's before libheif is called. AV1
// Bitstream & Decoding Process Specification (2019): 5.3 OBU syntax, 5.5 the sequence header,
// 4.10.3 uvlc, 4.10.5 leb128; AV1 Codec ISOBMFF Binding (AV1-ISOBMFF), 2.3 the `av1C` record.

enum AV1PictureSize {
  /// The OBU type of a sequence header.
  static let sequenceHeader = 1

  /// The sequence header OBUs' payloads in a run of OBUs that carry their sizes (the `av1C`
  /// record's configOBUs after its 4 bytes, and an item's data: the low-overhead format). An OBU
  /// without a size field takes the rest of the run.
  static func sequenceHeaders(_ obus: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var headers: [ArraySlice<UInt8>] = []
    var offset = obus.startIndex
    while offset < obus.endIndex {
      let header = obus[offset]
      let type = Int(header >> 3) & 15
      let hasExtension = header & 4 != 0
      let hasSize = header & 2 != 0
      offset += hasExtension ? 2 : 1
      guard offset <= obus.endIndex else { break }
      var size = obus.endIndex - offset
      if hasSize {
        guard let (value, width) = leb128(obus[offset...]), value <= obus.endIndex - offset - width else { break }
        offset += width
        size = value
      }
      if type == sequenceHeader { headers.append(obus[offset..<offset + size]) }
      offset += size
    }
    return headers
  }

  /// An unsigned LEB128 number (at most 8 bytes) and how many bytes it took.
  static func leb128(_ bytes: ArraySlice<UInt8>) -> (value: Int, width: Int)? {
    var value = 0
    for (index, byte) in bytes.prefix(8).enumerated() {
      value |= Int(byte & 0x7F) << (7 * index)
      if byte & 0x80 == 0 { return (value, index + 1) }
    }
    return nil
  }

  /// The maximum frame width and height a sequence header's payload allows, or nil when it ends
  /// before them.
  static func maximumSize(ofSequenceHeader payload: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
    var bits = BitReader(Array(payload))
    guard bits.skip(4), let reduced = bits.read(1) else { return nil }  // profile, still picture
    if reduced == 1 {
      guard bits.skip(5) else { return nil }  // seq_level_idx[0]
    } else {
      guard let timing = bits.read(1) else { return nil }
      var decoderModel = 0
      var bufferDelayLength = 0
      if timing == 1 {
        guard bits.skip(64), let equalInterval = bits.read(1) else { return nil }
        if equalInterval == 1, bits.readUVLC() == nil { return nil }
        guard let model = bits.read(1) else { return nil }
        decoderModel = model
        if model == 1 {
          guard let length = bits.read(5), bits.skip(32 + 5 + 5) else { return nil }
          bufferDelayLength = length + 1
        }
      }
      guard let displayDelay = bits.read(1), let points = bits.read(5) else { return nil }
      for _ in 0...points {
        guard bits.skip(12), let level = bits.read(5) else { return nil }
        if level > 7, !bits.skip(1) { return nil }  // seq_tier
        if decoderModel == 1 {
          guard let present = bits.read(1) else { return nil }
          if present == 1, !bits.skip(2 * bufferDelayLength + 1) { return nil }
        }
        if displayDelay == 1 {
          guard let present = bits.read(1) else { return nil }
          if present == 1, !bits.skip(4) { return nil }
        }
      }
    }
    guard let widthBits = bits.read(4), let heightBits = bits.read(4),
      let width = bits.read(widthBits + 1), let height = bits.read(heightBits + 1)
    else { return nil }
    return (width + 1, height + 1)
  }
}
