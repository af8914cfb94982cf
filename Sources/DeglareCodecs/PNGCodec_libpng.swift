// The libpng backend. Every call that can fail runs in the CCodecShims C target under its own
// setjmp (libpng aborts the process otherwise). libpng buffers are row-major, top row first;
// 16-bit samples are in host order on both sides because the shim calls png_set_swap. Writing
// hands the shim one row at a time, taken from DeglareCore's PastedRows: the image's own row,
// or, where a RegionOverlay covers it, a copy with the overlay's row pasted in.
internal import CCodecShims
import DeglareCore
import Dispatch
import Foundation

extension PNGCompression {
  /// zlib level: 1 fast, 6 small, 9 smallest.
  var zlibLevel: Int32 {
    switch self {
    case .fast: return 1
    case .small: return 6
    case .smallest: return 9
    }
  }

  /// zlib strategy: runs only (Z_RLE) for fast, zlib's default otherwise.
  var zlibStrategy: CCodecShims_png_strategy { self == .fast ? .rle : .default }
}

enum LibPNG {
  static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(CodecError) -> DecodedImage {
    let result: Result<DecodedImage, CodecError> = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, let reader = CCodecShims_png_reader_create(base, buffer.count) else {
        return .failure(CodecError(.corrupt, "libpng could not start (out of memory)"))
      }
      defer { CCodecShims_png_reader_free(reader) }
      var header = CCodecShims_png_header()
      if CCodecShims_png_read_header(reader, &header) != .ok {
        return .failure(CodecError(.corrupt, "it is not a valid PNG file: \(message(reader: reader))"))
      }
      let width = Int(header.width)
      let height = Int(header.height)
      do throws(CodecError) {
        try options.checkPixelCount(width: width, height: height)
      } catch {
        return .failure(error)
      }
      guard let layout = ChannelLayout(rawValue: Int(header.channels)),
        header.bit_depth == 8 || header.bit_depth == 16
      else {
        return .failure(
          CodecError(.unsupported, "unsupported PNG layout (\(header.channels) channels, \(header.bit_depth) bits)"))
      }
      var image = ImageBuffer(
        width: width, height: height, layout: layout, bitDepth: header.bit_depth == 16 ? .sixteen : .eight)
      let rowBytes = image.bytesPerRow
      let status: CCodecShims_status = image.withUnsafeMutableBytes { raw in
        guard let start = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .failed }
        var rows: [UnsafeMutablePointer<UInt8>?] = (0..<height).map { start + $0 * rowBytes }
        return rows.withUnsafeMutableBufferPointer {
          CCodecShims_png_read_pixels(reader, $0.baseAddress, taskCancelled)
        }
      }
      if status == .stopped { return .failure(.cancelled) }
      if status != .ok {
        return .failure(CodecError(.corrupt, "the PNG data is damaged: \(message(reader: reader))"))
      }
      return .success(DecodedImage(image: image, metadata: metadata(reader), format: .png))
    }
    return try result.get()
  }

  static func encode(
    _ image: ImageBuffer, overlay: RegionOverlay?, metadata: ImageMetadata, compression: PNGCompression,
    sink: (UnsafeRawBufferPointer) -> Bool
  ) throws(CodecError) {
    let metadata = metadata.adapted(to: image.layout)
    let failure: CodecError? = withoutActuallyEscaping(sink) { sink in
      var box = SinkBox(sink: sink)
      return withUnsafeMutablePointer(to: &box) { boxPointer in
        guard let writer = CCodecShims_png_writer_create(pngSinkTrampoline, UnsafeMutableRawPointer(boxPointer)) else {
          return encodeFailure("out of memory")
        }
        defer { CCodecShims_png_writer_free(writer) }
        var layout = CCodecShims_png_layout(
          width: UInt32(image.width), height: UInt32(image.height), channels: Int32(image.channelCount),
          bit_depth: Int32(image.bitDepth.rawValue), idat: compression == .fast ? .bands : .rows,
          level: compression.zlibLevel, strategy: compression.zlibStrategy)
        guard withMetadata(metadata, { CCodecShims_png_writer_begin(writer, &layout, $0) }) == .ok else {
          return encodeFailure(message(writer))
        }
        let failure = image.withRows(pasting: overlay) { rows in
          compression == .fast
            ? writeBands(rows, of: image, compression: compression, to: writer) : writeRows(rows, to: writer)
        }
        if let failure { return failure }
        return CCodecShims_png_writer_end(writer) == .ok ? nil : encodeFailure(message(writer))
      }
    }
    if let failure { throw failure }
  }

  /// Why the encoder failed, as a ``CodecError`` naming `reason`.
  private static func encodeFailure(_ reason: String) -> CodecError {
    CodecError(.encodeFailed, "the PNG could not be encoded: \(reason)")
  }

  /// Every row to libpng, which filters (adaptively) and deflates them. Returns the failure:
  /// ``CodecError/cancelled`` when the task was cancelled (asked every 64 rows).
  private static func writeRows(_ rows: PastedRows, to writer: OpaquePointer) -> CodecError? {
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: rows.rowBytes, alignment: 16)
    defer { scratch.deallocate() }
    for y in 0..<rows.height {
      if y & 63 == 0 && Task.isCancelled { return .cancelled }
      let row = rows.row(y, scratch: scratch).assumingMemoryBound(to: UInt8.self)
      if CCodecShims_png_writer_write_row(writer, row) != .ok { return encodeFailure(message(writer)) }
    }
    return nil
  }

  /// The fast path: rows filtered with Up and deflated in independent bands on every core
  /// (see `CCodecShims_png_bands.h`), written in order as each wave of bands finishes, so only
  /// one wave of compressed data is held in memory. Returns the failure: ``CodecError/cancelled``
  /// when the task was cancelled (asked before each wave).
  private static func writeBands(
    _ rows: PastedRows, of image: ImageBuffer, compression: PNGCompression, to writer: OpaquePointer
  ) -> CodecError? {
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    // About 1.5 MB of raw rows per band: enough work to amortise a band's fresh dictionary
    // (the size cost is negligible), small enough that one wave of bands is little memory.
    let rowsPerBand = max(16, (3 << 19) / max(1, rows.rowBytes))
    let bandCount = (rows.height + rowsPerBand - 1) / rowsPerBand
    let plan = BandPlan(rowsPerBand: rowsPerBand, bandCount: bandCount, image: image, compression: compression)
    var first = 0
    while first < bandCount {
      if Task.isCancelled { return .cancelled }
      let wave = min(cores, bandCount - first)
      let bands = deflateWave(rows, plan: plan, firstBand: first, count: wave)
      defer { for band in bands { CCodecShims_png_band_free(band) } }
      guard bands.count == wave else { return encodeFailure("zlib failed (out of memory?)") }
      for (offset, band) in bands.enumerated() {
        let index = first + offset
        if CCodecShims_png_writer_write_band(writer, band, index == 0, index == bandCount - 1) != .ok {
          return encodeFailure(message(writer))
        }
      }
      first += wave
    }
    return nil
  }

  /// How the rows are cut into bands and each band is encoded.
  private struct BandPlan {
    /// Rows per band; the last band has the rest.
    let rowsPerBand: Int
    /// Number of bands.
    let bandCount: Int
    /// The image written (for its pixel layout; the rows come from `PastedRows`).
    let image: ImageBuffer
    /// zlib level and strategy.
    let compression: PNGCompression
  }

  /// Deflates bands `firstBand ..< firstBand + count` at once, one per core; returns them in
  /// order, or none when one failed (all returned bands must be freed by the caller).
  private static func deflateWave(_ rows: PastedRows, plan: BandPlan, firstBand: Int, count: Int) -> [OpaquePointer] {
    let slots = UnsafeMutableBufferPointer<OpaquePointer?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer { slots.deallocate() }
    // Each band reads the shared rows and writes only its own slot: no data race.
    nonisolated(unsafe) let bandSlots = slots
    DispatchQueue.concurrentPerform(iterations: count) { offset in
      bandSlots[offset] = deflateBand(rows, plan: plan, index: firstBand + offset)
    }
    let bands = slots.compactMap { $0 }
    if bands.count < count {
      for band in bands { CCodecShims_png_band_free(band) }
      return []
    }
    return bands
  }

  /// Band `index`: its rows filtered and deflated (the row above it primes the filter). Nil when
  /// zlib failed or memory ran out.
  private static func deflateBand(_ rows: PastedRows, plan: BandPlan, index: Int) -> OpaquePointer? {
    let firstRow = index * plan.rowsPerBand
    let rowCount = min(plan.rowsPerBand, rows.height - firstRow)
    let isLastBand = index == plan.bandCount - 1
    guard
      let band = CCodecShims_png_band_create(
        rows.rowBytes, plan.image.bytesPerPixel, plan.image.bitDepth == .sixteen, .up, plan.compression.zlibLevel,
        plan.compression.zlibStrategy)
    else { return nil }
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: rows.rowBytes, alignment: 16)
    defer { scratch.deallocate() }
    func bytes(_ y: Int) -> UnsafePointer<UInt8> { rows.row(y, scratch: scratch).assumingMemoryBound(to: UInt8.self) }
    if firstRow > 0 { CCodecShims_png_band_set_row_above(band, bytes(firstRow - 1)) }
    for r in 0..<rowCount {
      let flush: CCodecShims_png_band_flush = r + 1 < rowCount ? .more : (isLastBand ? .image : .band)
      if CCodecShims_png_band_add_row(band, bytes(firstRow + r), flush) != .ok {
        CCodecShims_png_band_free(band)
        return nil
      }
    }
    return band
  }

  /// The message of a reader's last failure.
  private static func message(reader: OpaquePointer) -> String {
    String(cString: CCodecShims_png_reader_message(reader))
  }

  /// The message of a writer's last failure.
  private static func message(_ writer: OpaquePointer) -> String {
    String(cString: CCodecShims_png_writer_message(writer))
  }

  private static func metadata(_ reader: OpaquePointer) -> ImageMetadata {
    var meta = ImageMetadata()
    var name: UnsafePointer<CChar>?
    var data: UnsafePointer<UInt8>?
    var length: UInt32 = 0
    if CCodecShims_png_get_iccp(reader, &name, &data, &length), let data {
      meta.iccProfile = Array(UnsafeBufferPointer(start: data, count: Int(length)))
      meta.iccProfileName = name.map { String(cString: $0) }
    }
    if CCodecShims_png_get_exif(reader, &data, &length), let data {
      meta.exif = Array(UnsafeBufferPointer(start: data, count: Int(length)))
    }
    for index in 0..<CCodecShims_png_get_text_count(reader) {
      var key: UnsafePointer<CChar>?
      var text: UnsafePointer<CChar>?
      var textLength = 0
      var kind = CCodecShims_png_text_kind.tEXt
      guard CCodecShims_png_get_text(reader, index, &key, &text, &textLength, &kind), let key, let text else {
        continue
      }
      let keyword = String(cString: key)
      let bytes = Array(UnsafeRawBufferPointer(start: text, count: textLength))
      if keyword == PNGCodec.xmpKeyword {
        meta.xmp = bytes
      } else {
        // tEXt and zTXt are Latin-1; iTXt is UTF-8.
        let value =
          kind == .iTXt ? String(decoding: bytes, as: UTF8.self) : String(bytes.map { Character(Unicode.Scalar($0)) })
        meta.texts.append(ImageMetadata.TextEntry(keyword: keyword, text: value))
      }
    }
    var x: UInt32 = 0
    var y: UInt32 = 0
    var unit = CCodecShims_png_phys_unit.unknown
    if CCodecShims_png_get_phys(reader, &x, &y, &unit) {
      meta.density = ImageMetadata.Density(x: Int(x), y: Int(y), unit: unit == .metre ? .metre : .none)
    }
    var intent: Int32 = 0
    if CCodecShims_png_get_srgb(reader, &intent) { meta.srgbIntent = Int(intent) }
    var gamma: Int32 = 0
    if CCodecShims_png_get_gama(reader, &gamma) { meta.gamma = Int(gamma) }
    var chrm = [Int32](repeating: 0, count: 8)
    if chrm.withUnsafeMutableBufferPointer({ CCodecShims_png_get_chrm(reader, $0.baseAddress) }) {
      meta.chromaticities = chrm.map(Int.init)
    }
    return meta
  }

  /// Lays out `metadata` as the C struct the shim reads, valid only inside `body`.
  private static func withMetadata<R>(
    _ metadata: ImageMetadata, _ body: (UnsafePointer<CCodecShims_png_write_meta>) -> R
  ) -> R {
    var texts: [(key: [CChar], text: [CChar], kind: CCodecShims_png_text_kind)] = metadata.texts.compactMap { entry in
      let latin1 = entry.text.unicodeScalars.allSatisfy { $0.value < 256 }
      guard !entry.keyword.isEmpty else { return nil }
      let keyword = Array(entry.keyword.utf8.prefix(79)).map { CChar(bitPattern: $0) } + [0]
      let text: [CChar] =
        latin1
        ? entry.text.unicodeScalars.map { CChar(bitPattern: UInt8($0.value)) } + [0]
        : Array(entry.text.utf8).map { CChar(bitPattern: $0) } + [0]
      return (keyword, text, latin1 ? (entry.text.utf8.count > 1024 ? .zTXt : .tEXt) : .iTXt)
    }
    if let xmp = metadata.xmp {
      texts.append(
        (
          Array(PNGCodec.xmpKeyword.utf8).map { CChar(bitPattern: $0) } + [0],
          xmp.filter { $0 != 0 }.map { CChar(bitPattern: $0) } + [0], .iTXt
        ))
    }
    let iccName = Array((metadata.iccProfileName ?? "ICC profile").utf8.prefix(79)).map { CChar(bitPattern: $0) } + [0]
    let icc = metadata.iccProfile ?? []
    let exif = metadata.exif ?? []
    return withPointers(to: texts.map(\.key)) { keys in
      withPointers(to: texts.map(\.text)) { values in
        var cTexts = (0..<texts.count).map {
          CCodecShims_png_text(key: keys[$0], text: values[$0], kind: texts[$0].kind)
        }
        return cTexts.withUnsafeMutableBufferPointer { textBuffer in
          iccName.withUnsafeBufferPointer { namePointer in
            icc.withUnsafeBufferPointer { iccPointer in
              exif.withUnsafeBufferPointer { exifPointer in
                var meta = CCodecShims_png_write_meta()
                meta.icc_name = namePointer.baseAddress
                meta.icc = CCodecShims_bytes(iccPointer)
                meta.exif = CCodecShims_bytes(exifPointer)
                meta.texts = UnsafePointer(textBuffer.baseAddress)
                meta.text_count = Int32(texts.count)
                if let density = metadata.density {
                  meta.has_phys = true
                  let perMetre = density.perMetre
                  meta.phys_x = UInt32(clamping: perMetre.x)
                  meta.phys_y = UInt32(clamping: perMetre.y)
                  meta.phys_unit = perMetre.unit == .metre ? .metre : .unknown
                }
                meta.srgb_intent = Int32(metadata.srgbIntent ?? -1)
                meta.gamma = Int32(clamping: metadata.gamma ?? 0)
                if let c = metadata.chromaticities, c.count == 8 {
                  meta.has_chrm = true
                  meta.chrm = (
                    Int32(clamping: c[0]), Int32(clamping: c[1]), Int32(clamping: c[2]), Int32(clamping: c[3]),
                    Int32(clamping: c[4]), Int32(clamping: c[5]), Int32(clamping: c[6]), Int32(clamping: c[7])
                  )
                }
                return body(&meta)
              }
            }
          }
        }
      }
    }
  }
}

extension CCodecShims_bytes {
  /// The C view of `buffer` (absent when empty), valid while `buffer` is; shared with the
  /// libjpeg backend.
  init(_ buffer: UnsafeBufferPointer<UInt8>) {
    self.init(data: buffer.isEmpty ? nil : buffer.baseAddress, length: UInt32(buffer.count))
  }
}

/// Carries the Swift sink through libpng's `void *` context.
private struct SinkBox {
  let sink: (UnsafeRawBufferPointer) -> Bool
}

private let pngSinkTrampoline: CCodecShims_png_sink = { context, data, length in
  guard let context else { return false }
  let box = context.assumingMemoryBound(to: SinkBox.self)
  return box.pointee.sink(UnsafeRawBufferPointer(start: data, count: length))
}

/// Calls `body` with C string pointers to each element, valid only inside `body`.
private func withPointers<R>(to strings: [[CChar]], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
  var pointers: [UnsafePointer<CChar>?] = []
  var storage: [UnsafeMutablePointer<CChar>] = []
  for string in strings {
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: string.count)
    copy.initialize(from: string, count: string.count)
    storage.append(copy)
    pointers.append(UnsafePointer(copy))
  }
  defer { for copy in storage { copy.deallocate() } }
  return body(pointers)
}
