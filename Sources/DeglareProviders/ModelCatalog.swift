import DeglareCore

/// What deglare knows about one model: the sizes it takes and the parameters it accepts.
public struct ModelInfo: Sendable, Equatable {
  /// How a model treats OpenAI's `input_fidelity`.
  public enum InputFidelity: Sendable, Equatable {
    /// Accepts `high` (sent: keeps the crop's detail).
    case high
    /// Accepts only `low` (gpt-image-1-mini): not sent.
    case lowOnly
    /// Must be omitted (gpt-image-2 family).
    case unsupported
  }

  /// The id as sent to the API.
  public var id: String
  /// ``ProviderID/openai`` or ``ProviderID/gemini``.
  public var provider: ProviderID
  /// The family whose rules apply ("gpt-image-1.5", "gpt-image-2", "gemini-3.1-flash-image" ...).
  public var family: String
  /// The upload sizes the model takes (what the pipeline resizes the crop to).
  public var capability: UploadCapability
  /// OpenAI `quality` values, or Gemini `imageSize` values (both set with `--quality`); empty
  /// when the model takes none.
  public var qualities: [String]
  /// OpenAI `input_fidelity` support (`.unsupported` for Gemini).
  public var inputFidelity: InputFidelity
  /// Whether the id is in the table (false: the family's rules were guessed from the id).
  public var isKnown: Bool
  /// A one-line note for the user (unknown id, retired model), or nil.
  public var note: String?
}

/// The capability table of the remote models (docs/providers.md, Models and upload sizes).
public enum ModelCatalog {
  /// The default OpenAI model (the API's own default since 2026-08).
  public static let defaultOpenAIModel = "gpt-image-1.5"
  /// The default Gemini model.
  public static let defaultGeminiModel = "gemini-3.1-flash-image"

  /// The model `--model` defaults to for a remote provider.
  public static func defaultModel(for provider: ProviderID) -> String {
    provider == .openai ? defaultOpenAIModel : defaultGeminiModel
  }

  /// OpenAI 1.x models return only these sizes.
  public static let openAIFixedSizes = [
    PixelSize(width: 1024, height: 1024), PixelSize(width: 1536, height: 1024), PixelSize(width: 1024, height: 1536),
  ]
  /// gpt-image-2 family: multiples of 16, longest edge <= 3840, ratio <= 3:1, 655,360-8,294,400 px.
  public static let gptImage2Rule = FlexibleSizeRule(
    multiple: 16, maxEdge: 3840, maxAspectRatio: 3, minPixels: 655_360, maxPixels: 8_294_400)

  /// gemini-2.5-flash-image: one size per ratio (1290 output tokens each).
  public static let gemini25Ratios = [
    AspectRatioSize("1:1", 1024, 1024), AspectRatioSize("2:3", 832, 1248), AspectRatioSize("3:2", 1248, 832),
    AspectRatioSize("3:4", 864, 1184), AspectRatioSize("4:3", 1184, 864), AspectRatioSize("4:5", 896, 1152),
    AspectRatioSize("5:4", 1152, 896), AspectRatioSize("9:16", 768, 1344), AspectRatioSize("16:9", 1344, 768),
    AspectRatioSize("21:9", 1536, 672),
  ]
  /// Gemini 3.x image models, the 1K column (512 / 2K / 4K scale it).
  public static let gemini3Ratios = [
    AspectRatioSize("1:1", 1024, 1024), AspectRatioSize("1:4", 512, 2048), AspectRatioSize("1:8", 384, 3072),
    AspectRatioSize("2:3", 848, 1264), AspectRatioSize("3:2", 1264, 848), AspectRatioSize("3:4", 896, 1200),
    AspectRatioSize("4:1", 2048, 512), AspectRatioSize("4:3", 1200, 896), AspectRatioSize("4:5", 928, 1152),
    AspectRatioSize("5:4", 1152, 928), AspectRatioSize("8:1", 3072, 384), AspectRatioSize("9:16", 768, 1376),
    AspectRatioSize("16:9", 1376, 768), AspectRatioSize("21:9", 1584, 672),
  ]
  /// gemini-3-pro-image: the ten classic ratios at the 3.x pixel sizes.
  public static let gemini3ProRatios = gemini3Ratios.filter { !["1:4", "1:8", "4:1", "8:1"].contains($0.name) }

  static let openAIQualities = ["low", "medium", "high", "auto"]

  /// How Gemini's `imageSize` scales the 1K column, per edge: 512 is half, 2K twice, 4K four
  /// times; nil for a name that is not an image size (an OpenAI quality).
  public static func imageSizeScale(_ imageSize: String) -> Double? {
    ["512": 0.5, "1K": 1, "2K": 2, "4K": 4][imageSize]
  }

  /// A 1K table entry at another image size: each edge times `scale`, rounded.
  public static func scaled(_ entry: AspectRatioSize, by scale: Double) -> AspectRatioSize {
    AspectRatioSize(
      entry.name, Int((Double(entry.size.width) * scale).rounded()), Int((Double(entry.size.height) * scale).rounded()))
  }

  /// Every model in the table.
  public static let known: [ModelInfo] = {
    func openAI(
      _ id: String, family: String, fidelity: ModelInfo.InputFidelity, flexible: Bool = false,
      extraQualities: [String] = [], note: String? = nil
    ) -> ModelInfo {
      ModelInfo(
        id: id, provider: .openai, family: family,
        capability: flexible ? .flexible(gptImage2Rule) : .fixedSizes(openAIFixedSizes),
        qualities: openAIQualities + extraQualities, inputFidelity: fidelity, isKnown: true, note: note)
    }
    func gemini(_ id: String, family: String, ratios: [AspectRatioSize], sizes: [String], note: String? = nil)
      -> ModelInfo
    {
      ModelInfo(
        id: id, provider: .gemini, family: family, capability: .aspectRatios(ratios), qualities: sizes,
        inputFidelity: .unsupported, isKnown: true, note: note)
    }
    var models = [
      openAI(
        "gpt-image-1", family: "gpt-image-1", fidelity: .high,
        note: "gpt-image-1 was shut down on October 23, 2026 (per the openai SDK); use gpt-image-1.5 or newer"),
      openAI("gpt-image-1-mini", family: "gpt-image-1-mini", fidelity: .lowOnly),
      openAI("gpt-image-1.5", family: "gpt-image-1.5", fidelity: .high),
      openAI("chatgpt-image-latest", family: "gpt-image-1.5", fidelity: .high),
      openAI("gpt-image-2", family: "gpt-image-2", fidelity: .unsupported, flexible: true),
      openAI("gpt-image-2-2026-04-21", family: "gpt-image-2", fidelity: .unsupported, flexible: true),
    ]
    for variant in ["gpt-image-2.5-sunburst", "gpt-image-2.5-flare", "gpt-image-2.6-sunburst", "gpt-image-2.6-flare"] {
      models.append(
        openAI(
          variant, family: "gpt-image-2", fidelity: .unsupported, flexible: true, extraQualities: ["xhigh", "max"]))
    }
    for dated in ["gpt-image-2.5-sunburst-2026-09-08", "gpt-image-2.5-flare-2026-09-08"] {
      models.append(
        openAI(dated, family: "gpt-image-2", fidelity: .unsupported, flexible: true, extraQualities: ["xhigh", "max"]))
    }
    models += [
      gemini(
        "gemini-2.5-flash-image", family: "gemini-2.5-flash-image", ratios: gemini25Ratios, sizes: [],
        note: "gemini-2.5-flash-image was scheduled to shut down on October 2, 2026; use gemini-3.1-flash-image"),
      gemini(
        "gemini-3.1-flash-image", family: "gemini-3.1-flash-image", ratios: gemini3Ratios,
        sizes: ["512", "1K", "2K", "4K"]),
      gemini(
        "gemini-3.1-flash-lite-image", family: "gemini-3.1-flash-lite-image", ratios: gemini3Ratios,
        sizes: ["512", "1K"]),
      gemini("gemini-3-pro-image", family: "gemini-3-pro-image", ratios: gemini3ProRatios, sizes: ["1K", "2K", "4K"]),
    ]
    return models
  }()

  /// The model `id` of a remote `provider`. An unknown id gets the rules of the family its name
  /// suggests and a one-line ``ModelInfo/note`` saying so.
  public static func info(provider: ProviderID, model id: String) -> ModelInfo {
    if let match = known.first(where: { $0.provider == provider && $0.id == id }) { return match }
    let familyID: String
    if provider == .openai {
      familyID =
        id.hasPrefix("gpt-image-2")
        ? "gpt-image-2" : (id.hasPrefix("gpt-image-1-mini") ? "gpt-image-1-mini" : "gpt-image-1.5")
    } else if id.contains("2.5") || id.contains("2.0") {
      familyID = "gemini-2.5-flash-image"
    } else if id.contains("pro") {
      familyID = "gemini-3-pro-image"
    } else if id.contains("lite") {
      familyID = "gemini-3.1-flash-lite-image"
    } else {
      familyID = "gemini-3.1-flash-image"
    }
    var guess = known.first { $0.provider == provider && $0.id == familyID } ?? known[0]
    guess.id = id
    guess.isKnown = false
    guess.note = "unknown model '\(id)': using the \(guess.family) family's rules"
    return guess
  }
}
