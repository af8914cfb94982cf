import DeglareCore
import DeglareProviders

extension RemoveSteps {
  /// A returned patch whose aspect ratio differs from the upload's by more than this (as a
  /// ratio) was re-framed by the model, not rounded: it must be registered, never stretched.
  /// Both APIs' documented sizes round a requested ratio by well under 2 % (Gemini's 3:2 is
  /// 1264x848, 0.6 % off; docs/providers.md).
  public static let aspectRounding = 0.02

  /// The provider's patch at the crop's size, registered to the crop outside the mask
  /// (``PatchRegistration``): resampled to the crop like before, then shifted, rescaled and
  /// recoloured to fit what should not have changed, when that helps.
  ///
  /// The local provider's patch is the crop's own pixels outside the mask, so it is only resized
  /// (its fit is nil).
  /// - Throws: ``RemovalError/unusablePatch(provider:message:)`` when the answer has another
  ///   aspect ratio than the upload (beyond ``aspectRounding``) and cannot be registered: pasting
  ///   it stretched would misplace the repaint.
  public static func registeredPatch(
    image: ImageBuffer, mask: Mask, plan: CropPlan, patch: ImageBuffer, provider: ProviderID
  ) throws -> (patch: ImageBuffer, fit: RegistrationFit?) {
    let crop = plan.crop
    let atCrop = patch.size == crop.size ? patch : Resampler.resize(patch, to: crop.size)
    guard provider.isRemote else { return (atCrop, nil) }
    let asked = Double(plan.uploadSize.width) / Double(plan.uploadSize.height)
    let aspectChange = Double(patch.width) / Double(patch.height) / asked
    let reframed = max(aspectChange, 1 / aspectChange) > 1 + aspectRounding
    let outcome = PatchRegistration.register(
      crop: image.cropped(to: crop), patch: atCrop, mask: mask.cropped(to: crop), aspectChange: aspectChange)
    if reframed && !outcome.fit.isRegistered {
      throw RemovalError.unusablePatch(
        provider: provider,
        message:
          "the returned image is \(patch.width)x\(patch.height), another shape than the \(plan.uploadSize) that was "
          + "sent, and its surroundings match the photo nowhere, so it cannot be placed")
    }
    return (outcome.patch, outcome.fit)
  }
}
