// The libpng backend. Every call that can fail runs in the CCodecShims C target under its own
// setjmp (libpng aborts the process otherwise). libpng buffers are row-major, top row first;
// 16-bit samples come back in host order because the shim calls png_set_swap.
internal import CCodecShims
import DeglareCore
import Dispatch
import Foundation

enum LibPNG {
  static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(CodecError) -> DecodedImage {
    let result: Result<DecodedImage, CodecError> = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, let reader = cpng_reader_create(base, buffer.count) else {
        return .failure(CodecError(.corrupt, "libpng could not start (out of memory)"))
      }
      defer { cpng_reader_destroy(reader) }
      var header = cpng_header()
      if cpng_read_header(reader, &header) != 0 {
        return .failure(CodecError(.corrupt, "it is not a valid PNG file: \(message(reader))"))
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
      let rowBytes = width * layout.channelCount * (header.bit_depth == 16 ? 2 : 1)
      let status: Int32 = withMutableRawBytes(of: &image) { raw in
        guard let start = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 1 }
        var rows: [UnsafeMutablePointer<UInt8>?] = (0..<height).map { start + $0 * rowBytes }
        return rows.withUnsafeMutableBufferPointer { cpng_read_pixels(reader, $0.baseAddress) }
      }
      if status != 0 {
        return .failure(CodecError(.corrupt, "the PNG data is damaged: \(message(reader))"))
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
    if compression == .fast {
      try encodeInBands(image, overlay: overlay, metadata: metadata, compression: compression, sink: sink)
      return
    }
    var errorText = [CChar](repeating: 0, count: 256)
    let status: Int32 = withoutActuallyEscaping(sink) { sink in
      var box = SinkBox(sink: sink)
      return withMetadata(metadata) { meta in
        withUnsafeMutablePointer(to: &box) { boxPointer in
          withRows(image, overlay) { rows in
            errorText.withUnsafeMutableBufferPointer { err in
              cpng_write(
                UInt32(image.width), UInt32(image.height), Int32(image.channelCount), Int32(image.bitDepth.rawValue),
                rows, meta, compression.zlibLevel, compression.zlibStrategy, Int32(CPNG_FILTER_ALL),
                pngSinkTrampoline, UnsafeMutableRawPointer(boxPointer), err.baseAddress, err.count)
            }
          }
        }
      }
    }
    if status != 0 {
      throw CodecError(.encodeFailed, "the PNG could not be encoded: \(cString(errorText))")
    }
  }

  /// The fast path: rows filtered with Up and deflated in independent bands on every core
  /// (see `cpng_deflate_band`), written in order as each wave of bands finishes, so only one
  /// wave of compressed data is held in memory.
  private static func encodeInBands(
    _ image: ImageBuffer, overlay: RegionOverlay?, metadata: ImageMetadata, compression: PNGCompression,
    sink: (UnsafeRawBufferPointer) -> Bool
  ) throws(CodecError) {
    let upFilter: Int32 = 2
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    // About 1.5 MB of raw rows per band: enough work to amortise a band's fresh dictionary
    // (the size cost is negligible), small enough that one wave of bands is little memory.
    let rowBytes = rowBytes(image)
    let rowsPerBand = max(16, (3 << 19) / max(1, rowBytes))
    let bandCount = (image.height + rowsPerBand - 1) / rowsPerBand
    var errorText = [CChar](repeating: 0, count: 256)
    let failure: String? = withoutActuallyEscaping(sink) { sink in
      var box = SinkBox(sink: sink)
      return withMetadata(metadata) { meta in
        withUnsafeMutablePointer(to: &box) { boxPointer in
          let writer = errorText.withUnsafeMutableBufferPointer { err in
            cpng_bands_begin(
              UInt32(image.width), UInt32(image.height), Int32(image.channelCount), Int32(image.bitDepth.rawValue),
              meta, compression.zlibLevel, pngSinkTrampoline, UnsafeMutableRawPointer(boxPointer), err.baseAddress,
              err.count)
          }
          guard let writer else { return cString(errorText) }
          defer { cpng_bands_free(writer) }
          return withRows(image, overlay) { rows -> String? in
            var first = 0
            while first < bandCount {
              let wave = min(cores, bandCount - first)
              let bands = deflateWave(
                rows: rows, image: image, firstBand: first, count: wave, rowsPerBand: rowsPerBand,
                bandCount: bandCount, filter: upFilter, compression: compression)
              defer {
                for band in bands {
                  var owned = band
                  cpng_band_free(&owned)
                }
              }
              guard bands.count == wave else { return "zlib failed (out of memory?)" }
              for (offset, band) in bands.enumerated() {
                let index = first + offset
                var band = band
                if cpng_bands_write(writer, &band, index == 0 ? 1 : 0, index == bandCount - 1 ? 1 : 0) != 0 {
                  return String(cString: cpng_bands_message(writer))
                }
              }
              first += wave
            }
            return cpng_bands_end(writer) == 0 ? nil : String(cString: cpng_bands_message(writer))
          }
        }
      }
    }
    if let failure {
      throw CodecError(.encodeFailed, "the PNG could not be encoded: \(failure)")
    }
  }

  /// Deflates bands `firstBand ..< firstBand + count` at once, one per core; returns them in
  /// order, or fewer when one failed (all returned bands must be freed by the caller).
  private static func deflateWave(
    rows: UnsafePointer<cpng_rows>, image: ImageBuffer, firstBand: Int, count: Int, rowsPerBand: Int, bandCount: Int,
    filter: Int32, compression: PNGCompression
  ) -> [cpng_band] {
    let slots = UnsafeMutableBufferPointer<cpng_band>.allocate(capacity: count)
    slots.initialize(repeating: cpng_band())
    defer { slots.deallocate() }
    let failures = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    failures.initialize(repeating: 0)
    defer { failures.deallocate() }
    // Each band reads the shared rows and writes only its own slots: no data race.
    nonisolated(unsafe) let sharedRows = rows
    nonisolated(unsafe) let bandSlots = slots
    nonisolated(unsafe) let failureSlots = failures
    DispatchQueue.concurrentPerform(iterations: count) { offset in
      let index = firstBand + offset
      let firstRow = index * rowsPerBand
      let rowCount = min(rowsPerBand, image.height - firstRow)
      var err = [CChar](repeating: 0, count: 128)
      failureSlots[offset] = err.withUnsafeMutableBufferPointer { e in
        cpng_deflate_band(
          sharedRows, UInt32(image.width), UInt32(firstRow), UInt32(rowCount), Int32(image.channelCount),
          Int32(image.bitDepth.rawValue), filter, compression.zlibLevel, compression.zlibStrategy,
          index == bandCount - 1 ? 1 : 0, bandSlots.baseAddress.map { $0 + offset }, e.baseAddress, e.count)
      }
    }
    if let bad = failures.firstIndex(where: { $0 != 0 }) {
      for offset in 0..<count where offset != bad { cpng_band_free(slots.baseAddress.map { $0 + offset }) }
      return []
    }
    return Array(slots)
  }

  /// The C view of the rows to encode, valid only inside `body`.
  private static func withRows<R>(
    _ image: ImageBuffer, _ overlay: RegionOverlay?, _ body: (UnsafePointer<cpng_rows>) -> R
  ) -> R {
    withRawBytes(of: image) { raw in
      let replacement = overlay?.pixels ?? ImageBuffer(width: 1, height: 1, layout: .gray, bitDepth: .eight)
      return withRawBytes(of: replacement) { overlayRaw in
        var rows = cpng_rows()
        rows.pixels = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
        rows.stride = rowBytes(image)
        rows.bytes_per_pixel = image.channelCount * (image.bitDepth == .sixteen ? 2 : 1)
        if let overlay {
          rows.overlay = overlayRaw.baseAddress?.assumingMemoryBound(to: UInt8.self)
          rows.overlay_x = UInt32(overlay.rect.x)
          rows.overlay_y = UInt32(overlay.rect.y)
          rows.overlay_width = UInt32(overlay.rect.width)
          rows.overlay_height = UInt32(overlay.rect.height)
        }
        return body(&rows)
      }
    }
  }

  private static func rowBytes(_ image: ImageBuffer) -> Int {
    image.width * image.channelCount * (image.bitDepth == .sixteen ? 2 : 1)
  }

  private static func cString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func message(_ reader: OpaquePointer) -> String {
    String(cString: cpng_reader_message(reader))
  }

  private static func metadata(_ reader: OpaquePointer) -> ImageMetadata {
    var meta = ImageMetadata()
    var name: UnsafePointer<CChar>?
    var data: UnsafePointer<UInt8>?
    var length: UInt32 = 0
    if cpng_get_iccp(reader, &name, &data, &length) == 1, let data {
      meta.iccProfile = Array(UnsafeBufferPointer(start: data, count: Int(length)))
      meta.iccProfileName = name.map { String(cString: $0) }
    }
    if cpng_get_exif(reader, &data, &length) == 1, let data {
      meta.exif = Array(UnsafeBufferPointer(start: data, count: Int(length)))
    }
    for index in 0..<cpng_get_text_count(reader) {
      var key: UnsafePointer<CChar>?
      var text: UnsafePointer<CChar>?
      var textLength = 0
      var kind: Int32 = 0
      guard cpng_get_text(reader, index, &key, &text, &textLength, &kind) == 1, let key, let text else { continue }
      let keyword = String(cString: key)
      let bytes = Array(UnsafeRawBufferPointer(start: text, count: textLength))
      if keyword == PNGCodec.xmpKeyword {
        meta.xmp = bytes
      } else {
        // tEXt and zTXt are Latin-1; iTXt is UTF-8.
        let value =
          kind == 2 ? String(decoding: bytes, as: UTF8.self) : String(bytes.map { Character(Unicode.Scalar($0)) })
        meta.texts.append(ImageMetadata.TextEntry(keyword: keyword, text: value))
      }
    }
    var x: UInt32 = 0
    var y: UInt32 = 0
    var unit: Int32 = 0
    if cpng_get_phys(reader, &x, &y, &unit) == 1 {
      meta.density = ImageMetadata.Density(x: Int(x), y: Int(y), unit: unit == 1 ? .metre : .none)
    }
    var intent: Int32 = 0
    if cpng_get_srgb(reader, &intent) == 1 { meta.srgbIntent = Int(intent) }
    var gamma: Int32 = 0
    if cpng_get_gama(reader, &gamma) == 1 { meta.gamma = Int(gamma) }
    var chrm = [Int32](repeating: 0, count: 8)
    if chrm.withUnsafeMutableBufferPointer({ cpng_get_chrm(reader, $0.baseAddress) }) == 1 {
      meta.chromaticities = chrm.map(Int.init)
    }
    return meta
  }

  /// Lays out `metadata` as the C struct the shim reads, valid only inside `body`.
  private static func withMetadata<R>(_ metadata: ImageMetadata, _ body: (UnsafePointer<cpng_write_meta>) -> R) -> R {
    var texts: [(key: [CChar], text: [CChar], kind: Int32)] = metadata.texts.compactMap { entry in
      let latin1 = entry.text.unicodeScalars.allSatisfy { $0.value < 256 }
      guard !entry.keyword.isEmpty else { return nil }
      let keyword = Array(entry.keyword.utf8.prefix(79)).map { CChar(bitPattern: $0) } + [0]
      let text: [CChar] =
        latin1
        ? entry.text.unicodeScalars.map { CChar(bitPattern: UInt8($0.value)) } + [0]
        : Array(entry.text.utf8).map { CChar(bitPattern: $0) } + [0]
      return (keyword, text, latin1 ? (entry.text.utf8.count > 1024 ? 1 : 0) : 2)
    }
    if let xmp = metadata.xmp {
      texts.append(
        (
          Array(PNGCodec.xmpKeyword.utf8).map { CChar(bitPattern: $0) } + [0],
          xmp.filter { $0 != 0 }.map { CChar(bitPattern: $0) } + [0], 2
        ))
    }
    let iccName = Array((metadata.iccProfileName ?? "ICC profile").utf8.prefix(79)).map { CChar(bitPattern: $0) } + [0]
    let icc = metadata.iccProfile ?? []
    let exif = metadata.exif ?? []
    return withPointers(to: texts.map(\.key)) { keys in
      withPointers(to: texts.map(\.text)) { values in
        var cTexts = (0..<texts.count).map { cpng_text(key: keys[$0], text: values[$0], kind: texts[$0].kind) }
        return cTexts.withUnsafeMutableBufferPointer { textBuffer in
          iccName.withUnsafeBufferPointer { namePointer in
            icc.withUnsafeBufferPointer { iccPointer in
              exif.withUnsafeBufferPointer { exifPointer in
                var meta = cpng_write_meta()
                meta.icc_name = namePointer.baseAddress
                meta.icc = icc.isEmpty ? nil : iccPointer.baseAddress
                meta.icc_length = UInt32(icc.count)
                meta.exif = exif.isEmpty ? nil : exifPointer.baseAddress
                meta.exif_length = UInt32(exif.count)
                meta.texts = UnsafePointer(textBuffer.baseAddress)
                meta.text_count = Int32(texts.count)
                if let density = metadata.density {
                  meta.has_phys = 1
                  let perMetre = density.perMetre
                  meta.phys_x = UInt32(clamping: perMetre.x)
                  meta.phys_y = UInt32(clamping: perMetre.y)
                  meta.phys_unit = perMetre.unit == .metre ? 1 : 0
                }
                meta.srgb_intent = Int32(metadata.srgbIntent ?? -1)
                meta.gamma = Int32(clamping: metadata.gamma ?? 0)
                if let c = metadata.chromaticities, c.count == 8 {
                  meta.has_chrm = 1
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

/// Carries the Swift sink through libpng's `void *` context.
private struct SinkBox {
  let sink: (UnsafeRawBufferPointer) -> Bool
}

private let pngSinkTrampoline: cpng_sink = { context, data, length in
  guard let context else { return 1 }
  let box = context.assumingMemoryBound(to: SinkBox.self)
  return box.pointee.sink(UnsafeRawBufferPointer(start: data, count: length)) ? 0 : 1
}

/// Calls `body` with C string pointers to each element, valid only inside `body`.
func withPointers<R>(to strings: [[CChar]], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
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

/// The image's sample storage as raw bytes (8-bit or host-order 16-bit), valid only inside `body`.
func withRawBytes<R>(of image: ImageBuffer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
  image.bitDepth == .eight
    ? image.withUnsafeSamples8 { body(UnsafeRawBufferPointer($0)) }
    : image.withUnsafeSamples16 { body(UnsafeRawBufferPointer($0)) }
}

/// The image's sample storage as mutable raw bytes, valid only inside `body`.
func withMutableRawBytes<R>(of image: inout ImageBuffer, _ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
  image.bitDepth == .eight
    ? image.withUnsafeMutableSamples8 { body(UnsafeMutableRawBufferPointer($0)) }
    : image.withUnsafeMutableSamples16 { body(UnsafeMutableRawBufferPointer($0)) }
}
