import DeglareCodecs
import DeglareCore
import DeglareKeyStore
import DeglareProviders

/// What a removal takes from its surroundings: the environment, the key store, and whom to tell.
public struct RemoveContext: Sendable {
  /// The environment variables: keys first, then base URLs, the API version and proxies.
  public var environment: [String: String]
  /// Where keys are kept besides the environment (the Secret Service).
  public var secretStore: any SecretStore
  /// Given each key before it is used, so a caller that prints can redact it.
  public var keyLoaded: @Sendable (String) -> Void
  /// Told each ``RemoveEvent`` as it happens.
  public var events: @Sendable (RemoveEvent) -> Void

  /// Creates a context.
  public init(
    environment: [String: String], secretStore: any SecretStore, keyLoaded: @escaping @Sendable (String) -> Void,
    events: @escaping @Sendable (RemoveEvent) -> Void
  ) {
    self.environment = environment
    self.secretStore = secretStore
    self.keyLoaded = keyLoaded
    self.events = events
  }
}

extension RemoveRequest {
  /// The files the removal reads; the output may be none of them.
  public var inputs: [String] { settings.output.inputs }

  /// Runs the removal, or the dry run.
  ///
  /// In order: the photo is read, the mask file read and checked (so a missing or broken input
  /// is reported before an output conflict), the outputs are checked (the result, its record and
  /// the saved mask: before any expensive work, so a wasted run is refused early; not for a dry
  /// run), `--mask auto` runs the detector, the provider is built (the key looked up only for a
  /// remote provider and not for a dry run), then the crop is repainted and the result written
  /// with its record through a ``RemovalSession``, or the dry run's files written.
  /// - Throws: `ImageFileError`, ``RemoveInputError``, `KeyStoreError`, ``ProviderError``,
  ///   ``RemovalError``, `WriteError`, `CancellationError`.
  public func run(_ context: RemoveContext) async throws -> RemoveOutcome {
    let output = settings.output
    let resultIsStream = OutputFile.writesThrough(output.path)
    let encodedImage = try ImageFile.load(imagePath, options: decodeOptions)
    let imageBytes = encodedImage.bytes
    let decoded = try encodedImage.decode(options: decodeOptions)
    let maskFile = try readMaskFile(for: decoded.image)
    if dryRunDirectory == nil {
      try ImageFile.preflight(output.path, options: output.options, inputs: inputs)
      for path in outputPaths where path != output.path && !resultIsStream {
        try OutputFile.preflight(path, overwrite: output.options.overwrite, inputs: inputs)
      }
    }
    let mask = try maskFile?.mask ?? detectMask(in: decoded.image, events: context.events)
    let fraction = Double(mask.insideCount) / Double(max(1, mask.size.width * mask.size.height))
    if fraction > Self.largeMaskFraction { context.events(.largeMask(fraction: fraction)) }
    let provider = try makeProvider(context)

    if let directory = dryRunDirectory {
      return .dryRun(
        try DryRun.write(
          image: decoded.image, profile: decoded.metadata.iccProfile, mask: mask, imagePath: imagePath,
          provider: provider, padding: settings.padding, directory: directory, overwrite: output.options.overwrite,
          inputs: inputs))
    }
    var settings = settings
    // A result written through as a stream (`-o -`, the null device) has no folder beside it: no
    // record and no saved mask.
    settings.record =
      resultIsStream ? nil : try recordInputs(imageBytes: imageBytes, maskFileBytes: maskFile?.bytes, mask: mask)
    // A JPEG photo's JPEG result is written over its own blocks; any other JPEG is re-encoded whole.
    if output.options.format == .jpeg && decoded.jpegFile == nil { context.events(.lossyOutput(path: output.path)) }
    // An output larger than the crop needs is refused before the user is told anything is sent.
    _ = try RemoveSteps.plan(mask: mask, provider: provider, padding: settings.padding)
    context.events(.repainting(provider: provider.id, model: provider.model))
    let session = RemovalSession()
    await session.load(image: decoded, mask: mask)
    do {
      return .removed(try await session.remove(provider: provider, settings: settings).summary)
    } catch {
      await session.close()
      throw error
    }
  }

  /// The mask file's bytes and its mask, checked against the photo and binarized; nil for
  /// `--mask auto`.
  private func readMaskFile(for image: ImageBuffer) throws -> (bytes: [UInt8], mask: Mask)? {
    guard case .file(let maskPath) = mask else { return nil }
    let file = try RemoveSteps.readMaskFile(
      maskPath, imageSize: image.size, imagePath: imagePath, options: decodeOptions)
    let checked = try RemoveSteps.validatedMask(file.mask, image: image, maskPath: maskPath, imagePath: imagePath)
    return (file.bytes, checked)
  }

  /// The detector's grown proposal (`--mask auto`).
  private func detectMask(in image: ImageBuffer, events: (RemoveEvent) -> Void) throws -> Mask {
    let configuration: AutoMask.Configuration
    if case .automatic(let given) = mask { configuration = given } else { configuration = AutoMask.Configuration() }
    let automatic = AutoMask.detect(image, configuration: configuration)
    events(.detected(automatic))
    guard automatic.mask.insideBoundingBox != nil else {
      throw RemoveInputError.nothingDetected(imagePath: imagePath)
    }
    return automatic.mask
  }

  /// What the repair record knows before the provider runs: the digests, the mask file to
  /// write with the result, the prompt.
  private func recordInputs(imageBytes: [UInt8], maskFileBytes: [UInt8]?, mask: Mask) throws -> RepairRecord.Inputs {
    var savedMask: (path: String, bytes: [UInt8])?
    if let path = maskOutputPath { savedMask = (path, try ImageFile.pngBytes(mask.grayImage, for: path)) }
    let maskDigest: RepairRecord.FileDigest
    switch (self.mask, maskFileBytes, savedMask) {
    case (.file(let path), let bytes?, _): maskDigest = RepairRecord.FileDigest(path: path, bytes: bytes)
    case (_, _, let saved?): maskDigest = RepairRecord.FileDigest(path: saved.path, bytes: saved.bytes)
    default: preconditionFailure("a mask is either a file or saved beside the result")
    }
    let source: String
    if case .automatic = self.mask { source = "auto" } else { source = "file" }
    return RepairRecord.Inputs(
      image: RepairRecord.FileDigest(path: imagePath, bytes: imageBytes), mask: maskDigest, maskSource: source,
      savedMask: savedMask, prompt: options.effectivePrompt(for: provider))
  }

  /// The provider, with its key from the environment or the Secret Service when it is remote and
  /// this is not a dry run.
  private func makeProvider(_ context: RemoveContext) throws -> any ImageEditProvider {
    try ProviderSetup.make(
      provider, options: options, lookUpKey: dryRunDirectory == nil, environment: context.environment,
      secretStore: context.secretStore, keyLoaded: context.keyLoaded)
  }
}
