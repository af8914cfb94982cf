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
  /// `--save-mask PATH`: where to write the mask that was used (binarized; for `--mask auto`,
  /// grown), an 8-bit gray PNG of 0 and 255 for which `deglare verify` holds.
  public var saveMaskPath: String?

  /// A mask covering more than this fraction of the photo gets a warning ("is this the right
  /// mask?"): glare is rarely a quarter of a painting, an inverted mask often is.
  public static let largeMaskFraction = 0.25

  /// Creates a request; the output may be neither the photo nor the mask file.
  public init(
    imagePath: String, mask: MaskSource, provider: ProviderID = defaultProvider,
    options: ProviderOptions = ProviderOptions(),
    output: String, writeOptions: ImageWriteOptions = ImageWriteOptions(),
    padding: Double = RemoveSettings.defaultPadding, feather: Double = RemoveSettings.defaultFeather,
    dryRunDirectory: String? = nil, decodeOptions: DecodeOptions = DecodeOptions(), saveMaskPath: String? = nil
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
    self.saveMaskPath = saveMaskPath
  }

  /// Where the mask that was used is written with the result: `--save-mask`, else for
  /// `--mask auto` `<result stem>.mask.png` beside the result; nil for a mask file without
  /// `--save-mask` (that file is the mask).
  public var maskOutputPath: String? {
    if let saveMaskPath { return saveMaskPath }
    guard case .automatic = mask else { return nil }
    return OutputNaming.beside(settings.output.path, suffix: ".mask.png")
  }

  /// The mask file given with `--mask MASK`; nil for `--mask auto`.
  public var maskFilePath: String? {
    guard case .file(let path) = mask else { return nil }
    return path
  }

  /// Every file a removal writes, in the order they are checked: the result, its record, the
  /// saved mask (so a second run is told first about the result).
  public var outputPaths: [String] {
    [settings.output.path, RepairRecord.path(for: settings.output.path)] + (maskOutputPath.map { [$0] } ?? [])
  }
}

/// What happens during ``RemoveRequest/run(_:)``, in order, for a caller that reports progress.
public enum RemoveEvent: Sendable {
  /// `--mask auto` ran the detector (told before an empty proposal ends the removal).
  case detected(AutoMask.Result)
  /// The mask covers more than ``RemoveRequest/largeMaskFraction`` of the photo; `fraction` is
  /// its share (0...1).
  case largeMask(fraction: Double)
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
