import DeglareCodecs
import DeglareCore

extension RemoveSteps {
  /// Encodes every file a removal writes into unnamed files, in publishing order: the saved mask
  /// and the repair record first, the result last, so that (published with
  /// `OutputFile.publishAll`) a result never exists without them.
  ///
  /// The record's facts go into the result's XMP as an `xmpMM:History` entry; the pixels are
  /// untouched (XMP lives in its own PNG chunk or JPEG segment). An existing packet that cannot
  /// be edited safely is kept as it was, and the record says so (`xmp_history: false`).
  /// - Throws: ``WriteError``; nothing is left behind.
  public static func prepareOutputs(
    _ decoded: DecodedImage, overlay: RegionOverlay, output: OutputSettings, record: RepairRecord?,
    original: JPEGOriginal? = nil
  ) throws -> [PreparedOutput] {
    var result = decoded
    var record = record
    // A JPEG written over a JPEG original keeps the original's markers verbatim: no history there.
    let spliced = output.options.format == .jpeg && decoded.jpegFile != nil
    if !spliced, let event = record?.xmpEvent, let packet = XMPHistory.appending(event, to: result.metadata.xmp) {
      result.metadata.xmp = packet
      record?.xmpHistory = true
    }
    let overwrite = output.options.overwrite
    var files: [PreparedOutput] = []
    do {
      if let record {
        if let saved = record.inputs.savedMask {
          files.append(
            try OutputFile.prepare(to: saved.path, overwrite: overwrite, inputs: output.inputs) { sink in
              sink.write(saved.bytes)
            })
        }
        let text = Array((record.json.text + "\n").utf8)
        files.append(
          try OutputFile.prepare(to: RepairRecord.path(for: output.path), overwrite: overwrite, inputs: output.inputs) {
            sink in sink.write(text)
          })
      }
      files.append(
        try ImageFile.prepare(
          result, overlay: overlay, to: output.path, options: output.options, inputs: output.inputs,
          original: original))
    } catch {
      for file in files { file.discard() }
      throw error
    }
    return files
  }
}
