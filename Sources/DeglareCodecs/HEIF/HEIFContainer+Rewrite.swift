// The in-memory repair that lets Debian's libheif 1.15 read an iPhone's HEIC files.
//
// iOS 17 and later describe the EXIF and XMP items (`cdsc` references) as belonging both to the
// primary image and to the derived HDR gain-map image (item type `tmap`). libheif 1.15 does not
// know `tmap` items, finds a metadata reference to an image it has not created, and refuses the
// whole file ("Metadata not correctly assigned to image"). The repair drops, from every `cdsc`
// reference, the targets that are not images libheif 1.15 knows; the link to the primary image
// stays. The `iref` box shrinks by two or four bytes per dropped target, so `meta` shrinks by
// the same amount and every absolute file offset in `iloc` that points past the `iref` box
// moves back by it. The file on disk is never touched.

extension HEIFContainer {
  /// Image item types libheif 1.15 turns into images (coded HEVC and AV1 images and the derived
  /// grid, identity and overlay images).
  static let libheif115ImageTypes: Set<FourCC> = [
    FourCC("hvc1"), FourCC("av01"), FourCC("grid"), FourCC("iden"), FourCC("iovl"),
  ]

  /// The references with every `cdsc` target that libheif 1.15 does not know as an image
  /// removed (and a `cdsc` left without targets removed), or nil when nothing needs to change.
  var referencesForLibheif115: [Reference]? {
    var changed = false
    var kept: [Reference] = []
    for reference in references {
      guard reference.type == FourCC("cdsc") else {
        kept.append(reference)
        continue
      }
      let targets = reference.to.filter { itemTypes[$0].map(Self.libheif115ImageTypes.contains) ?? false }
      if targets.count != reference.to.count { changed = true }
      if !targets.isEmpty { kept.append(Reference(type: reference.type, from: reference.from, to: targets)) }
    }
    return changed ? kept : nil
  }

  /// The file's bytes with the `cdsc` references mended for libheif 1.15 (see the top of this
  /// file), or nil when the file needs no change.
  /// - Throws: ``CodecError`` when an offset cannot be moved (a field too narrow or a value
  ///   that would go negative: a damaged file).
  func rewrittenForLibheif115() throws(CodecError) -> [UInt8]? {
    guard let iref, let kept = referencesForLibheif115 else { return nil }
    var bytes = reader.bytes
    let newIref = encodeIref(kept)
    let delta = (iref.end - iref.start) - newIref.count
    let boundary = UInt64(iref.end)
    // Absolute offsets into this file at or past the end of `iref` move back by `delta`.
    for location in locations.values where location.constructionMethod == 0 && location.dataReferenceIndex == 0 {
      if location.baseOffsetField.width > 0 && location.baseOffset >= boundary {
        try patch(&bytes, location.baseOffsetField, location.baseOffset - UInt64(delta))
        continue
      }
      for extent in location.extents where location.baseOffset &+ extent.offset >= boundary {
        guard extent.field.width > 0, extent.offset >= UInt64(delta) else {
          throw CodecError(.corrupt, "the HEIF item locations cannot be mended (damaged file)")
        }
        try patch(&bytes, extent.field, extent.offset - UInt64(delta))
      }
    }
    try shrinkSize(of: meta, by: delta, in: &bytes)
    bytes.replaceSubrange(iref.start..<iref.end, with: newIref)
    return bytes
  }

  /// The `iref` box holding `references`, in the original's version (item id width).
  private func encodeIref(_ references: [Reference]) -> [UInt8] {
    let idWidth = irefVersion == 0 ? 2 : 4
    var body: [UInt8] = [UInt8(irefVersion), 0, 0, 0]
    for reference in references {
      let size = 8 + idWidth + 2 + reference.to.count * idWidth
      body += bigEndian(UInt64(size), width: 4) + bigEndian(UInt64(reference.type.value), width: 4)
      body += bigEndian(UInt64(reference.from), width: idWidth) + bigEndian(UInt64(reference.to.count), width: 2)
      for target in reference.to { body += bigEndian(UInt64(target), width: idWidth) }
    }
    return bigEndian(UInt64(8 + body.count), width: 4) + bigEndian(UInt64(FourCC("iref").value), width: 4) + body
  }

  /// Lowers a box's size field by `delta` (32- or 64-bit size; 0, "to the end", stays).
  private func shrinkSize(of box: ISOBox, by delta: Int, in bytes: inout [UInt8]) throws(CodecError) {
    let size32 = try reader.uint(at: box.start, width: 4)
    if size32 == 1 {
      try patch(&bytes, (box.start + 8, 8), UInt64(box.end - box.start - delta))
    } else if size32 != 0 {
      try patch(&bytes, (box.start, 4), size32 - UInt64(delta))
    }
  }

  /// Writes `value` big-endian into the field at `field`.
  private func patch(_ bytes: inout [UInt8], _ field: (position: Int, width: Int), _ value: UInt64) throws(CodecError) {
    guard field.width == 8 || value >> (8 * UInt64(field.width)) == 0 else {
      throw CodecError(.corrupt, "the HEIF item locations cannot be mended (damaged file)")
    }
    bytes.replaceSubrange(field.position..<field.position + field.width, with: bigEndian(value, width: field.width))
  }

  private func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - $0))) }
  }
}
