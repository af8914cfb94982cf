import DeglareCore
import DeglareProviders
import Foundation

/// What was done to a photo, written beside the result as `<result>.json` and, as an
/// `xmpMM:History` entry, into the result's XMP (docs/pipeline.md, The repair record).
///
/// It names files by path and SHA-256 so anyone can check that the record belongs to them, and
/// never holds a key: only the provider, model or method, and the prompt.
public struct RepairRecord: Sendable {
  /// A file and the SHA-256 of its bytes.
  public struct FileDigest: Sendable, Equatable {
    /// The path as given on the command line (or derived from it).
    public var path: String
    /// 64 lower-case hex digits.
    public var sha256: String

    /// Creates a digest of `bytes` for `path`.
    public init(path: String, bytes: [UInt8]) {
      self.path = path
      sha256 = SHA256.hex(bytes)
    }

    var json: JSONValue { .object([("path", .string(path)), ("sha256", .string(sha256))]) }
  }

  /// What is known before the provider runs: the files read, the mask, the prompt, and the mask
  /// file to write beside the result.
  public struct Inputs: Sendable {
    /// The photo.
    public var image: FileDigest
    /// The mask the result was made with: the file given with `--mask`, or for `--mask auto` the
    /// mask file written beside the result.
    public var mask: FileDigest
    /// "file" (`--mask MASK`) or "auto" (`--mask auto`, the detector's grown proposal).
    public var maskSource: String
    /// The mask file written with the result (`--save-mask`, or `--mask auto`'s), and its bytes.
    public var savedMask: (path: String, bytes: [UInt8])?
    /// The prompt sent to a remote provider (nil for the local one).
    public var prompt: String?

    /// Creates the inputs.
    public init(
      image: FileDigest, mask: FileDigest, maskSource: String, savedMask: (path: String, bytes: [UInt8])?,
      prompt: String?
    ) {
      self.image = image
      self.mask = mask
      self.maskSource = maskSource
      self.savedMask = savedMask
      self.prompt = prompt
    }
  }

  /// The record's path for a result: `<result>.json`.
  public static func path(for output: String) -> String { output + ".json" }

  /// What was known before the provider ran.
  public var inputs: Inputs
  /// The result file.
  public var output: String
  /// The provider that repainted.
  public var provider: ProviderID
  /// The model (remote) or method (local) that ran.
  public var model: String
  /// The crop in canonical coordinates.
  public var crop: PixelRect
  /// The size the crop was sent at.
  public var uploadSize: PixelSize
  /// The aspect-ratio name sent (Gemini).
  public var aspectName: String?
  /// The size of the image the provider returned, before it was fitted back to the crop.
  public var patchSize: PixelSize
  /// `--padding` and `--feather`.
  public var padding: Double
  /// `--feather`, in pixels.
  public var feather: Double
  /// Pixels inside the mask.
  public var maskedPixels: Int
  /// When the result was made, ISO 8601 in UTC.
  public var time: String
  /// Whether the result's XMP got the history entry (false when an existing packet could not be
  /// edited safely and was kept as it was).
  public var xmpHistory = false

  /// The record as `<result>.json` holds it.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("input", inputs.image.json),
      (
        "mask",
        .object([
          ("path", .string(inputs.mask.path)), ("sha256", .string(inputs.mask.sha256)),
          ("source", .string(inputs.maskSource)),
        ])
      ),
    ]
    if let saved = inputs.savedMask, saved.path != inputs.mask.path {
      members.append(("saved_mask", FileDigest(path: saved.path, bytes: saved.bytes).json))
    }
    members += [
      ("output", .string(output)),
      ("provider", .string(provider.rawValue)),
      (provider.isRemote ? "model" : "method", .string(model)),
      ("prompt", inputs.prompt.map(JSONValue.string) ?? .null),
      ("crop", .array(crop.array.map(JSONValue.int))),
      ("upload_size", .array([.int(uploadSize.width), .int(uploadSize.height)])),
    ]
    if let aspectName { members.append(("aspect_ratio", .string(aspectName))) }
    members += [
      ("patch_size", .array([.int(patchSize.width), .int(patchSize.height)])),
      ("padding", .double(padding)),
      ("feather", .double(feather)),
      ("masked_pixels", .int(maskedPixels)),
      ("time", .string(time)),
      ("deglare_version", .string(DeglareVersion.current)),
      ("xmp_history", .bool(xmpHistory)),
    ]
    return .object(members)
  }

  /// The same facts as one `xmpMM:History` entry.
  public var xmpEvent: XMPHistory.Event {
    let what = provider.isRemote ? "\(provider.rawValue) model \(model)" : "local method \(model)"
    let parameters =
      "repainted the glare under the mask (\(maskedPixels) pixels) in the region x=\(crop.x) y=\(crop.y) "
      + "w=\(crop.width) h=\(crop.height) with \(what); every pixel outside the mask unchanged; "
      + "mask \(inputs.mask.path) sha256 \(inputs.mask.sha256); input sha256 \(inputs.image.sha256)"
    return XMPHistory.Event(
      action: "edited", when: time, softwareAgent: DeglareVersion.softwareAgent, changed: "/content",
      parameters: parameters)
  }

  /// The current time as ISO 8601 in UTC, to the second ("2026-12-01T19:50:00Z").
  public static func now() -> String {
    Date().ISO8601Format()
  }
}

extension ProviderOptions {
  /// The prompt `provider` sends with these options: the user's, or the provider's default; nil
  /// for the local provider, which takes none.
  public func effectivePrompt(for provider: ProviderID) -> String? {
    switch provider {
    case .local: return nil
    case .openai: return prompt ?? OpenAIRequest.defaultPrompt
    case .gemini: return GeminiRequest.prompt(user: prompt)
    }
  }
}
