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
  /// In order: the output is checked (before any work, so a wasted run is refused early; not for
  /// a dry run), the photo is read, the mask read and checked or detected, the provider built
  /// (the key looked up only for a remote provider and not for a dry run), then the crop is
  /// repainted and the result written through a ``RemovalSession``, or the dry run's files
  /// written.
  /// - Throws: `ImageFileError`, ``RemoveInputError``, `KeyStoreError`, ``ProviderError``,
  ///   ``RemovalError``, `WriteError`, `CancellationError`.
  public func run(_ context: RemoveContext) async throws -> RemoveOutcome {
    let output = settings.output
    if dryRunDirectory == nil {
      try OutputFile.preflight(output.path, overwrite: output.options.overwrite, inputs: inputs)
    }
    let decoded = try ImageFile.read(imagePath, options: decodeOptions)
    let mask = try loadMask(for: decoded.image, events: context.events)
    let provider = try makeProvider(context)

    if let directory = dryRunDirectory {
      return .dryRun(
        try DryRun.write(
          image: decoded.image, profile: decoded.metadata.iccProfile, mask: mask, imagePath: imagePath,
          provider: provider, padding: settings.padding,
          directory: directory, overwrite: output.options.overwrite))
    }
    // A JPEG photo's JPEG result is written over its own blocks; any other JPEG is re-encoded whole.
    if output.options.format == .jpeg && decoded.jpegFile == nil { context.events(.lossyOutput(path: output.path)) }
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

  /// The mask file, checked against the photo and binarized; or the detector's grown proposal.
  private func loadMask(for image: ImageBuffer, events: (RemoveEvent) -> Void) throws -> Mask {
    switch mask {
    case .automatic(let configuration):
      let automatic = AutoMask.detect(image, configuration: configuration)
      events(.detected(automatic))
      guard automatic.mask.insideBoundingBox != nil else {
        throw RemoveInputError.nothingDetected(imagePath: imagePath)
      }
      return automatic.mask
    case .file(let maskPath):
      let maskImage = try ImageFile.read(maskPath, options: decodeOptions).image
      return try RemoveSteps.validatedMask(
        Mask(image: maskImage), image: image, maskPath: maskPath, imagePath: imagePath)
    }
  }

  /// The provider, with its key from the environment or the Secret Service when it is remote and
  /// this is not a dry run.
  private func makeProvider(_ context: RemoveContext) throws -> any ImageEditProvider {
    try ProviderSetup.make(
      provider, options: options, lookUpKey: dryRunDirectory == nil, environment: context.environment,
      secretStore: context.secretStore, keyLoaded: context.keyLoaded)
  }
}
