import DeglareCodecs
import DeglareCore
import DeglareProviders

/// How a removal runs, apart from the provider: crop padding, feather, and where the result goes.
public struct RemoveSettings: Sendable {
  /// The default ``padding``: 12 % of the mask's longer side gives the provider enough paint
  /// around the glare to continue.
  public static let defaultPadding = 0.12
  /// The default ``feather``, in pixels.
  public static let defaultFeather = 6.0

  /// Padding around the mask's bounding box, as a fraction of its longer side (`--padding`).
  public var padding: Double
  /// Inward feather width in full-resolution pixels (`--feather`; 0 = hard edge).
  public var feather: Double
  /// Where and how the result is written.
  public var output: OutputSettings
  /// What the repair record needs from before the removal (the files' digests, the mask to save,
  /// the prompt); nil writes the result alone, with no record, no saved mask and no XMP entry.
  public var record: RepairRecord.Inputs?

  /// Creates settings; the defaults are those of docs/cli.md, remove.
  public init(
    padding: Double = defaultPadding, feather: Double = defaultFeather, output: OutputSettings,
    record: RepairRecord.Inputs? = nil
  ) {
    self.padding = padding
    self.feather = feather
    self.output = output
    self.record = record
  }
}

/// The output of a removal.
public struct OutputSettings: Sendable {
  /// The output path.
  public var path: String
  /// Format, compression and overwrite policy.
  public var options: ImageWriteOptions
  /// The files the command read; the output may never be one of them.
  public var inputs: [String]

  /// Creates output settings.
  public init(path: String, options: ImageWriteOptions, inputs: [String]) {
    self.path = path
    self.options = options
    self.inputs = inputs
  }
}

/// What a removal did, for the summary (`--json` keys: output, crop, upload_size, provider,
/// model or method, seconds, usage, regions, billing).
public struct RemovalSummary: Sendable {
  /// The written file.
  public var output: String
  /// The crop in canonical coordinates.
  public var crop: PixelRect
  /// The size the crop was sent at.
  public var uploadSize: PixelSize
  /// The aspect-ratio name sent to the provider, if any.
  public var aspectName: String?
  /// The provider that repainted.
  public var provider: ProviderID
  /// The model (remote) or method (local) that ran.
  public var model: String
  /// Token usage, when the provider reported it.
  public var usage: JSONValue?
  /// Pixels inside the mask.
  public var maskedPixels: Int
  /// Notes from the provider (model family fallbacks, retries).
  public var notes: [String]
  /// The repair record written beside the output (`<output>.json`), if any.
  public var record: String?
  /// The mask file written with the output (`--save-mask`, or `--mask auto`'s), if any.
  public var savedMask: String?
  /// What the local method did per connected part of the mask (subtract, fill or unchanged),
  /// boxes in canonical coordinates; empty for remote providers.
  public var regions: [LocalRegion] = []
  /// How the remote patch was registered to the crop before compositing (nil for the local
  /// provider, whose patch keeps the crop's pixels).
  public var registration: RegistrationFit?
  /// What the remote request was billed for (model, output size, quality); nil for the local
  /// provider.
  public var billing: BilledOutput?
  /// For a JPEG written over a JPEG original: the blocks re-encoded (every other block kept its
  /// coefficients byte for byte); nil for any other output, whose pixels outside the mask are
  /// the original's exactly (PNG) or re-encoded as a whole (JPEG of a non-JPEG original).
  public var jpegSplice: JPEGSpliceReport?
}

extension RemovalSummary {
  /// Whether the provider was remote (decides "model" versus "method" in the summary).
  public var isRemote: Bool { provider.isRemote }
}
