import DeglareCodecs
import DeglareCore
import DeglareProviders

/// Why a removal cannot run on the given inputs (exit 65 in the CLI).
public enum RemoveInputError: Error, Equatable, CustomStringConvertible {
  /// The mask and image sizes differ (after EXIF orientation).
  case sizeMismatch(mask: PixelSize, image: PixelSize, maskPath: String, imagePath: String)
  /// No mask pixel is inside (>= 128).
  case emptyMask(maskPath: String)
  /// The photo's ICC profile cannot be read, so its colours cannot be sent to a remote provider
  /// in sRGB.
  case unreadableProfile(reason: String)
  /// `--mask auto` found no glare in the image.
  case nothingDetected(imagePath: String)

  /// One sentence naming the files.
  public var description: String {
    switch self {
    case .sizeMismatch(let mask, let image, let maskPath, let imagePath):
      return "the mask \(maskPath) is \(mask) but the image \(imagePath) is \(image); they must have the same "
        + "size after EXIF orientation (deglare never resizes a mask)"
    case .emptyMask(let maskPath):
      return "nothing to remove: the mask \(maskPath) has no white (>= 128) pixel"
    case .unreadableProfile(let reason):
      return "the photo's colour profile cannot be read (\(reason)), so its colours cannot be converted to the "
        + "sRGB a remote provider works in; the local provider needs no conversion"
    case .nothingDetected(let imagePath):
      return "nothing to remove: no glare was detected in \(imagePath); paint the glare white in a mask and pass it "
        + "with --mask"
    }
  }
}

/// The pure steps of a removal, in order; each is a function of values, so the session, the
/// dry run and the tests share them.
public enum RemoveSteps {
  /// Checks the mask against the image and returns it binarized.
  public static func validatedMask(_ mask: Mask, image: ImageBuffer, maskPath: String, imagePath: String) throws -> Mask
  {
    guard mask.size == image.size else {
      throw RemoveInputError.sizeMismatch(mask: mask.size, image: image.size, maskPath: maskPath, imagePath: imagePath)
    }
    let binary = mask.binarized()
    guard binary.insideBoundingBox != nil else { throw RemoveInputError.emptyMask(maskPath: maskPath) }
    return binary
  }

  /// Reads the mask file at `maskPath` for an image of `imageSize` (after orientation). The size
  /// in its header is checked before its pixels are decoded, so a mask of the wrong size costs no
  /// pixel memory (a 9000x9000 16-bit one would take 1.4 GB).
  /// - Throws: ``ImageFileError``, ``RemoveInputError/sizeMismatch(mask:image:maskPath:imagePath:)``.
  public static func readMask(
    _ maskPath: String, imageSize: PixelSize, imagePath: String, options: DecodeOptions
  ) throws -> Mask {
    try readMaskFile(maskPath, imageSize: imageSize, imagePath: imagePath, options: options).mask
  }

  /// ``readMask(_:imageSize:imagePath:options:)`` with the file's bytes (the repair record
  /// hashes them).
  public static func readMaskFile(
    _ maskPath: String, imageSize: PixelSize, imagePath: String, options: DecodeOptions
  ) throws -> (mask: Mask, bytes: [UInt8]) {
    let encoded = try ImageFile.load(maskPath, options: options)
    if let size = encoded.size, size != imageSize {
      throw RemoveInputError.sizeMismatch(mask: size, image: imageSize, maskPath: maskPath, imagePath: imagePath)
    }
    let mask = Mask(image: try encoded.decode(options: options).image)
    guard mask.size == imageSize else {
      throw RemoveInputError.sizeMismatch(mask: mask.size, image: imageSize, maskPath: maskPath, imagePath: imagePath)
    }
    return (mask, encoded.bytes)
  }

  /// Plans the crop and upload size for `provider`.
  public static func plan(mask: Mask, capability: UploadCapability, padding: Double) -> CropPlan? {
    CropPlanner.plan(mask: mask, capability: capability, padding: padding)
  }

  /// Plans the crop and upload size for `provider`, and what a remote one will bill for it; nil
  /// when the mask has no inside pixel.
  /// - Throws: ``ProviderError/invalidOption(message:)`` when the output asked for is larger
  ///   than the crop needs (exit 64; nothing is sent or written).
  public static func plan(mask: Mask, provider: any ImageEditProvider, padding: Double) throws -> (
    plan: CropPlan, billing: BilledOutput?
  )? {
    guard let plan = plan(mask: mask, capability: provider.capability, padding: padding) else { return nil }
    return (plan, try provider.billing(for: plan))
  }

  /// The request the provider receives: the crop and its mask, resampled to the upload size.
  public static func request(image: ImageBuffer, mask: Mask, plan: CropPlan) -> EditRequest {
    let crop = image.cropped(to: plan.crop)
    let cropMask: Mask = mask.cropped(to: plan.crop)
    if plan.isNativeSize {
      return EditRequest(image: crop, mask: cropMask)
    }
    return EditRequest(
      image: Resampler.resize(crop, to: plan.uploadSize), mask: Resampler.resizeMask(cropMask, to: plan.uploadSize))
  }

  /// The repainted crop: the provider's patch resampled to the crop, feathered inward and
  /// composited over the original crop. Every pixel outside the mask keeps the original's bytes
  /// (``Composite`` never writes where the feathered alpha is 0, and ``Feather`` makes it 0
  /// wherever the mask is outside); the encoder writes it over the original (a ``RegionOverlay``).
  ///
  /// The crop is composited in bands of ``compositeBandRows`` rows: a band's feathered alpha is
  /// exact on its own (``Feather`` reads the mask around it), so a large crop never holds a
  /// weight for every pixel at once (4 bytes a pixel, and the distance fields behind them).
  public static func repaintedCrop(
    image: ImageBuffer, mask: Mask, plan: CropPlan, patch: ImageBuffer, feather: Double
  ) -> RegionOverlay {
    let crop = plan.crop
    let patchAtCrop = patch.size == crop.size ? patch : Resampler.resize(patch, to: crop.size)
    var pixels = image.cropped(to: crop)
    for top in stride(from: 0, to: crop.height, by: compositeBandRows) {
      let band = PixelRect(x: 0, y: top, width: crop.width, height: min(compositeBandRows, crop.height - top))
      let inImage = PixelRect(x: crop.x, y: crop.y + top, width: band.width, height: band.height)
      // A band without a mask pixel has alpha 0 throughout: nothing to blend.
      guard mask.insideBounds(in: inImage) != nil else { continue }
      let alpha = Feather.alpha(mask: mask, crop: inImage, width: feather)
      let bandPatch = band.height == crop.height ? patchAtCrop : patchAtCrop.cropped(to: band)
      Composite.apply(patch: bandPatch, alpha: alpha, onto: &pixels, at: band)
    }
    return RegionOverlay(x: crop.x, y: crop.y, pixels: pixels)
  }

  /// Rows per band of ``repaintedCrop(image:mask:plan:patch:feather:)``: large enough that the
  /// feather's margin above and below a band (about 4 feather widths) adds little work.
  static let compositeBandRows = 512

  /// Rejects a returned patch whose shape cannot be the crop (a provider bug or a proxy's
  /// placeholder): more than 25 % off the upload aspect ratio, or under 8 pixels a side. A patch
  /// of exactly the upload's size always fits: a crop under 8 px (a tiny image, sent at its own
  /// size to the local method) comes back at that size.
  public static func checkPatch(_ patch: ImageBuffer, uploadSize: PixelSize, provider: ProviderID) throws {
    if patch.size == uploadSize { return }
    let expected = Double(uploadSize.width) / Double(uploadSize.height)
    let actual = Double(patch.width) / Double(patch.height)
    if patch.width < 8 || patch.height < 8 || max(expected / actual, actual / expected) > 1.25 {
      throw RemovalError.unusablePatch(
        provider: provider,
        message:
          "the returned image is \(patch.width)x\(patch.height), which cannot be the \(uploadSize) crop that was sent")
    }
  }
}
