import DeglareCore

/// Why a colour conversion could not be set up.
public struct ColorError: Error, Equatable, CustomStringConvertible {
  /// The Little CMS step that failed (`cmsOpenProfileFromMem`, `cmsCreateTransform`).
  public let operation: String
  /// What is wrong, as a clause.
  public let message: String

  /// The message with the step.
  public var description: String { "\(message) (\(operation))" }
}

/// Converts RGB pixels between a photo's own colour space, given by its ICC profile, and sRGB,
/// the space remote providers work in (backend: `SRGBConversion_lcms2.swift`, Little CMS).
///
/// Both directions use the relative colorimetric intent (white maps to white; colours outside
/// the target gamut are clipped to its boundary) and 16-bit samples on the way out, so the only
/// 8-bit rounding is the upload's own. Pixels are interleaved RGB or RGBA, 8- or 16-bit; the
/// results are 16-bit RGB (alpha dropped: providers repaint colour only, and the composite never
/// writes alpha).
public struct SRGBConversion: Sendable {
  /// The photo's ICC profile.
  public let profile: [UInt8]

  /// A conversion for `profile`, or nil when there is nothing to convert: the profile is not an
  /// RGB profile, or it describes sRGB (every 8-bit colour of a 9x9x9 grid lands on itself within
  /// half a level).
  /// - Throws: ``ColorError`` when Little CMS cannot read the profile.
  public init?(profile: [UInt8]) throws(ColorError) {
    guard try LittleCMS.isRGBProfile(profile) else { return nil }
    self.profile = profile
    if try LittleCMS.isEffectivelySRGB(profile) { return nil }
  }

  /// `image` (in the photo's space) in sRGB, 16-bit RGB.
  public func toSRGB(_ image: ImageBuffer) throws(ColorError) -> ImageBuffer {
    try LittleCMS.convert(image, from: .profile(profile), to: .sRGB)
  }

  /// `image` (in sRGB) in the photo's space, 16-bit RGB.
  public func fromSRGB(_ image: ImageBuffer) throws(ColorError) -> ImageBuffer {
    try LittleCMS.convert(image, from: .sRGB, to: .profile(profile))
  }
}

extension SRGBConversion {
  /// A provider's repaint of `original` (both the crop's size; `patch` in sRGB) in the photo's
  /// space, 16-bit RGB, with the part of the original's colour that sRGB cannot hold added back.
  ///
  /// The upload clips colours outside sRGB (a saturated P3 red becomes sRGB's red). Converting
  /// the patch back alone would leave those colours clipped wherever the provider kept them. So
  /// the clipping residual `original - fromSRGB(toSRGB(original))`, zero for colours inside sRGB,
  /// is added to `fromSRGB(patch)`: where the provider returned what it was sent, the original
  /// comes back to within the upload's 8-bit rounding; where it repainted, the residual of
  /// unsaturated glare is zero and its colour stands.
  /// - Precondition: `original` is RGB or RGBA and has `patch`'s size.
  public func patchInPhotoSpace(_ patch: ImageBuffer, original: ImageBuffer) throws(ColorError) -> ImageBuffer {
    precondition(patch.size == original.size, "the patch must have the crop's size")
    precondition(original.layout.colorChannelCount == 3, "only RGB pixels have an RGB profile")
    let back = try fromSRGB(patch)
    let roundTrip = try fromSRGB(toSRGB(original))
    let scale = original.bitDepth == .eight ? 257 : 1
    let channels = original.channelCount
    var samples = back.samples16
    for pixel in 0..<original.pixelCount {
      for c in 0..<3 {
        let index = pixel * 3 + c
        let residual = original.sample(at: pixel * channels + c) * scale - Int(roundTrip.samples16[index])
        samples[index] = UInt16(clamping: Int(samples[index]) + residual)
      }
    }
    return ImageBuffer(width: back.width, height: back.height, layout: .rgb, samples: samples)
  }
}

extension ImageBuffer {
  /// The sample at storage index `index`, widened to `Int`.
  fileprivate func sample(at index: Int) -> Int {
    bitDepth == .eight ? Int(samples8[index]) : Int(samples16[index])
  }
}
