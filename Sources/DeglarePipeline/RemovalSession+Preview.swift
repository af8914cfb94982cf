import DeglareCodecs
import DeglareCore
import DeglareProviders

/// A repaint held in memory for review before anything is written (the workbench's Remove):
/// the repainted crop, the mask it was made for, and how it was made.
public struct RemovalPreview: Sendable {
  /// The repainted crop at its place in the image (the image's layout and depth): written over
  /// the original, it is the result. Outside the mask its pixels are the original's bytes.
  public var overlay: RegionOverlay
  /// The binary mask the repaint was made for.
  public var mask: Mask
  /// The crop and upload size.
  public var plan: CropPlan
  /// The provider that repainted.
  public var provider: ProviderID
  /// The model (remote) or method (local) that ran.
  public var model: String
  /// Token usage, when the provider reported it.
  public var usage: JSONValue?
  /// Notes from the provider.
  public var notes: [String]
  /// Seconds the provider took.
  public var providerSeconds: Double
  /// The size of the image the provider returned, before it was fitted back to the crop.
  public var patchSize: PixelSize
  /// How the remote patch was registered to the crop (nil for the local provider).
  public var registration: RegistrationFit?
  /// The generation it belongs to; it is the current mask's result only while the session's
  /// generation still equals it.
  public var generation: UInt64

  /// Whether the crop left the machine.
  public var isRemote: Bool { provider.isRemote }
}

extension RemovalSession {
  /// Runs a removal with `provider` and keeps the result in memory as ``preview`` instead of
  /// writing it, unless a teardown intervenes (then it throws
  /// ``RemovalError/stale(startedAt:current:)`` and ``preview`` stays nil). The prompt of a remote
  /// provider is its configuration's.
  ///
  /// Like ``remove(provider:settings:)`` it tears down any older removal first and captures the
  /// generation; the crop and its mask go to the provider, the patch is feathered inward
  /// (`feather` pixels) and composited over the crop.
  /// - Parameters:
  ///   - padding: Context around the mask's bounding box, as a fraction of its longer side.
  ///   - feather: Inward feather width in full-resolution pixels.
  /// - Throws: ``RemovalError``, `CancellationError`, the provider's errors.
  public func repaint(provider: any ImageEditProvider, padding: Double, feather: Double) async throws
    -> RemovalPreview
  {
    let (started, decoded, mask, provider, plan, billing) = try begin(provider, padding: padding)
    let request = RemoveSteps.request(image: decoded.image, mask: mask, plan: plan)
    let (edit, providerSeconds) = try await callProvider(provider, request: request, started: started)
    try RemoveSteps.checkPatch(edit.image, uploadSize: plan.uploadSize, provider: provider.id)
    let providerID = provider.id
    let (overlay, fit) = try await Task.detached(priority: .userInitiated) {
      let (patch, fit) = try RemoveSteps.registeredPatch(
        image: decoded.image, mask: mask, plan: plan, patch: edit.image, provider: providerID)
      return (
        RemoveSteps.repaintedCrop(image: decoded.image, mask: mask, plan: plan, patch: patch, feather: feather), fit
      )
    }.value
    try ensureCurrent(started)
    let result = RemovalPreview(
      overlay: overlay, mask: mask, plan: plan, provider: provider.id, model: edit.model, usage: edit.usage,
      notes: (billing?.notes ?? []) + edit.notes, providerSeconds: providerSeconds, patchSize: edit.image.size,
      registration: fit,
      generation: started)
    preview = result
    return result
  }

  /// Runs `body` (publishing a prepared output) only if `generation` is still current and its
  /// preview is the one kept: no teardown can interleave between this check and `body`.
  /// - Throws: ``RemovalError/stale(startedAt:current:)`` when the preview is gone or outdated;
  ///   what `body` throws.
  public func ifCurrent<T: Sendable>(_ generation: UInt64, _ body: @Sendable () throws -> T) throws -> T {
    guard generation == self.generation, preview?.generation == generation else {
      throw RemovalError.stale(startedAt: generation, current: self.generation)
    }
    return try body()
  }
}
