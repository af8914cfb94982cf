import DeglareCodecs
import DeglareCore
import DeglareProviders

/// One removal as a caller asks for it (`deglare remove`, and the batch and workbench modes):
/// the photo, where the mask comes from, the provider and its options, how to crop and feather,
/// where the result goes, or a dry run instead.
///
/// ``run(_:)`` does the whole job in order: checks the output, reads the photo, reads or detects
/// the mask, builds the provider (looking up its key), then repaints and writes, or writes the
/// dry run. The caller parses and prints; it learns what happens through ``RemoveEvent``s and the
/// returned ``RemoveOutcome``.
public struct RemoveRequest: Sendable {
  /// Where the mask comes from.
  public enum MaskSource: Sendable {
    /// A mask image (white, >= 128, = repaint), the photo's size after EXIF orientation.
    case file(String)
    /// The glare detector's proposal, grown (`--mask auto`, ``AutoMask``).
    case automatic(AutoMask.Configuration = AutoMask.Configuration())
  }

  /// The provider when none is named: the local method (nothing leaves the machine).
  public static let defaultProvider = ProviderID.local

  /// The photo (PNG or JPEG).
  public let imagePath: String
  /// Where the mask comes from.
  public let mask: MaskSource
  /// The provider that repaints.
  public var provider: ProviderID
  /// The local method, or the remote model, prompt, quality and timeout.
  public var options: ProviderOptions
  /// Padding, feather, and the output (path, format, overwrite; the inputs it may not replace).
  public var settings: RemoveSettings
  /// `--dry-run DIR`: write what the provider would receive into this folder instead, and call
  /// nothing (no key is looked up).
  public var dryRunDirectory: String?
  /// The pixel limit for reading the photo and the mask.
  public var decodeOptions: DecodeOptions

  /// Creates a request; the output may be neither the photo nor the mask file.
  public init(
    imagePath: String, mask: MaskSource, provider: ProviderID = defaultProvider,
    options: ProviderOptions = ProviderOptions(),
    output: String, writeOptions: ImageWriteOptions = ImageWriteOptions(),
    padding: Double = RemoveSettings.defaultPadding, feather: Double = RemoveSettings.defaultFeather,
    dryRunDirectory: String? = nil, decodeOptions: DecodeOptions = DecodeOptions()
  ) {
    self.imagePath = imagePath
    self.mask = mask
    self.provider = provider
    self.options = options
    var inputs = [imagePath]
    if case .file(let maskPath) = mask { inputs.append(maskPath) }
    settings = RemoveSettings(
      padding: padding, feather: feather, output: OutputSettings(path: output, options: writeOptions, inputs: inputs))
    self.dryRunDirectory = dryRunDirectory
    self.decodeOptions = decodeOptions
  }
}

/// What happens during ``RemoveRequest/run(_:)``, in order, for a caller that reports progress.
public enum RemoveEvent: Sendable {
  /// `--mask auto` ran the detector (told before an empty proposal ends the removal).
  case detected(AutoMask.Result)
  /// The result will be a JPEG: re-encoded, so the pixels outside the mask cannot stay
  /// bit-identical.
  case lossyOutput(path: String)
  /// The provider is about to receive the crop (for a remote one, the upload starts now).
  case repainting(provider: ProviderID, model: String)
}

/// What a removal produced.
public enum RemoveOutcome: Sendable {
  /// The result was written.
  case removed(RemovalSummary)
  /// The dry run's files were written; nothing was sent.
  case dryRun(DryRun.Report)
}
