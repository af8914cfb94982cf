import DeglareCore
import DeglareTransport

/// Builds OpenAI requests as plain values (no I/O), field for field as the official SDK sends them
/// (docs/providers.md, OpenAI edits): `prompt` first, the other fields alphabetically, then `image`
/// and `mask` with `image/png` types and file names.
public enum OpenAIRequest {
  /// The glare-removal prompt used when the user gives none. It describes the whole final image,
  /// as OpenAI's guide advises for mask edits.
  public static let defaultPrompt =
    "A photo of a framed painting, identical to the input image, except that the glare and reflections from the "
    + "glass in the transparent area of the mask are removed: there, restore the painting's own colours, "
    + "brushstrokes and texture so they continue the surrounding paint seamlessly. Do not add, remove or move "
    + "anything; keep the composition, colours, lighting and framing exactly as they are."

  /// `POST {baseURL}/images/edits` as multipart.
  ///
  /// - Parameters:
  ///   - baseURL: `OPENAI_BASE_URL` (it includes `/v1`).
  ///   - model: the model and its rules (decides `size`, `input_fidelity`).
  ///   - quality: the `quality` field (deglare always sends one: ``RemoteConfiguration/billedQuality``).
  ///   - size: the `size` to ask for (from ``outputSize(for:model:)``).
  ///   - image: the crop as PNG (see ``UploadEncoding/imagePNG(_:)``).
  ///   - mask: the RGBA mask PNG (see ``UploadEncoding/openAIMaskPNG(_:)``).
  public static func edit(
    baseURL: String, apiKey: String, model: ModelInfo, prompt: String, quality: String?, size: PixelSize,
    image: [UInt8], mask: [UInt8], organization: String? = nil, project: String? = nil
  ) -> HTTPRequest {
    var fields: [MultipartPart] = [.field("prompt", prompt)]
    if model.inputFidelity == .high { fields.append(.field("input_fidelity", "high")) }
    fields.append(.field("model", model.id))
    fields.append(.field("n", "1"))
    fields.append(.field("output_format", "png"))
    if let quality { fields.append(.field("quality", quality)) }
    fields.append(.field("size", size.description))
    fields.append(.file("image", filename: "image.png", contentType: "image/png", data: image))
    fields.append(.file("mask", filename: "mask.png", contentType: "image/png", data: mask))
    return HTTPRequest(
      method: .post, url: join(baseURL, "images/edits"),
      headers: headers(apiKey: apiKey, organization: organization, project: project), body: .multipart(fields))
  }

  /// `GET {baseURL}/models`: free, authenticated; used by `deglare keys check`.
  public static func models(baseURL: String, apiKey: String, organization: String? = nil, project: String? = nil)
    -> HTTPRequest
  {
    HTTPRequest(
      method: .get, url: join(baseURL, "models"),
      headers: headers(apiKey: apiKey, organization: organization, project: project))
  }

  /// The `size` to ask for: the upload size itself when the model takes it (gpt-image-2 family),
  /// else the fixed size closest in aspect ratio (1.x models).
  /// (The pipeline already planned the upload within `--max-size`, so the model's own rule is the
  /// one to check it against.)
  public static func outputSize(for upload: PixelSize, model: ModelInfo) -> PixelSize {
    switch model.capability {
    case .fixedSizes(let sizes): return UploadSizes.closestFixed(sizes, to: upload) ?? upload
    case .flexible(let rule): return UploadSizes.fit(upload, rule)
    case .native, .aspectRatios: return upload
    }
  }

  static func headers(apiKey: String, organization: String?, project: String?) -> [HTTPHeader] {
    var headers = [HTTPHeader("Authorization", "Bearer \(apiKey)"), HTTPHeader("Accept", "application/json")]
    if let organization, !organization.isEmpty { headers.append(HTTPHeader("OpenAI-Organization", organization)) }
    if let project, !project.isEmpty { headers.append(HTTPHeader("OpenAI-Project", project)) }
    return headers
  }

  /// `base` + "/" + `path`, with exactly one slash between.
  static func join(_ base: String, _ path: String) -> String {
    var base = base
    while base.hasSuffix("/") { base.removeLast() }
    return base + "/" + path
  }
}
