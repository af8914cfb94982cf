import DeglareCodecs
import DeglareCore
import DeglareProviders

extension RemovalPreview {
  /// The files that saving this preview writes, prepared as `remove` prepares them
  /// (``RemoveSteps/prepareOutputs(_:overlay:output:record:original:)``): the mask it was made
  /// for (at `maskPath`), the repair record `<result>.json`, and the result last, with the
  /// record's facts in its XMP history (or, for a JPEG photo saved as JPEG, spliced into the
  /// photo's own blocks).
  /// - Parameters:
  ///   - decoded: The image the preview was made on (the photo, or its straightened version).
  ///   - image: The path and bytes of the file holding `decoded` (for the record's digest).
  ///   - maskPath: Where the mask goes.
  ///   - output: The result's path, format, overwrite, and the inputs it may not replace.
  ///   - padding: The padding the crop was planned with (a fraction of the mask's longer side).
  ///   - feather: The feather width in pixels.
  /// - Throws: ``WriteError`` (or `CancellationError`); nothing is left behind.
  public func prepareSave(
    _ decoded: DecodedImage, image: (path: String, bytes: [UInt8]), maskPath: String, output: OutputSettings,
    padding: Double, feather: Double
  ) throws -> [PreparedOutput] {
    let maskBytes = try ImageFile.pngBytes(mask.grayImage, for: maskPath)
    let inputs = RepairRecord.Inputs(
      image: RepairRecord.FileDigest(path: image.path, bytes: image.bytes),
      mask: RepairRecord.FileDigest(path: maskPath, bytes: maskBytes), maskSource: "workbench",
      savedMask: (maskPath, maskBytes), prompt: ProviderOptions().effectivePrompt(for: provider))
    let record = RepairRecord(
      inputs: inputs, output: output.path, provider: provider, model: model, crop: plan.crop,
      uploadSize: plan.uploadSize, aspectName: plan.aspectName, patchSize: patchSize, padding: padding,
      feather: feather, maskedPixels: mask.insideCount, time: RepairRecord.now())
    return try RemoveSteps.prepareOutputs(decoded, overlay: overlay, output: output, record: record)
  }
}
