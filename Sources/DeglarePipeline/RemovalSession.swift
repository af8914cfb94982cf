import DeglareCodecs
import DeglareCore
import DeglareProviders

/// Why a removal ended without a result.
public enum RemovalError: Error, Equatable, CustomStringConvertible {
  /// A teardown (cancel, a new mask or image, a newer removal, close) happened while the
  /// provider worked; its answer was dropped and nothing was written.
  case stale(startedAt: UInt64, current: UInt64)
  /// The session has no image or no mask.
  case nothingLoaded
  /// The provider's image cannot be the crop that was sent (exit 69 in the CLI).
  case unusablePatch(provider: ProviderID, message: String)

  /// One sentence.
  public var description: String {
    switch self {
    case .stale:
      return "the removal was superseded before its result arrived; the result was dropped and nothing was written"
    case .nothingLoaded:
      return "load an image and a mask before removing"
    case .unusablePatch(let provider, let message):
      return "\(provider) returned an unusable image: \(message); nothing was written"
    }
  }
}

/// A completed removal: what was written and how.
public struct RemovalResult: Sendable {
  /// The summary for the user.
  public var summary: RemovalSummary
  /// The generation it belongs to.
  public var generation: UInt64
}

/// The state a removal works on — the current image, mask, pending removal and last result —
/// guarded by a monotonic generation counter, so a late answer can never resurrect state the
/// user tore down and an interrupted removal never writes.
///
/// Every teardown (``cancel()``, ``clearMask()``, ``replaceMask(_:)``, ``replaceImage(_:)``,
/// ``close()``, and starting a newer ``remove(provider:settings:)``) bumps ``generation``. A
/// removal captures the generation when it starts and checks it after every await and right
/// before its only write-back (publishing the output file and recording the result); a stale
/// removal throws ``RemovalError/stale(startedAt:current:)``, its prepared output is discarded
/// unpublished, and the session is left exactly as the teardown left it. Being an actor, the
/// session serialises teardowns and checks, so no check can interleave with a teardown.
public actor RemovalSession {
  /// Bumped by every teardown; a removal's result is applied only if it has not moved.
  public private(set) var generation: UInt64 = 0
  /// The image.
  public private(set) var image: DecodedImage?
  /// The binary mask (255 = repaint), the image's size.
  public private(set) var mask: Mask?
  /// The last removal that was written in the current generation.
  public private(set) var lastResult: RemovalResult?
  /// The last repaint held for review (``repaint(provider:padding:feather:)``) in the
  /// current generation; nil after any teardown.
  public internal(set) var preview: RemovalPreview?
  /// Aborts the provider call in flight, if any.
  var inFlightCancel: (@Sendable () -> Void)?

  /// Creates an empty session.
  public init() {}

  /// Loads an image and its mask (a teardown of whatever was there).
  public func load(image: DecodedImage, mask: Mask) {
    tearDown()
    precondition(image.image.size == mask.size, "validate the mask before loading it")
    self.image = image
    self.mask = mask
  }

  /// Replaces the image; the old mask no longer applies and is cleared.
  public func replaceImage(_ image: DecodedImage) {
    tearDown()
    self.image = image
    self.mask = nil
  }

  /// Replaces the mask.
  public func replaceMask(_ mask: Mask) {
    tearDown()
    self.mask = mask
  }

  /// Clears the mask.
  public func clearMask() {
    tearDown()
    mask = nil
  }

  /// Cancels the pending removal, if any.
  public func cancel() {
    tearDown()
  }

  /// Drops everything.
  public func close() {
    tearDown()
    image = nil
    mask = nil
  }

  /// Runs a removal with `provider` and writes the result, unless a teardown intervenes.
  ///
  /// Starting a removal tears down any older one (its answer will be dropped). The crop and its
  /// mask go to the provider; the patch comes back, is feathered and composited; the output is
  /// encoded into an unnamed file; and only if the generation is still the one captured at the
  /// start (and the task was not cancelled) is the file published and the result recorded.
  ///
  /// The caller checks the output before any expensive work (``RemoveRequest`` does, with
  /// `OutputFile.preflight`); the write itself refuses an input or an existing file atomically.
  /// - Throws: ``RemovalError``, `CancellationError`, the provider's errors, ``WriteError``.
  public func remove(provider: any ImageEditProvider, settings: RemoveSettings) async throws -> RemovalResult {
    let (started, decoded, mask, provider, plan, billing) = try begin(provider, padding: settings.padding)
    let request = RemoveSteps.request(image: decoded.image, mask: mask, plan: plan)

    // A JPEG written over a JPEG original is spliced into its blocks: read them while the
    // provider works (nil when this output is not such a splice or the read fails; the write
    // then reads them itself and reports the failure).
    let output = settings.output
    let original: Task<JPEGOriginal?, Never>? =
      output.options.format == .jpeg && decoded.jpegFile != nil
      ? Task.detached(priority: .userInitiated) { try? JPEGOriginal(decoded) } : nil
    let (edit, _) = try await callProvider(provider, request: request, started: started)
    try RemoveSteps.checkPatch(edit.image, uploadSize: plan.uploadSize, provider: provider.id)

    let feather = settings.feather
    let record = settings.record.map {
      RepairRecord(
        inputs: $0, output: output.path, provider: provider.id, model: edit.model, crop: plan.crop,
        uploadSize: plan.uploadSize, aspectName: plan.aspectName, patchSize: edit.image.size,
        padding: settings.padding, feather: feather, maskedPixels: mask.insideCount, time: RepairRecord.now())
    }
    let providerID = provider.id
    let blocks = await original?.value
    // Off the actor, in a task of its own that Ctrl-C still reaches (the PNG encoder asks
    // between bands): a detached task does not inherit the caller's cancellation.
    let work = Task.detached(priority: .userInitiated) {
      let (patch, fit) = try RemoveSteps.registeredPatch(
        image: decoded.image, mask: mask, plan: plan, patch: edit.image, provider: providerID)
      let repainted = RemoveSteps.repaintedCrop(
        image: decoded.image, mask: mask, plan: plan, patch: patch, feather: feather)
      try Task.checkCancellation()
      let files = try RemoveSteps.prepareOutputs(
        decoded, overlay: repainted, output: output, record: record, original: blocks)
      return (files, fit)
    }
    let (prepared, fit) = try await withTaskCancellationHandler {
      try await work.value
    } onCancel: {
      work.cancel()
    }
    // The only write-back: publish the files and record the result, if still current.
    do {
      try ensureCurrent(started)
    } catch {
      for file in prepared { file.discard() }
      throw error
    }
    try OutputFile.publishAll(prepared)
    var summary = RemovalSummary(
      output: output.path, crop: plan.crop, uploadSize: plan.uploadSize, aspectName: plan.aspectName,
      provider: provider.id, model: edit.model, usage: edit.usage, maskedPixels: mask.insideCount,
      notes: (billing?.notes ?? []) + edit.notes,
      record: record.map { _ in RepairRecord.path(for: output.path) }, savedMask: record?.inputs.savedMask?.path,
      registration: fit, billing: billing, jpegSplice: prepared.last?.jpegSplice)
    // The local method works on the crop at its own size: its region boxes move by the crop's origin.
    if plan.isNativeSize {
      summary.regions = edit.regions.map { region in
        var moved = region
        moved.box = PixelRect(
          x: region.box.x + plan.crop.x, y: region.box.y + plan.crop.y, width: region.box.width,
          height: region.box.height)
        return moved
      }
    }
    let result = RemovalResult(summary: summary, generation: started)
    lastResult = result
    return result
  }

  /// Starts a removal or a preview: tears down any older one, then plans the crop of the loaded
  /// mask for `provider`. Returns the generation it started at, the photo and mask, the provider
  /// wrapped for the photo's colour space, the plan and what a remote provider bills for it.
  /// - Throws: ``RemovalError/nothingLoaded`` without a photo, a mask or an inside pixel; the
  ///   plan's ``ProviderError``.
  func begin(_ provider: any ImageEditProvider, padding: Double) throws -> (
    started: UInt64, decoded: DecodedImage, mask: Mask, provider: any ImageEditProvider, plan: CropPlan,
    billing: BilledOutput?
  ) {
    tearDown()
    let started = generation
    guard let decoded = image, let mask else { throw RemovalError.nothingLoaded }
    let provider = try SRGBProvider.wrapping(provider, for: decoded)
    guard let (plan, billing) = try RemoveSteps.plan(mask: mask, provider: provider, padding: padding) else {
      throw RemovalError.nothingLoaded
    }
    return (started, decoded, mask, provider, plan, billing)
  }

  /// Runs the provider in a task of its own, so a teardown can abort the transfer; the caller's
  /// cancellation (Ctrl-C) is forwarded to it as well.
  /// - Returns: the provider's answer and the seconds it took.
  /// - Throws: ``RemovalError/stale(startedAt:current:)`` when a teardown happened meanwhile.
  func callProvider(_ provider: any ImageEditProvider, request: EditRequest, started: UInt64) async throws -> (
    EditResult, Double
  ) {
    let clock = ContinuousClock()
    let providerStart = clock.now
    let call = Task { try await provider.edit(request) }
    inFlightCancel = { call.cancel() }
    let edit: EditResult
    do {
      edit = try await withTaskCancellationHandler {
        try await call.value
      } onCancel: {
        call.cancel()
      }
    } catch {
      try ensureCurrent(started)
      throw error
    }
    if generation == started { inFlightCancel = nil }
    try ensureCurrent(started)
    return (edit, (clock.now - providerStart).seconds)
  }

  /// Throws when a teardown happened since `started` or the task was cancelled.
  func ensureCurrent(_ started: UInt64) throws {
    if generation != started { throw RemovalError.stale(startedAt: started, current: generation) }
    try Task.checkCancellation()
  }

  /// Bumps the generation, cancels the pending removal, forgets the last result and preview.
  func tearDown() {
    generation &+= 1
    inFlightCancel?()
    inFlightCancel = nil
    lastResult = nil
    preview = nil
  }
}

extension Duration {
  /// The duration in seconds.
  public var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
