import DeglareCore

/// What a remote request will be billed for, known before anything is sent: the model, the size
/// of the image it makes, and the quality that prices it (docs/providers.md, Sizes and price).
/// The summary, `--json` and the dry run's plan state it.
public struct BilledOutput: Sendable, Equatable {
  /// The model id as sent.
  public var model: String
  /// The size of the image the model makes and charges for, in pixels (the upload's size: the
  /// pipeline sends what it asks for).
  public var size: PixelSize
  /// OpenAI's `quality`, always sent; Gemini's `imageSize` as sent, or the API's default (1K)
  /// when none is sent.
  public var quality: String
  /// Whether `quality` is in the request (false: Gemini without `--quality`, or a model that
  /// takes none: the API's default applies).
  public var qualitySent: Bool
  /// What the user should know about the size (the gpt-image-2 pixel cap), one sentence each.
  public var notes: [String]

  /// Creates a statement.
  public init(model: String, size: PixelSize, quality: String, qualitySent: Bool, notes: [String] = []) {
    self.model = model
    self.size = size
    self.quality = quality
    self.qualitySent = qualitySent
    self.notes = notes
  }

  /// The `billing` object of `--json` and plan.json: `model`, `size` `[w, h]`, `quality`,
  /// `quality_sent`.
  public var json: JSONValue {
    .object([
      ("model", .string(model)), ("size", .array([.int(size.width), .int(size.height)])),
      ("quality", .string(quality)), ("quality_sent", .bool(qualitySent)),
    ])
  }

  /// The members a plan states it with (the dry run's plan.json, the workbench's plan): `billing`,
  /// then `notes` when there are any.
  public var planMembers: [(String, JSONValue)] {
    [("billing", json)] + (notes.isEmpty ? [] : [("notes", .array(notes.map(JSONValue.string)))])
  }

  /// "gpt-image-1.5, one 1536x1024 image, quality high" for the text summary.
  public var summary: String {
    "\(model), one \(size) image, quality \(quality)" + (qualitySent ? "" : " (the API's default)")
  }
}

extension RemoteConfiguration {
  /// OpenAI's `quality` when `--quality` is not given. Sent explicitly, so the price is known
  /// before the call (left out, the server's `auto` picks it).
  public static let defaultOpenAIQuality = "high"
  /// Gemini's image size when `--quality` is not given: the API's default, not sent.
  public static let defaultGeminiImageSize = "1K"
  /// The most pixels a gpt-image-2 request sends and asks for unless `--max-size` says otherwise:
  /// 2560x1440, above which OpenAI's guide calls outputs experimental.
  public static let defaultPixelCap = PixelSize(width: 2560, height: 1440)

  /// The quality that prices the request: `--quality`, else OpenAI's default (sent), else
  /// Gemini's (the API's, not sent).
  public var billedQuality: String {
    quality ?? (model.provider == .openai ? Self.defaultOpenAIQuality : Self.defaultGeminiImageSize)
  }

  /// The `quality` or `imageSize` field sent: OpenAI always has one, Gemini only with `--quality`.
  var sentQuality: String? { model.provider == .openai ? billedQuality : quality }

  /// The pixel cap in force for a model of free size: `--max-size`, else ``defaultPixelCap``.
  var pixelCap: PixelSize { maxSize ?? Self.defaultPixelCap }

  /// The sizes the pipeline plans the upload with: the model's own, with Gemini's table scaled to
  /// the `imageSize` asked for (the upload follows the size that is paid for) and the gpt-image-2
  /// family's pixel range capped at ``pixelCap``.
  public var capability: UploadCapability {
    switch model.capability {
    case .aspectRatios(let ratios):
      guard let quality, let factor = ModelCatalog.imageSizeScale(quality) else { return model.capability }
      return .aspectRatios(ratios.map { ModelCatalog.scaled($0, by: factor) })
    case .flexible(var rule):
      rule.maxPixels = min(rule.maxPixels, max(rule.minPixels, pixelCap.area))
      return .flexible(rule)
    case .native, .fixedSizes:
      return model.capability
    }
  }

  /// What a request for `plan` is billed for.
  /// - Throws: ``ProviderError/invalidOption(message:)`` when `--quality` asks Gemini for an
  ///   image larger than the crop needs: the smallest `imageSize` that covers the crop (at least
  ///   the default 1K) is named instead.
  public func billing(for plan: CropPlan) throws(ProviderError) -> BilledOutput {
    var notes: [String] = []
    if model.provider == .gemini { try checkImageSize(for: plan) }
    if case .flexible = model.capability, plan.crop.size.area > pixelCap.area,
      plan.uploadSize.area < plan.crop.size.area
    {
      let limit =
        maxSize.map { "within --max-size \($0)" }
        ?? "within \(Self.defaultPixelCap) pixels, above which OpenAI calls outputs experimental; "
        + "--max-size 3840x2160 allows more"
      notes.append("the \(plan.crop.size) crop is sent to \(model.id) as \(plan.uploadSize), \(limit)")
    }
    let qualitySent = sentQuality != nil
    return BilledOutput(
      model: model.id, size: plan.uploadSize, quality: billedQuality, qualitySent: qualitySent, notes: notes)
  }

  /// Refuses a Gemini `imageSize` above the one the crop needs.
  private func checkImageSize(for plan: CropPlan) throws(ProviderError) {
    guard let quality, let asked = ModelCatalog.imageSizeScale(quality),
      case .aspectRatios(let ratios) = model.capability,
      let entry = ratios.first(where: { $0.name == plan.aspectName })
    else { return }
    let crop = plan.crop.size
    let offered = model.qualities.compactMap { name in
      ModelCatalog.imageSizeScale(name).map { (name: name, scale: $0, size: ModelCatalog.scaled(entry, by: $0).size) }
    }.sorted { $0.scale < $1.scale }
    let covering = offered.first { $0.size.width >= crop.width && $0.size.height >= crop.height } ?? offered.last
    let standard = offered.first { $0.name == Self.defaultGeminiImageSize }
    guard let needed = [covering, standard].compactMap({ $0 }).max(by: { $0.scale < $1.scale }), asked > needed.scale
    else { return }
    let size = ModelCatalog.scaled(entry, by: asked).size
    throw .invalidOption(
      message:
        "--quality \(quality) would have \(model.id) make (and bill) a \(size) image for a \(crop) crop, only to "
        + "shrink it; \(needed.name) (\(needed.size)) already covers the crop: use --quality \(needed.name)"
        + (needed.name == Self.defaultGeminiImageSize ? " or leave --quality out" : ""))
  }
}
