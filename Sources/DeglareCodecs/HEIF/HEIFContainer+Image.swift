// What the container says about the primary image before anything is decoded: its size (the
// grid's output size for a tiled image) and the rotation and mirroring to display it upright.

extension HEIFContainer {
  /// The size of the primary image as stored (before rotation), from its `ispe` property and,
  /// for a grid, the grid's own output size (a hostile file could make them disagree, so the
  /// larger of the two counts). Every coded image item (tile) is checked too, by its `ispe` and
  /// by the sizes its own stream declares (``codedPictureSizes(_:)``), against twice the limit:
  /// the decoders allocate each tile at its coded size, which may exceed the picture's by the
  /// coding blocks' padding (a 64x48 picture is coded as a 64x64 tile).
  /// - Throws: ``CodecError`` when the primary image has no size, or any image exceeds `options`.
  func checkedPrimarySize(_ options: DecodeOptions) throws(CodecError) -> (width: Int, height: Int) {
    guard let extent = try spatialExtent(of: primaryID), extent.width > 0, extent.height > 0 else {
      throw CodecError(.corrupt, "the HEIF primary image has no size ('ispe' property missing)")
    }
    try options.checkPixelCount(width: extent.width, height: extent.height)
    if itemTypes[primaryID] == FourCC("grid") {
      // libheif allocates the canvas at the grid's own size: one it could read and we cannot
      // would go unchecked (a fuzzed 64x32 picture whose grid asked for 31776x31296 took 5.8 GB).
      guard let grid = try gridOutputSize(primaryID) else {
        throw CodecError(.corrupt, "the HEIF grid's size cannot be read")
      }
      try options.checkPixelCount(width: grid.width, height: grid.height)
    }
    let tileOptions = DecodeOptions(maxPixels: options.maxPixels.multipliedReportingOverflow(by: 2).partialValue)
    for (item, type) in itemTypes where Self.codedImageTypes.contains(type) {
      if let tile = try spatialExtent(of: item) {
        try tileOptions.checkPixelCount(width: tile.width, height: tile.height)
      }
      for size in try codedPictureSizes(item) {
        try tileOptions.checkPixelCount(width: size.width, height: size.height)
      }
    }
    return extent
  }

  /// The picture sizes a coded item's own stream declares: each HEVC sequence parameter set's,
  /// or each AV1 sequence header's largest frame, in the item's configuration property (`hvcC`,
  /// `av1C`) and in its data (see `HEVCPictureSize.swift`, `AV1PictureSize.swift`).
  func codedPictureSizes(_ item: UInt32) throws(CodecError) -> [(width: Int, height: Int)] {
    let bytes = reader.bytes
    switch itemTypes[item] {
    case FourCC("hvc1"):
      guard let box = property(FourCC("hvcC"), of: item), let record = HEVCPictureSize.configuration(bytes[box.payload])
      else { return [] }
      let data = try itemData(item, limit: bytes.count)
      let sets = record.sets + HEVCPictureSize.inBandSets(data, lengthSize: record.lengthSize)
      return sets.compactMap { HEVCPictureSize.size(ofSPS: $0) }
    case FourCC("av01"):
      var headers: [ArraySlice<UInt8>] = []
      if let box = property(FourCC("av1C"), of: item), box.end - box.payloadStart > 4 {
        headers += AV1PictureSize.sequenceHeaders(bytes[(box.payloadStart + 4)..<box.end])
      }
      let data = try itemData(item, limit: bytes.count)
      headers += AV1PictureSize.sequenceHeaders(data[...])
      return headers.compactMap { AV1PictureSize.maximumSize(ofSequenceHeader: $0) }
    default:
      return []
    }
  }

  /// Item types that hold coded pixels.
  static let codedImageTypes: Set<FourCC> = [FourCC("hvc1"), FourCC("av01")]

  /// The output size written in a `grid` item's data (ISO/IEC 23008-12, 6.6.2.3.2).
  func gridOutputSize(_ item: UInt32) throws(CodecError) -> (width: Int, height: Int)? {
    let data = try itemData(item, limit: 12)
    guard data.count >= 8 else { return nil }
    let reader = ISOByteReader(bytes: data)
    let wide = data[1] & 1 == 1
    if wide {
      guard data.count >= 12 else { return nil }
      return (Int(try reader.u32(4)), Int(try reader.u32(8)))
    }
    return (try reader.u16(4), try reader.u16(6))
  }

  /// The first `limit` bytes of an item's data, from the file or from `idat` (empty when it lies
  /// elsewhere). The data reference counts only for file offsets: `idat` is in this file
  /// whatever it says, and libheif reads it there.
  func itemData(_ item: UInt32, limit: Int) throws(CodecError) -> [UInt8] {
    guard let location = locations[item], location.constructionMethod == 1 || location.dataReferenceIndex == 0
    else { return [] }
    let bytes = reader.bytes
    var data: [UInt8] = []
    for extent in location.extents where data.count < limit {
      let origin: UInt64
      switch location.constructionMethod {
      case 0: origin = 0
      case 1:
        guard let idat else { return [] }
        origin = UInt64(idat.payloadStart)
      default: return []
      }
      let (relative, overflow1) = location.baseOffset.addingReportingOverflow(extent.offset)
      let (start, overflow2) = origin.addingReportingOverflow(relative)
      guard !overflow1, !overflow2, start < UInt64(bytes.count) else {
        throw CodecError(.corrupt, "the data of a HEIF item lies beyond the end of the file (truncated)")
      }
      let available = UInt64(bytes.count) - start
      let length = extent.length == 0 ? available : extent.length
      guard length <= available else {
        throw CodecError(.corrupt, "the data of a HEIF item lies beyond the end of the file (truncated)")
      }
      let take = Int(min(length, UInt64(limit - data.count)))
      data += bytes[Int(start)..<Int(start) + take]
    }
    return data
  }

  /// The EXIF orientation value (1-8) equivalent to the primary image's `irot` and `imir`
  /// properties applied in their `ipma` order, as libheif applies them.
  var primaryOrientation: Int {
    // Follow where the pixels of a small 3x2 picture go, then find the EXIF value that puts
    // them in the same places.
    var width = 3
    var height = 2
    var positions = (0..<height).flatMap { y in (0..<width).map { x in (x, y) } }
    for box in itemProperties(primaryID) {
      guard box.payloadStart < box.end, let byte = try? reader.u8(box.payloadStart) else { continue }
      if box.type == FourCC("irot") {
        for _ in 0..<(byte & 3) {  // 90 degrees anticlockwise each
          positions = positions.map { ($0.1, width - 1 - $0.0) }
          swap(&width, &height)
        }
      } else if box.type == FourCC("imir") {
        positions = positions.map { byte & 1 == 0 ? (width - 1 - $0.0, $0.1) : ($0.0, height - 1 - $0.1) }
      }
    }
    let stored = (0..<2).flatMap { y in (0..<3).map { x in (x, y) } }
    for value in 1...8 {
      let orientation = Orientation(value: value, storedWidth: 3, storedHeight: 2)
      if zip(stored, positions).allSatisfy({ orientation.destination(x: $0.0.0, y: $0.0.1) == $0.1 }) { return value }
    }
    return 1
  }
}
