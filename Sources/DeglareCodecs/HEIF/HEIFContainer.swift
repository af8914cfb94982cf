// The item structure of a HEIF file (ISO/IEC 23008-12), read in pure Swift before libheif sees
// the bytes: which image is primary and how large it is (checked against --max-pixels before
// any pixel memory exists), how it is rotated or mirrored, and the item references, which the
// rewrite in HEIFContainer+Rewrite.swift mends for libheif 1.15.

/// The parsed `meta` box of a HEIF file: items, references, properties and locations.
struct HEIFContainer {
  /// One item reference (`dimg`, `cdsc`, `auxl`, `thmb`...) from one item to others.
  struct Reference: Equatable {
    /// The reference type.
    let type: FourCC
    /// The referring item.
    let from: UInt32
    /// The referenced items, in file order.
    let to: [UInt32]
  }

  /// Where an item's bytes are (the `iloc` entry), with the positions of its offset fields so
  /// that they can be patched in place.
  struct Location {
    /// 0: file offsets; 1: offsets into `idat`; 2: item offsets (not read here).
    let constructionMethod: Int
    /// 0 for "this file"; anything else names another file, which deglare never reads.
    let dataReferenceIndex: Int
    /// The base offset and where its field is (width 0 when absent).
    let baseOffset: UInt64
    let baseOffsetField: (position: Int, width: Int)
    /// The extents: offset relative to the base, length (0: to the end), and the offset field.
    let extents: [(offset: UInt64, length: UInt64, field: (position: Int, width: Int))]
  }

  /// The file's bytes.
  let reader: ISOByteReader
  /// The top-level `meta` box.
  let meta: ISOBox
  /// The `iref` box, if any.
  let iref: ISOBox?
  /// The `iref` version (0: 16-bit item ids, 1: 32-bit).
  let irefVersion: Int
  /// The primary item (`pitm`).
  let primaryID: UInt32
  /// Each item's type (`hvc1`, `grid`, `Exif`, `mime`, `tmap`...), from `iinf` version 2+ entries.
  let itemTypes: [UInt32: FourCC]
  /// Every reference, in file order.
  let references: [Reference]
  /// The boxes in `ipco`; property index i (1-based in `ipma`) is `properties[i - 1]`.
  let properties: [ISOBox]
  /// Each item's property indices (1-based), in `ipma` order.
  let associations: [UInt32: [Int]]
  /// Each item's location.
  let locations: [UInt32: Location]
  /// The `idat` box inside `meta`, if any.
  let idat: ISOBox?

  /// Parses the boxes of `bytes`.
  /// - Throws: ``CodecError``: truncated or malformed boxes, no `meta`, no primary item.
  init(_ bytes: [UInt8]) throws(CodecError) {
    let reader = ISOByteReader(bytes: bytes)
    self.reader = reader
    guard let meta = try reader.firstBox(FourCC("meta"), in: 0..<bytes.count) else {
      throw CodecError(.corrupt, "the HEIF file has no 'meta' box (no image description)")
    }
    self.meta = meta
    // `meta` is a full box: version and flags come before its children.
    let children = try reader.boxes(from: meta.payloadStart + 4, to: meta.end)
    func child(_ type: StaticString) -> ISOBox? { children.first { $0.type == FourCC(type) } }

    guard let pitm = child("pitm") else {
      throw CodecError(.corrupt, "the HEIF file names no primary image ('pitm' box missing)")
    }
    primaryID =
      try reader.u8(pitm.payloadStart) == 0
      ? UInt32(try reader.u16(pitm.payloadStart + 4)) : try reader.u32(pitm.payloadStart + 4)
    itemTypes = try child("iinf").map { box throws(CodecError) in try Self.itemTypes(box, reader) } ?? [:]
    iref = child("iref")
    irefVersion = try iref.map { box throws(CodecError) in try reader.u8(box.payloadStart) } ?? 0
    references = try iref.map { box throws(CodecError) in try Self.references(box, reader) } ?? []
    idat = child("idat")
    locations = try child("iloc").map { box throws(CodecError) in try Self.locations(box, reader) } ?? [:]
    if let iprp = child("iprp") {
      let parts = try reader.boxes(in: iprp.payload)
      let ipco = parts.first { $0.type == FourCC("ipco") }
      properties = try ipco.map { box throws(CodecError) in try reader.boxes(in: box.payload) } ?? []
      var associations: [UInt32: [Int]] = [:]
      for ipma in parts where ipma.type == FourCC("ipma") {
        try Self.associations(ipma, reader, into: &associations)
      }
      self.associations = associations
    } else {
      properties = []
      associations = [:]
    }
  }

  /// The first property of `type` associated with `item`.
  func property(_ type: FourCC, of item: UInt32) -> ISOBox? {
    itemProperties(item).first { $0.type == type }
  }

  /// The boxes associated with `item`, in `ipma` order (unknown indices skipped).
  func itemProperties(_ item: UInt32) -> [ISOBox] {
    (associations[item] ?? []).compactMap { index in
      index >= 1 && index <= properties.count ? properties[index - 1] : nil
    }
  }

  /// The `ispe` (image spatial extent) of `item`: its stored width and height in pixels.
  func spatialExtent(of item: UInt32) throws(CodecError) -> (width: Int, height: Int)? {
    guard let ispe = property(FourCC("ispe"), of: item) else { return nil }
    return (Int(try reader.u32(ispe.payloadStart + 4)), Int(try reader.u32(ispe.payloadStart + 8)))
  }

  // MARK: - Box payloads

  private static func itemTypes(_ iinf: ISOBox, _ reader: ISOByteReader) throws(CodecError) -> [UInt32: FourCC] {
    let countWidth = try reader.u8(iinf.payloadStart) == 0 ? 2 : 4
    var types: [UInt32: FourCC] = [:]
    for infe in try reader.boxes(from: iinf.payloadStart + 4 + countWidth, to: iinf.end)
    where infe.type == FourCC("infe") {
      let version = try reader.u8(infe.payloadStart)
      guard version >= 2 else { continue }  // versions 0 and 1 carry no item type
      let id = version == 2 ? UInt32(try reader.u16(infe.payloadStart + 4)) : try reader.u32(infe.payloadStart + 4)
      let typeOffset = infe.payloadStart + (version == 2 ? 8 : 10)
      types[id] = FourCC(value: try reader.u32(typeOffset))
    }
    return types
  }

  private static func references(_ iref: ISOBox, _ reader: ISOByteReader) throws(CodecError) -> [Reference] {
    let idWidth = try reader.u8(iref.payloadStart) == 0 ? 2 : 4
    var found: [Reference] = []
    for box in try reader.boxes(from: iref.payloadStart + 4, to: iref.end) {
      var offset = box.payloadStart
      let from = UInt32(try reader.uint(at: offset, width: idWidth))
      let count = try reader.u16(offset + idWidth)
      offset += idWidth + 2
      guard offset + count * idWidth <= box.end else {
        throw CodecError(.corrupt, "an item reference of the HEIF file is damaged")
      }
      var to: [UInt32] = []
      for index in 0..<count { to.append(UInt32(try reader.uint(at: offset + index * idWidth, width: idWidth))) }
      found.append(Reference(type: box.type, from: from, to: to))
    }
    return found
  }

  private static func associations(
    _ ipma: ISOBox, _ reader: ISOByteReader, into table: inout [UInt32: [Int]]
  ) throws(CodecError) {
    let version = try reader.u8(ipma.payloadStart)
    let wideIndices = try reader.u8(ipma.payloadStart + 3) & 1 == 1
    let count = Int(try reader.u32(ipma.payloadStart + 4))
    var offset = ipma.payloadStart + 8
    for _ in 0..<max(0, min(count, ipma.end - offset)) {
      let id = version < 1 ? UInt32(try reader.u16(offset)) : try reader.u32(offset)
      offset += version < 1 ? 2 : 4
      let associationCount = try reader.u8(offset)
      offset += 1
      var indices: [Int] = []
      for _ in 0..<associationCount {
        if wideIndices {
          indices.append(try reader.u16(offset) & 0x7FFF)
          offset += 2
        } else {
          indices.append(try reader.u8(offset) & 0x7F)
          offset += 1
        }
      }
      guard offset <= ipma.end else { throw CodecError(.corrupt, "the HEIF property associations are damaged") }
      table[id, default: []] += indices
    }
  }

  private static func locations(_ iloc: ISOBox, _ reader: ISOByteReader) throws(CodecError) -> [UInt32: Location] {
    var offset = iloc.payloadStart
    let version = try reader.u8(offset)
    let sizes = try reader.u8(offset + 4)
    let more = try reader.u8(offset + 5)
    let offsetWidth = sizes >> 4
    let lengthWidth = sizes & 15
    let baseWidth = more >> 4
    let indexWidth = version == 1 || version == 2 ? more & 15 : 0
    offset += 6
    let count = version < 2 ? try reader.u16(offset) : Int(try reader.u32(offset))
    offset += version < 2 ? 2 : 4
    var table: [UInt32: Location] = [:]
    for _ in 0..<max(0, min(count, iloc.end - offset)) {
      let id = version < 2 ? UInt32(try reader.u16(offset)) : try reader.u32(offset)
      offset += version < 2 ? 2 : 4
      var method = 0
      if version == 1 || version == 2 {
        method = try reader.u16(offset) & 15
        offset += 2
      }
      let reference = try reader.u16(offset)
      let base = try reader.uint(at: offset + 2, width: baseWidth)
      let baseField = (position: offset + 2, width: baseWidth)
      offset += 2 + baseWidth
      let extentCount = try reader.u16(offset)
      offset += 2
      var extents: [(offset: UInt64, length: UInt64, field: (position: Int, width: Int))] = []
      // Every extent takes its fields' bytes, so a hostile count cannot outgrow the box (an
      // extent of zero-width fields, the whole file, can only come once).
      let extentWidth = indexWidth + offsetWidth + lengthWidth
      guard offset + extentCount * extentWidth <= iloc.end, extentWidth > 0 || extentCount <= 1 else {
        throw CodecError(.corrupt, "the HEIF item locations are damaged")
      }
      for _ in 0..<extentCount {
        offset += indexWidth
        let extentOffset = try reader.uint(at: offset, width: offsetWidth)
        let length = try reader.uint(at: offset + offsetWidth, width: lengthWidth)
        extents.append((extentOffset, length, (offset, offsetWidth)))
        offset += offsetWidth + lengthWidth
      }
      guard offset <= iloc.end else { throw CodecError(.corrupt, "the HEIF item locations are damaged") }
      table[id] = Location(
        constructionMethod: method, dataReferenceIndex: reference, baseOffset: base, baseOffsetField: baseField,
        extents: extents)
    }
    return table
  }
}
