// The libjpeg-turbo backend. Every libjpeg call that can fail runs in the CCodecShims C target
// under its own setjmp (libjpeg calls exit(1) otherwise). Scanlines are row-major, top row first;
// orientation is applied by scattering each decoded strip into the upright buffer, so only one
// full-size buffer is ever allocated.
internal import CCodecShims
import DeglareCore

#if canImport(Glibc)
  import Glibc
#endif

enum LibJPEG {
  private static let exifPrefix: [UInt8] = Array("Exif".utf8) + [0, 0]
  private static let xmpPrefix: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

  static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(CodecError) -> DecodedImage {
    let result: Result<DecodedImage, CodecError> = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, let decoder = CCodecShims_jpeg_decoder_create() else {
        return .failure(CodecError(.corrupt, "libjpeg could not start (out of memory)"))
      }
      defer { CCodecShims_jpeg_decoder_free(decoder) }
      do throws(CodecError) {
        return .success(try decode(decoder, base: base, count: buffer.count, options: options))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func decode(
    _ decoder: OpaquePointer, base: UnsafePointer<UInt8>, count: Int, options: DecodeOptions
  ) throws(CodecError) -> DecodedImage {
    var header = CCodecShims_jpeg_header()
    if CCodecShims_jpeg_read_header(decoder, base, count, &header) != .ok {
      throw CodecError(.corrupt, "it is not a valid JPEG file: \(message(decoder))")
    }
    if header.color_family == .cmyk {
      throw CodecError(.unsupported, "it is a CMYK JPEG, which deglare does not support; convert it to RGB first")
    }
    if header.color_family == .other {
      throw CodecError(.unsupported, "its JPEG colour space (\(header.components) components) is not supported")
    }
    try options.checkPixelCount(width: Int(header.width), height: Int(header.height))

    var metadata = ImageMetadata()
    var orientationValue = 1
    for index in 0..<CCodecShims_jpeg_marker_count(decoder) {
      var code: Int32 = 0
      var data: UnsafePointer<UInt8>?
      var length: UInt32 = 0
      guard CCodecShims_jpeg_marker(decoder, index, &code, &data, &length), let data, code == 0xE1 else { continue }
      let segment = UnsafeBufferPointer(start: data, count: Int(length))
      if metadata.exif == nil, segment.starts(with: exifPrefix) {
        let tiff = Array(segment.dropFirst(exifPrefix.count))
        if let exif = EXIF(tiff) {
          orientationValue = exif.orientation ?? 1
          metadata.exif = exif.resettingOrientation()
        } else {
          metadata.exif = tiff
        }
      } else if metadata.xmp == nil, segment.starts(with: xmpPrefix) {
        metadata.xmp = Array(segment.dropFirst(xmpPrefix.count))
      }
    }
    var icc: UnsafeMutablePointer<UInt8>?
    var iccLength: UInt32 = 0
    if CCodecShims_jpeg_read_icc(decoder, &icc, &iccLength), let icc {
      metadata.iccProfile = Array(UnsafeBufferPointer(start: icc, count: Int(iccLength)))
      free(icc)
    }
    if header.saw_jfif, header.x_density > 0, header.y_density > 0 {
      let unit: ImageMetadata.Density.Unit =
        switch header.density_unit {
        case .inch: .inch
        case .centimetre: .centimetre
        case .aspect: .none
        }
      // JFIF 1:1 without a unit says nothing worth keeping.
      if unit != .none || header.x_density != header.y_density {
        metadata.density = ImageMetadata.Density(x: Int(header.x_density), y: Int(header.y_density), unit: unit)
      }
    }

    var width: UInt32 = 0
    var height: UInt32 = 0
    var components: Int32 = 0
    if CCodecShims_jpeg_start(decoder, header.color_family == .gray, &width, &height, &components) != .ok {
      throw CodecError(.corrupt, "the JPEG data is damaged: \(message(decoder))")
    }
    let layout: ChannelLayout = components == 1 ? .gray : .rgb
    let orientation = Orientation(value: orientationValue, storedWidth: Int(width), storedHeight: Int(height))
    // The decoder writes every sample, so the storage is not zero-filled first (a full pass over
    // tens of megabytes saved). On failure nothing is claimed initialized and the array is empty.
    var status = CCodecShims_status.ok
    let count = orientation.width * orientation.height * layout.channelCount
    let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      status = readScanlines(decoder, into: buffer, orientation: orientation, channels: layout.channelCount)
      initialized = status == .ok ? count : 0
    }
    if status == .stopped { throw .cancelled }
    if status != .ok || CCodecShims_jpeg_finish(decoder) != .ok {
      throw CodecError(.corrupt, "the JPEG data is damaged or truncated: \(message(decoder))")
    }
    let image = ImageBuffer(width: orientation.width, height: orientation.height, layout: layout, samples: samples)
    return DecodedImage(image: image, metadata: metadata, format: .jpeg, appliedOrientation: orientationValue)
  }

  /// Reads every scanline into `samples`, upright, asking whether the task was cancelled before
  /// each call (64 rows upright, a 16-row strip otherwise). Returns `.ok`, `.failed` or
  /// `.stopped` (cancelled).
  private static func readScanlines(
    _ decoder: OpaquePointer, into samples: UnsafeMutableBufferPointer<UInt8>, orientation: Orientation, channels: Int
  ) -> CCodecShims_status {
    guard let base = samples.baseAddress else { return .failed }
    let storedWidth = orientation.storedWidth
    let storedHeight = orientation.storedHeight
    let rowLength = storedWidth * channels
    if orientation.value == 1 {
      // Upright already: decode straight into the image, many rows per call.
      var rows: [UnsafeMutablePointer<UInt8>?] = (0..<storedHeight).map { base + $0 * rowLength }
      return rows.withUnsafeMutableBufferPointer { pointers -> CCodecShims_status in
        var done = 0
        while done < storedHeight {
          if Task.isCancelled { return .stopped }
          var read: UInt32 = 0
          let status = CCodecShims_jpeg_read_rows(
            decoder, pointers.baseAddress.map { $0 + done }, UInt32(min(64, storedHeight - done)), &read)
          if status != .ok || read == 0 { return .failed }
          done += Int(read)
        }
        return .ok
      }
    }
    // Otherwise decode a strip at a time and scatter it to its upright position. The upright
    // offset of stored pixel (x, y) is affine: base + x * stepX + y * stepY (in samples).
    let stripHeight = 16
    let strip = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength * stripHeight)
    defer { strip.deallocate() }
    var rows: [UnsafeMutablePointer<UInt8>?] = (0..<stripHeight).map { strip + $0 * rowLength }
    let origin = orientation.destination(x: 0, y: 0)
    let alongX = orientation.destination(x: 1, y: 0)
    let alongY = orientation.destination(x: 0, y: 1)
    let uprightWidth = orientation.width
    let start = (origin.y * uprightWidth + origin.x) * channels
    let stepX = ((alongX.y - origin.y) * uprightWidth + (alongX.x - origin.x)) * channels
    let stepY = ((alongY.y - origin.y) * uprightWidth + (alongY.x - origin.x)) * channels
    var y = 0
    while y < storedHeight {
      if Task.isCancelled { return .stopped }
      var read: UInt32 = 0
      let wanted = UInt32(min(stripHeight, storedHeight - y))
      let status = rows.withUnsafeMutableBufferPointer {
        CCodecShims_jpeg_read_rows(decoder, $0.baseAddress, wanted, &read)
      }
      if status != .ok || read == 0 { return .failed }
      let count = Int(read)
      if orientation.transposes {
        // Column-major over the strip: the strip's rows land side by side in one upright row, so
        // the writes stay sequential (a plain row-by-row scatter misses the cache every pixel).
        for x in 0..<storedWidth {
          var target = base + start + x * stepX + y * stepY
          var from = strip + x * channels
          for _ in 0..<count {
            for c in 0..<channels { target[c] = from[c] }
            target += stepY
            from += rowLength
          }
        }
      } else {
        for row in 0..<count {
          var target = base + start + (y + row) * stepY
          var from = strip + row * rowLength
          for _ in 0..<storedWidth {
            for c in 0..<channels { target[c] = from[c] }
            target += stepX
            from += channels
          }
        }
      }
      y += count
    }
    return .ok
  }

  /// - Parameter stop: asked for every row written (tests stop an encode part way through).
  static func encode(
    _ image: ImageBuffer, metadata: ImageMetadata, options: JPEGEncodingOptions,
    stop: CCodecShims_stop_function = taskCancelled
  ) throws(CodecError) -> [UInt8] {
    let components = image.layout.colorChannelCount
    let metadata = metadata.adapted(to: image.layout)
    let pixels = eightBitColour(image)
    var output: UnsafeMutablePointer<UInt8>?
    var outputLength: UInt = 0
    var errorText = [CChar](repeating: 0, count: 256)
    let exif = metadata.exif.map { EXIF($0)?.resettingOrientation() ?? $0 } ?? []
    let icc = metadata.iccProfile ?? []
    let xmp = metadata.xmp ?? []
    let density = metadata.density?.jfif
    let status = pixels.withUnsafeBufferPointer { pixelBuffer in
      exif.withUnsafeBufferPointer { exifBuffer in
        icc.withUnsafeBufferPointer { iccBuffer in
          xmp.withUnsafeBufferPointer { xmpBuffer in
            errorText.withUnsafeMutableBufferPointer { err in
              var meta = CCodecShims_jpeg_write_meta()
              meta.exif = CCodecShims_bytes(exifBuffer)
              meta.icc = CCodecShims_bytes(iccBuffer)
              meta.xmp = CCodecShims_bytes(xmpBuffer)
              if let density {
                meta.has_density = true
                meta.density_unit = jfifUnit(density.unit)
                meta.x_density = Int32(density.x)
                meta.y_density = Int32(density.y)
              }
              var settings = CCodecShims_jpeg_options(
                quality: Int32(min(max(options.quality, 1), 100)), full_chroma: options.fullChroma,
                progressive: options.progressive, stop: stop)
              return CCodecShims_jpeg_encode(
                UInt32(image.width), UInt32(image.height), Int32(components), pixelBuffer.baseAddress,
                image.width * components, &settings, &meta, &output, &outputLength, err.baseAddress, err.count)
            }
          }
        }
      }
    }
    if status == .stopped { throw .cancelled }
    guard status == .ok, let output else {
      let text = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw CodecError(.encodeFailed, "the JPEG could not be encoded: \(text)")
    }
    defer { free(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(outputLength)))
  }

  /// The colour channels at 8 bits (alpha dropped, 16-bit rounded), tightly packed.
  private static func eightBitColour(_ image: ImageBuffer) -> [UInt8] {
    let n = image.channelCount
    let colour = image.layout.colorChannelCount
    if image.bitDepth == .eight && n == colour { return image.samples8 }
    var out = [UInt8](repeating: 0, count: image.pixelCount * colour)
    for p in 0..<image.pixelCount {
      for c in 0..<colour {
        let i = p * n + c
        out[p * colour + c] =
          image.bitDepth == .eight ? image.samples8[i] : UInt8((Int(image.samples16[i]) * 255 + 32767) / 65535)
      }
    }
    return out
  }
}

private func message(_ decoder: OpaquePointer) -> String {
  String(cString: CCodecShims_jpeg_decoder_message(decoder))
}

/// The JFIF unit of a density already in JFIF terms (``ImageMetadata/Density/jfif``).
private func jfifUnit(_ unit: ImageMetadata.Density.Unit) -> CCodecShims_jpeg_density_unit {
  switch unit {
  case .inch: return .inch
  case .centimetre: return .centimetre
  case .none, .metre: return .aspect  // `jfif` never returns metres
  }
}
