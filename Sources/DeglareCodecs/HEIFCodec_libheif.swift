// The libheif backend. libheif reports every failure through its returned `heif_error` (no
// setjmp, no exit), so it is called directly. It reads from our buffer without copying it
// (`heif_context_read_from_memory_without_copy`), so the buffer outlives the context: all of
// the work happens inside one `withUnsafeBufferPointer`. The decoded planes are row-major, top
// row first, with a stride that may exceed the row; samples above 8 bits come as 16-bit words in
// host byte order (the `_LE` chroma on little-endian hosts).
internal import Clibheif
import DeglareCore

enum LibHEIF {
  /// Metadata blocks (EXIF, XMP) and ICC profiles larger than this are dropped rather than
  /// copied: no genuine one comes near it, and a hostile file cannot make deglare hold more.
  static let maxMetadataBytes = 4 << 20

  /// libheif is initialised once per process (it registers its decoders).
  private static let initialized: Bool = {
    _ = heif_init(nil)
    return true
  }()

  static func decode(_ bytes: [UInt8], options: DecodeOptions, orientation: Int) throws(CodecError) -> DecodedImage {
    _ = initialized
    let result: Result<DecodedImage, CodecError> = bytes.withUnsafeBufferPointer { buffer in
      guard let context = heif_context_alloc() else {
        return .failure(CodecError(.corrupt, "libheif could not start (out of memory)"))
      }
      defer { heif_context_free(context) }
      do throws(CodecError) {
        try check(heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil))
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        guard let handle else { throw CodecError(.corrupt, "the HEIF file has no primary image") }
        defer { heif_image_handle_release(handle) }
        return .success(try decode(handle, options: options, orientation: orientation))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func decode(_ handle: OpaquePointer, options: DecodeOptions, orientation: Int) throws(CodecError)
    -> DecodedImage
  {
    let width = Int(heif_image_handle_get_width(handle))
    let height = Int(heif_image_handle_get_height(handle))
    guard width > 0, height > 0 else { throw CodecError(.corrupt, "the HEIF primary image has no size") }
    try options.checkPixelCount(width: width, height: height)
    var metadata = try colour(handle)
    readMetadata(handle, into: &metadata)

    let alpha = heif_image_handle_has_alpha_channel(handle) != 0
    let deep = heif_image_handle_get_luma_bits_per_pixel(handle) > 8
    let littleEndian = 1.littleEndian == 1
    let chroma: heif_chroma
    switch (deep, alpha) {
    case (false, false): chroma = heif_chroma_interleaved_RGB
    case (false, true): chroma = heif_chroma_interleaved_RGBA
    case (true, false): chroma = littleEndian ? heif_chroma_interleaved_RRGGBB_LE : heif_chroma_interleaved_RRGGBB_BE
    case (true, true): chroma = littleEndian ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBBAA_BE
    }
    guard let decodingOptions = heif_decoding_options_alloc() else {
      throw CodecError(.corrupt, "libheif could not start (out of memory)")
    }
    defer { heif_decoding_options_free(decodingOptions) }
    decodingOptions.pointee.ignore_transformations = 0
    decodingOptions.pointee.convert_hdr_to_8bit = 0
    // A damaged slice is an error, not a picture with holes (libheif only warns by default).
    if decodingOptions.pointee.version >= 3 { decodingOptions.pointee.strict_decoding = 1 }
    var decoded: OpaquePointer?
    try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, decodingOptions))
    guard let decoded else { throw CodecError(.corrupt, "libheif returned no image") }
    defer { heif_image_release(decoded) }

    let layout: ChannelLayout = alpha ? .rgba : .rgb
    guard Int(heif_image_get_width(decoded, heif_channel_interleaved)) == width,
      Int(heif_image_get_height(decoded, heif_channel_interleaved)) == height
    else { throw CodecError(.corrupt, "the decoded HEIF image does not have the size its header gives") }
    var stride: Int32 = 0
    guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride) else {
      throw CodecError(.corrupt, "libheif returned no pixels")
    }
    let image: ImageBuffer
    if deep {
      let bits = Int(heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved))
      guard (9...16).contains(bits) else { throw CodecError(.unsupported, "its \(bits)-bit samples are not supported") }
      image = sixteenBit(plane, stride: Int(stride), width: width, height: height, layout: layout, bits: bits)
    } else {
      image = eightBit(plane, stride: Int(stride), width: width, height: height, layout: layout)
    }
    return DecodedImage(image: image, metadata: metadata, format: .heif, appliedOrientation: orientation)
  }

  /// Copies 8-bit rows, dropping any padding at the end of each row.
  private static func eightBit(
    _ plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, layout: ChannelLayout
  ) -> ImageBuffer {
    let rowLength = width * layout.channelCount
    let samples = [UInt8](unsafeUninitializedCapacity: rowLength * height) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      for y in 0..<height { (base + y * rowLength).update(from: plane + y * stride, count: rowLength) }
      initialized = rowLength * height
    }
    return ImageBuffer(width: width, height: height, layout: layout, samples: samples)
  }

  /// Copies `bits`-bit samples (in 16-bit words) and scales them to the full 16-bit range.
  private static func sixteenBit(
    _ plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, layout: ChannelLayout, bits: Int
  ) -> ImageBuffer {
    let rowLength = width * layout.channelCount
    let maximum = UInt32(1) << UInt32(bits) - 1
    let samples = [UInt16](unsafeUninitializedCapacity: rowLength * height) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      for y in 0..<height {
        let row = UnsafeRawPointer(plane + y * stride)
        let target = base + y * rowLength
        for index in 0..<rowLength {
          let value = min(UInt32(row.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)), maximum)
          target[index] = UInt16((value * 65535 + maximum / 2) / maximum)
        }
      }
      initialized = rowLength * height
    }
    return ImageBuffer(width: width, height: height, layout: layout, samples: samples)
  }

  /// The colour profile: the file's ICC, or one made from its `nclx` description.
  private static func colour(_ handle: OpaquePointer) throws(CodecError) -> ImageMetadata {
    var metadata = ImageMetadata()
    let iccSize = heif_image_handle_get_raw_color_profile_size(handle)
    if iccSize > 0 && iccSize <= maxMetadataBytes {
      var icc = [UInt8](repeating: 0, count: iccSize)
      if heif_image_handle_get_raw_color_profile(handle, &icc).code == heif_error_Ok {
        metadata.iccProfile = icc
        return metadata
      }
    }
    var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
    guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else {
      return metadata
    }
    defer { heif_nclx_color_profile_free(nclx) }
    let space = CodedColorSpace(
      primaries: Int(nclx.pointee.color_primaries.rawValue),
      transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
    if space.isHighDynamicRange {
      throw CodecError(
        .unsupported,
        "it is an HDR image (\(space.transfer == 16 ? "PQ" : "HLG") transfer), which deglare cannot keep in PNG or JPEG"
      )
    }
    if space.isSRGB {
      metadata.srgbIntent = 0
    } else if let icc = MatrixShaperProfile.icc(for: space, description: "\(space.name) (from HEIF nclx)") {
      metadata.iccProfile = icc
    }
    return metadata
  }

  /// EXIF (orientation reset to 1: the pixels are upright) and XMP.
  private static func readMetadata(_ handle: OpaquePointer, into metadata: inout ImageMetadata) {
    let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, nil))
    guard count > 0 else { return }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, nil, &ids, Int32(count)))
    for id in ids.prefix(listed) {
      let type = String(cString: heif_image_handle_get_metadata_type(handle, id))
      let contentType = String(cString: heif_image_handle_get_metadata_content_type(handle, id))
      let size = heif_image_handle_get_metadata_size(handle, id)
      guard size > 0, size <= maxMetadataBytes else { continue }
      var data = [UInt8](repeating: 0, count: size)
      guard heif_image_handle_get_metadata(handle, id, &data).code == heif_error_Ok else { continue }
      if type == "Exif", metadata.exif == nil, let tiff = tiffStructure(inHEIFExif: data) {
        metadata.exif = EXIF(tiff)?.resettingOrientation() ?? tiff
      } else if type == "mime", contentType == "application/rdf+xml", metadata.xmp == nil {
        metadata.xmp = data
      }
    }
  }

  /// The TIFF structure of a HEIF EXIF item: a 32-bit offset to the TIFF header comes first
  /// (ISO/IEC 23008-12 A.2.1), usually skipping JPEG's "Exif\0\0".
  static func tiffStructure(inHEIFExif data: [UInt8]) -> [UInt8]? {
    guard data.count >= 4 else { return nil }
    let offset = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
    guard offset <= data.count - 4 - 8 else { return nil }
    let tiff = Array(data[(4 + offset)...])
    return EXIF(tiff) != nil ? tiff : nil
  }

  /// Throws the error libheif reported, if any.
  private static func check(_ error: heif_error) throws(CodecError) {
    guard error.code != heif_error_Ok else { return }
    let text = error.message.map { String(cString: $0) } ?? "unknown error"
    switch error.code {
    case heif_error_Unsupported_filetype, heif_error_Unsupported_feature:
      throw CodecError(.unsupported, "libheif cannot decode it: \(text)")
    case heif_error_Memory_allocation_error:
      throw CodecError(.tooLarge, "libheif ran out of memory decoding it: \(text)")
    default:
      if error.subcode == heif_suberror_Security_limit_exceeded {
        throw CodecError(.tooLarge, "libheif refused it as too large: \(text)")
      }
      throw CodecError(.corrupt, "the HEIF data is damaged or truncated: \(text)")
    }
  }
}
