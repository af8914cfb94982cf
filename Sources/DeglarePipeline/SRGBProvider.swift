import DeglareCodecs
import DeglareColor
import DeglareCore
import DeglareProviders

/// A remote provider seen from a photo whose colour profile is not sRGB (a phone's Display P3):
/// the upload is converted to sRGB, the space remote models work in, and the returned repaint back
/// to the photo's space before it is composited (``SRGBConversion``: Little CMS, relative
/// colorimetric, 16-bit in between, the upload's own 8-bit rounding the only one on the way
/// out). `--dry-run` writes the converted upload, as it would be sent. The local provider works
/// in the photo's own values and is never wrapped (``wrapping(_:profile:isColour:)``).
public struct SRGBProvider: ImageEditProvider {
  /// The provider that sees sRGB.
  public let base: any ImageEditProvider
  /// The photo's profile and the conversions.
  public let conversion: SRGBConversion

  public var id: ProviderID { base.id }
  public var model: String { base.model }
  public var capability: UploadCapability { base.capability }
  public func billing(for plan: CropPlan) throws -> BilledOutput? { try base.billing(for: plan) }

  /// `provider` itself when no conversion is needed: a local provider, a gray photo, no profile,
  /// a profile that is not RGB or that describes sRGB; otherwise `provider` behind a conversion.
  /// - Throws: ``RemoveInputError/unreadableProfile(reason:)`` when Little CMS cannot read the
  ///   photo's profile (sending the pixels as if they were sRGB would paint in the wrong colours).
  public static func wrapping(_ provider: any ImageEditProvider, profile: [UInt8]?, isColour: Bool) throws
    -> any ImageEditProvider
  {
    guard provider.isRemote, isColour, let profile else { return provider }
    let conversion: SRGBConversion?
    do {
      conversion = try SRGBConversion(profile: profile)
    } catch {
      throw RemoveInputError.unreadableProfile(reason: error.description)
    }
    guard let conversion else { return provider }
    return SRGBProvider(base: provider, conversion: conversion)
  }

  /// ``wrapping(_:profile:isColour:)`` for the photo `decoded`.
  public static func wrapping(_ provider: any ImageEditProvider, for decoded: DecodedImage) throws
    -> any ImageEditProvider
  {
    try wrapping(
      provider, profile: decoded.metadata.iccProfile, isColour: decoded.image.layout.colorChannelCount == 3)
  }

  /// What the base provider receives: the crop in sRGB (16-bit RGB; the upload rounds it to 8).
  public func converted(_ request: EditRequest) throws -> EditRequest {
    EditRequest(image: try conversion.toSRGB(request.image), mask: request.mask)
  }

  public func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    try base.uploadPreview(for: converted(request))
  }

  /// Runs the base provider on the sRGB crop and returns its repaint in the photo's space, at the
  /// size it came back (the colours sRGB could not hold added back where the provider kept them:
  /// ``SRGBConversion/patchInPhotoSpace(_:original:)``).
  public func edit(_ request: EditRequest) async throws -> EditResult {
    var result = try await base.edit(converted(request))
    let original =
      result.image.size == request.image.size ? request.image : Resampler.resize(request.image, to: result.image.size)
    do {
      result.image = try conversion.patchInPhotoSpace(result.image, original: original)
    } catch {
      throw RemovalError.unusablePatch(
        provider: id, message: "its colours cannot be converted to the photo's space (\(error.description))")
    }
    result.notes.append(
      "the crop was sent in sRGB, converted from the photo's colour profile, and the repaint converted back")
    return result
  }
}
