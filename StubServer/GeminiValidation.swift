import DeglareCodecs
import DeglareCore
import Foundation

/// A generateContent request that passed validation.
struct ValidatedGenerate {
  var model: String
  var family: GeminiModels.Family
  var outputSize: (Int, Int)
  var wantsImage: Bool
  var imageCount: Int
  var textLength: Int
  /// The first inline image, for the echo modes.
  var firstImage: ImageBuffer?
}

/// The checks Google's proto3 JSON front end and the model make
/// (docs/providers.md, Gemini generateContent).
enum GeminiValidation {
  static let topLevel: Set<String> = [
    "contents", "generationConfig", "generation_config", "safetySettings", "safety_settings", "systemInstruction",
    "system_instruction", "tools", "toolConfig", "tool_config", "cachedContent", "cached_content", "model",
  ]
  static let partKeys: Set<String> = [
    "text", "inlineData", "inline_data", "fileData", "file_data", "thought", "thoughtSignature", "thought_signature",
    "functionCall", "function_call", "functionResponse", "function_response",
  ]
  static let generationKeys: Set<String> = [
    "responseModalities", "response_modalities", "imageConfig", "image_config", "responseFormat", "response_format",
    "temperature", "topP", "top_p", "topK", "top_k", "candidateCount", "candidate_count", "maxOutputTokens",
    "max_output_tokens", "seed", "thinkingConfig", "thinking_config", "stopSequences", "stop_sequences",
    "presencePenalty", "presence_penalty", "frequencyPenalty", "frequency_penalty",
  ]
  static let mimeTypes: Set<String> = ["image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"]

  static func validate(_ request: StubRequest, model: String, family: GeminiModels.Family)
    -> Result<ValidatedGenerate, StubResponseBox>
  {
    func fail(_ response: StubResponse) -> Result<ValidatedGenerate, StubResponseBox> {
      .failure(StubResponseBox(response))
    }
    func invalid(_ message: String) -> Result<ValidatedGenerate, StubResponseBox> {
      fail(GeminiErrors.invalidArgument(message))
    }
    guard request.header("Content-Type")?.lowercased().hasPrefix("application/json") == true else {
      return invalid("Invalid JSON payload received. Unexpected token.")
    }
    guard let json = JSONInput.parse(request.body) else {
      return invalid("Invalid JSON payload received. Unexpected end of string.")
    }
    guard let root = json as? [String: Any] else {
      return invalid("Invalid JSON payload received. Expected an object.")
    }
    if let unknown = root.keys.sorted().first(where: { !topLevel.contains($0) }) {
      return fail(GeminiErrors.unknownField(unknown, at: ""))
    }
    guard let contents = root["contents"] as? [Any], !contents.isEmpty else {
      return invalid("* GenerateContentRequest.contents: contents is not specified\n")
    }
    var images: [(Int, Int)] = []
    var firstImage: ImageBuffer?
    var textLength = 0
    for (c, content) in contents.enumerated() {
      guard let content = content as? [String: Any], let parts = content["parts"] as? [Any], !parts.isEmpty else {
        return invalid("* GenerateContentRequest.contents[\(c)].parts: contents.parts must not be empty.\n")
      }
      if let role = content["role"] as? String, !["user", "model"].contains(role) {
        return invalid("Please use a valid role: user, model.")
      }
      for (p, part) in parts.enumerated() {
        let location = "contents[\(c)].parts[\(p)]"
        guard let part = part as? [String: Any] else { return invalid("Invalid value at '\(location)'.") }
        if let unknown = part.keys.sorted().first(where: { !partKeys.contains($0) }) {
          return fail(GeminiErrors.unknownField(unknown, at: location))
        }
        if let text = part["text"] as? String { textLength += text.count }
        guard let blob = (part["inlineData"] ?? part["inline_data"]) as? [String: Any] else { continue }
        if let unknown = blob.keys.sorted().first(where: { !["data", "mimeType", "mime_type"].contains($0) }) {
          return fail(GeminiErrors.unknownField(unknown, at: "\(location).inline_data"))
        }
        let mime = (blob["mimeType"] ?? blob["mime_type"]) as? String ?? ""
        guard mimeTypes.contains(mime) else { return invalid("Unsupported MIME type: \(mime)") }
        let data = blob["data"] as? String ?? ""
        guard let bytes = InlineImage.decodeBase64(data), !bytes.isEmpty else {
          return invalid(
            "Invalid value at '\(location).inline_data.data' (TYPE_BYTES), Base64 decoding failed for \"\(data.prefix(20))\""
          )
        }
        guard let decoded = try? ImageDecoder.decode(bytes) else { return invalid("Provided image is not valid.") }
        images.append((decoded.image.width, decoded.image.height))
        if firstImage == nil { firstImage = decoded.image }
      }
    }
    let config = (root["generationConfig"] ?? root["generation_config"]) as? [String: Any] ?? [:]
    if let unknown = config.keys.sorted().first(where: { !generationKeys.contains($0) }) {
      return fail(GeminiErrors.unknownField(unknown, at: "generation_config"))
    }
    var wantsImage = true
    if let modalities = (config["responseModalities"] ?? config["response_modalities"]) as? [Any] {
      var upper: [String] = []
      for (index, value) in modalities.enumerated() {
        let name = (value as? String ?? "").uppercased()
        guard ["TEXT", "IMAGE", "AUDIO"].contains(name) else {
          return invalid(
            "Invalid value at 'generation_config.response_modalities[\(index)]' (type.googleapis.com/"
              + "google.ai.generativelanguage.v1beta.GenerationConfig.Modality), \"\(value)\"")
        }
        upper.append(name)
      }
      wantsImage = upper.contains("IMAGE")
    }
    var aspectRatio: String?
    var imageSize: String?
    for (key, location) in [("imageConfig", "image_config"), ("image_config", "image_config")] {
      guard let imageConfig = config[key] as? [String: Any] else { continue }
      if let unknown = imageConfig.keys.sorted().first(where: {
        !["aspectRatio", "aspect_ratio", "imageSize", "image_size"].contains($0)
      }) {
        return fail(GeminiErrors.unknownField(unknown, at: "generation_config.\(location)"))
      }
      aspectRatio = (imageConfig["aspectRatio"] ?? imageConfig["aspect_ratio"]) as? String
      imageSize = (imageConfig["imageSize"] ?? imageConfig["image_size"]) as? String
    }
    if let format = (config["responseFormat"] ?? config["response_format"]) as? [String: Any],
      let image = format["image"] as? [String: Any]
    {
      aspectRatio = aspectRatio ?? (image["aspectRatio"] ?? image["aspect_ratio"]) as? String
      imageSize = imageSize ?? (image["imageSize"] ?? image["image_size"]) as? String
    }
    let table = GeminiModels.table(family)
    if let imageSize {
      let allowed = GeminiModels.imageSizes(family)
      guard !allowed.isEmpty else { return invalid("Image size is not supported for model \(model).") }
      guard allowed.contains(imageSize) else {
        return invalid(
          "Invalid image size \"\(imageSize)\". Supported sizes are: \(allowed.joined(separator: ", ")) (use an uppercase K)."
        )
      }
    }
    let entry: (String, Int, Int)
    if let aspectRatio {
      guard let match = table.first(where: { $0.0 == aspectRatio }) else {
        return invalid(
          "Unsupported aspect ratio \"\(aspectRatio)\" for model \(model). Supported ratios are: "
            + table.map(\.0).joined(separator: ", ") + ".")
      }
      entry = match
    } else if let first = images.first {
      entry = Sizes.closest(table, to: first.0, first.1) { ($0.1, $0.2) } ?? table[0]
    } else {
      entry = table[0]
    }
    return .success(
      ValidatedGenerate(
        model: model, family: family, outputSize: GeminiModels.outputSize(entry, imageSize: imageSize),
        wantsImage: wantsImage, imageCount: images.count, textLength: textLength, firstImage: firstImage))
  }
}
