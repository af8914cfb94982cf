// libjpeg at the level of DCT coefficients (C side: CCodecShims' jpeg_transcode.c, every call
// under its own setjmp). A transcoder owns the file's coefficients in libjpeg's memory and frees
// them in deinit. Blocks are 64 Int16 in natural order; a component's blocks are row-major.
internal import CCodecShims
import DeglareCore

#if canImport(Glibc)
  import Glibc
#endif

/// A JPEG file read as coefficients. It owns libjpeg's decompression object and the blocks in
/// libjpeg's memory, freed with it. libjpeg reads the file's bytes without copying, but only
/// while ``init(_:options:)`` runs: after `jpeg_read_coefficients` the blocks and the saved
/// markers are libjpeg's own. Not thread-safe: one task at a time (``JPEGOriginal`` guards it).
final class JPEGTranscoder {
  private let handle: OpaquePointer
  /// The file's block grid.
  let layout: JPEGBlockLayout
  /// Whether the file is progressive, and its restart interval.
  let isProgressive: Bool
  let restartInterval: Int

  /// Reads `bytes` as coefficients, the pixel count checked against `options` from the header
  /// before the blocks are allocated.
  init(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(CodecError) {
    guard let handle = CCodecShims_jpeg_transcoder_create() else {
      throw CodecError(.corrupt, "libjpeg could not start (out of memory)")
    }
    let read: Result<(CCodecShims_jpeg_layout), CodecError> = bytes.withUnsafeBufferPointer { buffer in
      var raw = CCodecShims_jpeg_layout()
      guard CCodecShims_jpeg_transcoder_read_header(handle, buffer.baseAddress, buffer.count, &raw) == .ok else {
        return .failure(CodecError(.corrupt, "it is not a valid JPEG file: \(message(handle))"))
      }
      guard raw.color_family == .gray || raw.color_family == .rgb else {
        return .failure(
          CodecError(.unsupported, "its JPEG colour space (\(raw.components) components) is not supported"))
      }
      do throws(CodecError) {
        try options.checkPixelCount(width: Int(raw.width), height: Int(raw.height))
      } catch {
        return .failure(error)
      }
      guard CCodecShims_jpeg_transcoder_read_coefficients(handle, &raw) == .ok else {
        return .failure(CodecError(.corrupt, "the JPEG data is damaged or truncated: \(message(handle))"))
      }
      return .success(raw)
    }
    let raw: CCodecShims_jpeg_layout
    switch read {
    case .success(let value): raw = value
    case .failure(let error):
      CCodecShims_jpeg_transcoder_free(handle)
      throw error
    }
    let components = withUnsafeBytes(of: raw.component) { pointer in
      (0..<Int(raw.components)).map { index in
        let component = pointer.load(
          fromByteOffset: index * MemoryLayout<CCodecShims_jpeg_component>.stride, as: CCodecShims_jpeg_component.self)
        return JPEGBlockLayout.Component(
          horizontalSampling: Int(component.h_samp_factor), verticalSampling: Int(component.v_samp_factor),
          widthInBlocks: Int(component.width_in_blocks), heightInBlocks: Int(component.height_in_blocks))
      }
    }
    self.handle = handle
    layout = JPEGBlockLayout(width: Int(raw.width), height: Int(raw.height), components: components)
    isProgressive = raw.progressive
    restartInterval = Int(raw.restart_interval)
  }

  deinit {
    CCodecShims_jpeg_transcoder_free(handle)
  }

  /// Every block and table of the file.
  func coefficients() throws(CodecError) -> JPEGCoefficients {
    var blocks: [[Int16]] = []
    var tables: [[UInt16]] = []
    for (index, component) in layout.components.enumerated() {
      let count = component.widthInBlocks * component.heightInBlocks * 64
      var failed = false
      blocks.append(
        [Int16](unsafeUninitializedCapacity: count) { buffer, initialized in
          failed = CCodecShims_jpeg_transcoder_copy_blocks(handle, Int32(index), buffer.baseAddress) != .ok
          initialized = failed ? 0 : count
        })
      var table = [UInt16](repeating: 0, count: 64)
      if failed || CCodecShims_jpeg_transcoder_quantization(handle, Int32(index), &table) != .ok {
        throw CodecError(.corrupt, "the JPEG's blocks cannot be read: \(message(handle))")
      }
      tables.append(table)
    }
    return JPEGCoefficients(
      layout: layout, blocks: blocks, quantization: tables, isProgressive: isProgressive,
      restartInterval: restartInterval)
  }

  /// The file with `plan`'s touched blocks encoded from `pixels` (the plan's region, stored
  /// orientation, `channels` 8-bit samples per pixel) and every other block as it was.
  func splice(plan: JPEGSplicePlan, pixels: [UInt8], channels: Int, stop: CCodecShims_stop_function) throws(CodecError)
    -> [UInt8]
  {
    let region = plan.region ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    var output: UnsafeMutablePointer<UInt8>?
    var length: UInt = 0
    let status = pixels.withUnsafeBufferPointer { pixelBuffer in
      plan.touched.withUnsafeBufferPointer { flagBuffer in
        let touched = plan.offsets.map { start in flagBuffer.baseAddress.map { UnsafePointer($0 + start) } }
        return touched.withUnsafeBufferPointer { pointers in
          CCodecShims_jpeg_transcoder_splice(
            handle, pixelBuffer.baseAddress, UInt32(region.x), UInt32(region.y), UInt32(region.width),
            UInt32(region.height), Int32(channels), pointers.baseAddress, &output, &length, stop)
        }
      }
    }
    if status == .stopped { throw .cancelled }
    guard status == .ok, let output else {
      throw CodecError(.encodeFailed, "the JPEG could not be rewritten: \(message(handle))")
    }
    defer { free(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(length)))
  }
}

private func message(_ handle: OpaquePointer) -> String {
  String(cString: CCodecShims_jpeg_transcoder_message(handle))
}
