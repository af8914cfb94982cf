import DeglareCore
import DeglareTransport

/// Builds Gemini requests as plain values (no I/O), in the shape the official google-genai SDK
/// sends (docs/providers.md, Gemini generateContent): one user content with a text part, the crop
/// and the mask as inline PNG parts (`inlineData` with `mime_type`, standard base64), and
/// `generationConfig` with the response modalities and `imageConfig.aspectRatio`.
public enum GeminiRequest {
  /// What the mask means; always sent first, because Gemini has no mask field of its own.
  public static let maskPreamble =
    "Image 1 is a photo of a painting behind glass. Image 2 is a mask of exactly the same size: white marks the area "
    + "you may change, black marks everything that must stay exactly as it is in image 1."

  /// The glare-removal instructions used when the user gives no prompt.
  public static let defaultInstructions =
    "In the white area only, remove the glare and reflections of the glass and restore the painting's own colours, "
    + "brushstrokes and texture so they continue the surrounding paint seamlessly. Do not add, remove or move "
    + "anything, and keep the framing and aspect ratio. Return the edited image 1."

  /// The text part: the mask preamble, then the user's prompt or the default instructions.
  public static func prompt(user: String?) -> String {
    maskPreamble + " " + (user ?? defaultInstructions)
  }

  /// `POST {baseURL}/{version}/models/{model}:generateContent` with header `x-goog-api-key`.
  ///
  /// - Parameters:
  ///   - baseURL: `GOOGLE_GEMINI_BASE_URL` (no version segment).
  ///   - apiVersion: "v1" (the SDK's default), "v1beta" or "v1alpha".
  ///   - aspectRatio: the `imageConfig.aspectRatio` ("3:2"), see ``aspectRatio(for:model:)``.
  ///   - imageSize: `imageConfig.imageSize` ("2K"), or nil to leave it out.
  public static func generate(
    baseURL: String, apiVersion: String, apiKey: String, model: ModelInfo, prompt: String, aspectRatio: String,
    imageSize: String?, image: [UInt8], mask: [UInt8]
  ) -> HTTPRequest {
    let body = self.body(
      prompt: prompt, aspectRatio: aspectRatio, imageSize: imageSize, imageData: Base64.encode(image),
      maskData: Base64.encode(mask))
    return HTTPRequest(
      method: .post, url: OpenAIRequest.join(baseURL, "\(apiVersion)/models/\(model.id):generateContent"),
      headers: [HTTPHeader("x-goog-api-key", apiKey)], body: .bytes(body, contentType: "application/json"))
  }

  /// `GET {baseURL}/{version}/models?pageSize=1000`: free, authenticated; for `deglare keys check`.
  public static func models(baseURL: String, apiVersion: String, apiKey: String) -> HTTPRequest {
    HTTPRequest(
      method: .get, url: OpenAIRequest.join(baseURL, "\(apiVersion)/models?pageSize=1000"),
      headers: [HTTPHeader("x-goog-api-key", apiKey)])
  }

  /// The request JSON as `generate` sends it, with both base64 strings replaced by a note
  /// (for `--dry-run`'s request.json).
  public static func previewJSON(prompt: String, aspectRatio: String, imageSize: String?, image: [UInt8], mask: [UInt8])
    -> [UInt8]
  {
    body(
      prompt: prompt, aspectRatio: aspectRatio, imageSize: imageSize,
      imageData: "<base64 of image.png, \(image.count) bytes>", maskData: "<base64 of mask.png, \(mask.count) bytes>")
  }

  /// The aspect ratio to ask for: the table entry whose size is the upload size, else the closest.
  public static func aspectRatio(for upload: PixelSize, model: ModelInfo) -> AspectRatioSize {
    aspectRatio(for: upload, capability: model.capability)
  }

  /// ``aspectRatio(for:model:)`` in a table scaled to the `imageSize` asked for
  /// (``RemoteConfiguration/capability``): the entry's size is the one the answer should have.
  public static func aspectRatio(for upload: PixelSize, capability: UploadCapability) -> AspectRatioSize {
    if case .aspectRatios(let ratios) = capability, let match = UploadSizes.closestRatio(ratios, to: upload) {
      return match
    }
    return AspectRatioSize("1:1", 1024, 1024)
  }

  /// The JSON body; the two data strings are inserted verbatim (base64 needs no escaping).
  static func body(prompt: String, aspectRatio: String, imageSize: String?, imageData: String, maskData: String)
    -> [UInt8]
  {
    func blob(_ data: String) -> String {
      "{\"inlineData\":{\"data\":\"" + data + "\",\"mime_type\":\"image/png\"}}"
    }
    var imageConfig = "\"aspectRatio\":" + JSONValue.string(aspectRatio).text
    if let imageSize { imageConfig += ",\"imageSize\":" + JSONValue.string(imageSize).text }
    var text = "{\"contents\":[{\"parts\":[{\"text\":" + JSONValue.string(prompt).text + "},"
    text += blob(imageData) + "," + blob(maskData) + "],\"role\":\"user\"}],"
    text += "\"generationConfig\":{\"responseModalities\":[\"TEXT\",\"IMAGE\"],\"imageConfig\":{" + imageConfig + "}}}"
    return Array(text.utf8)
  }

  /// Normalises an API version: "v1", "v1beta", "v1alpha" (also "beta"/"alpha", as the SDK's
  /// `GOOGLE_GENAI_API_VERSION` allows); nil when it is not a version.
  public static func normalizedVersion(_ text: String) -> String? {
    let lower = text.lowercased().trimmingWhitespace
    switch lower {
    case "beta": return "v1beta"
    case "alpha": return "v1alpha"
    default: break
    }
    guard lower.hasPrefix("v"), lower.count <= 16,
      lower.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber }), lower.dropFirst().first?.isNumber == true
    else { return nil }
    return lower
  }
}
