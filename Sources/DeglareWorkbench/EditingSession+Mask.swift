import DeglareCodecs
import DeglareCore
import DeglarePipeline

extension EditingSession {
  /// The largest stroke the page may send, in points.
  static let maximumStrokePoints = 200_000

  /// Applies one edit to the mask (a teardown for the removal session when the mask changes).
  func edit(_ edit: MaskEdit) async throws(WorkbenchError) {
    guard var history else { throw .conflict("open a photo first") }
    let changed = history.perform(edit)
    self.history = history
    await afterEdit(changed: changed, maskChanged: edit.changesMask, proposalChanged: edit.changesProposal)
  }

  /// Takes the last mask edit back.
  func undo() async throws(WorkbenchError) {
    guard var history else { throw .conflict("open a photo first") }
    guard history.undo() else { throw .conflict("there is nothing to undo") }
    self.history = history
    await afterEdit(changed: nil, maskChanged: true, proposalChanged: true)
  }

  /// Applies the last undone mask edit again.
  func redo() async throws(WorkbenchError) {
    guard var history else { throw .conflict("open a photo first") }
    guard history.redo() else { throw .conflict("there is nothing to redo") }
    self.history = history
    await afterEdit(changed: nil, maskChanged: true, proposalChanged: true)
  }

  /// After a mask edit: new revisions; when the mask itself changed, a teardown of the removal
  /// session (its generation moves on, so no result made for the old mask can be kept).
  func afterEdit(changed: PixelRect?, maskChanged: Bool, proposalChanged: Bool) async {
    maskEdited(changed: changed, proposalChanged: proposalChanged)
    guard maskChanged, let history else { return }
    await removal.replaceMask(history.mask)
    if let job, !job.cancelled {
      setStatus(
        .stale,
        "The mask changed while the removal ran, so its result will be dropped. Press Remove again when the mask is ready."
      )
    } else if result != nil {
      result = nil
      setStatus(.idle, "The mask changed, so the result was dropped. Press Remove for a new one.")
    } else if state == .error || state == .saved || state == .done {
      setStatus(.idle, "Paint over the glare, then press Remove.")
    }
  }

  /// Loads a mask file sent by the page (PNG or JPEG, white = repaint), the photo's size.
  func loadMask(_ bytes: [UInt8]) async throws(WorkbenchError) {
    guard let document else { throw .conflict("open a photo first") }
    let decodeOptions = options.decodeOptions
    let loaded: Mask
    do {
      loaded = Mask(image: try ImageDecoder.decode(bytes, options: decodeOptions).image)
    } catch {
      setStatus(.error, "The mask file cannot be decoded (\(error.message)); the mask is unchanged.")
      throw .unusable("the mask file cannot be decoded: \(error.message)")
    }
    let size = document.decoded.image.size
    guard loaded.size == size else {
      let sentence =
        "The mask is \(loaded.size) but the photo is \(size); a mask must have the photo's size "
        + "(deglare never resizes a mask), so the mask is unchanged."
      setStatus(.error, sentence)
      throw .unusable(sentence)
    }
    try await edit(.replace(loaded.binarized()))
    setStatus(.idle, "Loaded a mask of \(maskSummary.insideCount) pixels.")
  }

  /// Writes the mask alone beside the photo (`<stem>.mask.png`, or `<stem>.straight.mask.png`
  /// for a straightened photo).
  /// - Returns: the path written.
  func saveMask(overwrite: Bool) async throws(WorkbenchError) -> String {
    guard let document, let history else { throw .conflict("open a photo first") }
    let suffix = document.straightening == nil ? ".mask.png" : ".straight.mask.png"
    let path = OutputNaming.beside(document.path, suffix: suffix)
    let mask = history.mask
    let inputs = document.inputs
    do {
      try await Task.detached(priority: .userInitiated) {
        try ImageFile.write(
          mask.grayImage, metadata: ImageMetadata(), to: path,
          options: ImageWriteOptions(format: .png, overwrite: overwrite), inputs: inputs)
      }.value
    } catch let error as WriteError {
      if case .exists = error { throw WorkbenchError(status: 409, message: "\(WorkbenchFolder.fileName(path)) exists") }
      setStatus(.error, error.description)
      throw .unusable(error.description)
    } catch {
      throw .unusable("\(error)")
    }
    setStatus(.saved, "Saved the mask (\(maskSummary.insideCount) pixels) to \(WorkbenchFolder.fileName(path)).")
    return path
  }

  /// Runs the glare detector (as `remove --mask auto` does) and shows its proposal apart.
  func detect() async throws(WorkbenchError) {
    guard let document else { throw .conflict("open a photo first") }
    guard busy == nil else { throw .conflict("wait until \(busy ?? "the current step") finishes") }
    busy = "auto-detect"
    defer { busy = nil }
    setStatus(.working, "Looking for glare…")
    let image = document.decoded.image
    let automatic = await Task.detached(priority: .userInitiated) { AutoMask.detect(image) }.value
    guard self.document?.revision == document.revision else { return }
    let detection = automatic.detection
    guard automatic.mask.insideBoundingBox != nil else {
      setStatus(.idle, "Auto-detect found no glare; paint it with the brush.")
      return
    }
    try await edit(.propose(automatic.mask))
    let areas = "\(detection.blobCount) area\(detection.blobCount == 1 ? "" : "s")"
    setStatus(
      .idle,
      "Auto-detect proposes \(areas) (\(String(detection.coveragePercent, places: 2)) % of the photo), shown in "
        + "orange: Keep it, erase parts of it, or Drop it.")
  }
}

extension MaskEdit {
  /// Whether the edit can change the mask (and so must tear down a removal).
  var changesMask: Bool {
    switch self {
    case .stroke, .clear, .replace, .keepProposal: return true
    case .propose, .dropProposal: return false
    }
  }

  /// Whether the edit can change the proposal.
  var changesProposal: Bool {
    switch self {
    case .stroke(let stroke): return stroke.mode == .erase
    case .clear, .propose, .keepProposal, .dropProposal: return true
    case .replace: return false
    }
  }
}

extension String {
  /// `value` with `places` decimals ("1.25").
  init(_ value: Double, places: Int) {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < places { text += String(repeating: "0", count: places - decimals) }
    }
    self = text
  }
}
