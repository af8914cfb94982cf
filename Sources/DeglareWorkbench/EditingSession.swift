import DeglareCodecs
import DeglareCore
import DeglarePipeline
import DeglareProviders

/// The status the page shows (`data-role="status"`, its `data-state`).
enum WorkbenchState: String, Sendable {
  /// Nothing running; the sentence says what to do next.
  case idle
  /// A removal, detection, straightening or save is running.
  case working
  /// A result is ready for review and saving.
  case done
  /// A result was dropped because the mask (or image) changed while it was made.
  case stale
  /// Files were written.
  case saved
  /// Something failed; the sentence says what.
  case error
}

/// The photo being edited.
struct WorkbenchDocument: Sendable {
  /// The file it was read from.
  var path: String
  /// What is edited: the decoded file, or its straightened version.
  var decoded: DecodedImage
  /// Tiles of ``decoded`` for the page.
  var pyramid: ImagePyramid
  /// Changes whenever ``decoded`` does (tile URLs name it).
  var revision: Int
  /// The straightening applied, if any.
  var straightening: StraightenPlan?
  /// Where Save writes the result.
  var outputPath: String
  /// Files the outputs may never replace.
  var inputs: [String]

  /// The file name.
  var name: String { WorkbenchFolder.fileName(path) }
}

/// A result under review: the repaint, and its pixels at every pyramid level.
struct WorkbenchResult: Sendable {
  /// What the removal produced (not yet written).
  var preview: RemovalPreview
  /// The result's pixels at each pyramid level where they differ from the photo's.
  var patches: [PatchLevel]
  /// Tile URLs name it.
  var revision: Int
  /// "the local auto method", "openai (gpt-image-1.5)".
  var label: String
  /// Seconds from Remove to the result.
  var seconds: Double
}

/// A removal in progress.
struct RemovalJob: Sendable {
  /// Distinguishes a job from the ones it superseded.
  var id: Int
  /// "the local auto method", "openai (gpt-image-1.5)".
  var label: String
  /// When it started.
  var started: ContinuousClock.Instant
  /// Set by Cancel: the job's end is then reported as cancelled, not stale.
  var cancelled = false
}

/// How many pixels of a mask are inside, and where.
struct MaskSummary: Sendable {
  /// Pixels inside (>= 128).
  var insideCount: Int
  /// Their bounding box, nil when none.
  var bounds: PixelRect?

  init(_ mask: Mask) {
    insideCount = mask.insideCount
    bounds = insideCount == 0 ? nil : mask.insideBoundingBox
  }
}

/// Everything one workbench holds: the photo, the mask being edited, the removal session and
/// the result under review. An actor, so page requests are applied one at a time; heavy work
/// (decoding, detection, warping, encoding) runs in detached tasks and is applied only if the
/// photo has not changed meanwhile.
actor EditingSession {
  let options: WorkbenchOptions
  let folder: WorkbenchFolder
  /// The removal session: its generation marks every teardown (mask edit, Cancel, image switch,
  /// straighten); a result from an older generation is never kept.
  let removal = RemovalSession()

  var document: WorkbenchDocument?
  var history: MaskHistory?
  var maskSummary = MaskSummary(Mask(width: 1, height: 1))
  var proposalSummary: MaskSummary?
  var state = WorkbenchState.idle
  var message = "Open a photo to start."
  var job: RemovalJob?
  var jobCounter = 0
  var result: WorkbenchResult?
  var busy: String?
  /// Keys loaded for a removal; every sentence for the page is cleaned of them.
  var secrets: [String] = []
  private var revisionCounter = 0
  /// Revisions of the mask and proposal tiles, and the mask rectangle changed last (nil: all).
  var maskRevision = 0
  /// The mask revision before the last edit (``lastChange`` is the change from it).
  var maskRevisionBefore = 0
  var proposalRevision = 0
  var lastChange: PixelRect?

  init(options: WorkbenchOptions) {
    self.options = options
    self.folder = WorkbenchFolder(holding: options.imagePath)
  }

  /// A fresh revision number.
  func nextRevision() -> Int {
    revisionCounter += 1
    return revisionCounter
  }

  /// Sets the status; the sentence is cleaned of any loaded key.
  func setStatus(_ newState: WorkbenchState, _ sentence: String) {
    state = newState
    message = secrets.isEmpty ? sentence : Redactor(secrets: secrets).redact(sentence)
  }

  // MARK: - Opening

  /// Decodes `path` (and `maskPath`, which must have the photo's size) and makes it the
  /// document. On failure the current document stays.
  /// - Throws: ``ImageFileError``, ``RemoveInputError`` (a mask of another size).
  func open(path: String, maskPath: String?, outputPath: String?) async throws {
    let decodeOptions = options.decodeOptions
    let (decoded, start, pyramid) = try await Task.detached(priority: .userInitiated) {
      let decoded = try ImageFile.read(path, options: decodeOptions)
      var start = Mask(width: decoded.image.width, height: decoded.image.height)
      if let maskPath {
        let image = try ImageFile.read(maskPath, options: decodeOptions).image
        let mask = Mask(image: image)
        guard mask.size == decoded.image.size else {
          throw RemoveInputError.sizeMismatch(
            mask: mask.size, image: decoded.image.size, maskPath: maskPath, imagePath: path)
        }
        start = mask.binarized()
      }
      return (decoded, start, ImagePyramid(decoded.image))
    }.value
    let document = WorkbenchDocument(
      path: path, decoded: decoded, pyramid: pyramid, revision: nextRevision(), straightening: nil,
      outputPath: outputPath ?? OutputNaming.beside(path, suffix: ".deglared.png"),
      inputs: [path] + (maskPath.map { [$0] } ?? []))
    let dropped = job != nil
    await replaceDocument(document, start: start)
    setStatus(
      .idle,
      "Opened \(document.name) (\(decoded.image.width)x\(decoded.image.height)). Paint over the glare, then press Remove."
        + (dropped ? " The removal that was running was dropped." : ""))
  }

  /// Opens the image called `name` in the folder, for the page.
  func open(name: String) async throws(WorkbenchError) {
    let path: String
    do {
      path = try folder.imagePath(named: name)
    } catch {
      throw .badRequest(error.description)
    }
    guard busy == nil else { throw .conflict("wait until \(busy ?? "the current step") finishes") }
    busy = "opening \(name)"
    defer { busy = nil }
    do {
      try await open(path: path, maskPath: nil, outputPath: path == options.imagePath ? options.outputPath : nil)
    } catch {
      let kept = document.map { "; \($0.name) stays open" } ?? ""
      setStatus(.error, "\(error)\(kept)")
      throw .unusable("\(error)\(kept)")
    }
  }

  /// Makes `document` current with `start` as its mask: a teardown of everything before.
  func replaceDocument(_ document: WorkbenchDocument, start: Mask) async {
    self.document = document
    history = MaskHistory(start: start)
    result = nil
    job = nil
    await removal.replaceImage(document.decoded)
    await removal.replaceMask(start)
    maskEdited(changed: nil, proposalChanged: true)
  }

  /// Records that the mask (and maybe the proposal) changed: new revisions and summaries.
  func maskEdited(changed: PixelRect?, proposalChanged: Bool) {
    guard let history else { return }
    maskRevisionBefore = maskRevision
    maskRevision = nextRevision()
    maskSummary = MaskSummary(history.mask)
    lastChange = changed
    if proposalChanged || history.proposal != nil {
      proposalRevision = nextRevision()
      proposalSummary = history.proposal.map(MaskSummary.init)
    }
  }

  // MARK: - Tiles

  /// What a tile is drawn from, captured so it can be rendered off the actor.
  func tileSource(_ kind: TileKind) -> TileSource? {
    guard let document else { return nil }
    var source = TileSource(pyramid: document.pyramid, imageRevision: document.revision, layerRevision: 0)
    switch kind {
    case .image:
      break
    case .result:
      source.layerRevision = result?.revision ?? 0
      source.patches = result?.patches
    case .mask:
      source.layerRevision = maskRevision
      source.mask = history?.mask
      source.maskBounds = maskSummary.bounds
    case .proposal:
      source.layerRevision = proposalRevision
      source.mask = history?.proposal
      source.maskBounds = proposalSummary?.bounds
    }
    return source
  }

  /// Stops everything: the removal is torn down (nothing it was making is written).
  func close() async {
    job = nil
    await removal.close()
  }
}
