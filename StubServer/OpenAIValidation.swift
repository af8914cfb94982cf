import DeglareCodecs
import DeglareCore
import Foundation

/// A request that passed validation, with what the answer needs.
struct ValidatedEdit {
  var model: String
  var prompt: String
  var outputSize: (Int, Int)
  var quality: String
  var background: String
  var outputFormat: String
  var count: Int
  var imageCount: Int
  /// The first uploaded image, for the echo modes.
  var firstImage: ImageBuffer?
}

/// The field-by-field checks of `POST /images/edits`, in the order the real API reports them.
enum OpenAIValidation {
  static func validate(_ fields: [MultipartField], model: String) -> Result<ValidatedEdit, StubResponseBox> {
    func fail(_ message: String, param: String?, code: String?) -> Result<ValidatedEdit, StubResponseBox> {
      .failure(StubResponseBox(OpenAIErrors.invalid(message, param: param, code: code)))
    }
    func text(_ name: String) -> String? {
      fields.first { $0.name == name && $0.filename == nil }.map { String(decoding: $0.data, as: UTF8.self) }
    }
    if fields.contains(where: { $0.name == "response_format" }) {
      return fail("Unknown parameter: 'response_format'.", param: "response_format", code: "unknown_parameter")
    }
    if let unknown = fields.first(where: { !OpenAIEmulator.knownFields.contains($0.name) }) {
      return fail("Unknown parameter: '\(unknown.name)'.", param: unknown.name, code: "unknown_parameter")
    }
    guard let family = OpenAIEmulator.family(model) else {
      let supported = OpenAIEmulator.listedModels.map { "'\($0)'" }.joined(separator: ", ")
      return fail(
        "Invalid value: '\(model)'. Supported values are: \(supported).", param: "model", code: "invalid_value")
    }
    guard let prompt = text("prompt"), !prompt.isEmpty else {
      return fail("Missing required parameter: 'prompt'.", param: "prompt", code: "missing_required_parameter")
    }
    let imageFields = fields.filter { $0.name == "image" || $0.name == "image[]" }
    guard !imageFields.isEmpty else {
      return fail("Missing required parameter: 'image'.", param: "image", code: "missing_required_parameter")
    }
    var firstImageSize: (Int, Int)?
    var firstImage: ImageBuffer?
    for (index, field) in imageFields.enumerated() {
      let param = field.name == "image" ? "image" : "image[\(index)]"
      if let refusal = checkFileType(field, param: param) { return .failure(StubResponseBox(refusal)) }
      guard let decoded = try? ImageDecoder.decode(field.data) else {
        return fail(
          "Invalid file '\(param)': the file could not be read as an image.", param: param, code: "invalid_image_file")
      }
      if firstImageSize == nil {
        firstImageSize = (decoded.image.width, decoded.image.height)
        firstImage = decoded.image
      }
    }
    guard let (imageWidth, imageHeight) = firstImageSize else { return fail("No image.", param: "image", code: nil) }
    if let mask = fields.first(where: { $0.name == "mask" }) {
      if let refusal = checkFileType(mask, param: "mask") { return .failure(StubResponseBox(refusal)) }
      guard ImageFormat.sniff(mask.data) == .png, let decoded = try? PNGCodec.decode(mask.data) else {
        return fail(
          "Invalid file 'mask': the mask must be a valid PNG file.", param: "mask", code: "invalid_image_file")
      }
      guard decoded.image.layout.hasAlpha else {
        return fail("Invalid mask image: the mask must have an alpha channel.", param: "mask", code: "invalid_mask")
      }
      guard decoded.image.width == imageWidth && decoded.image.height == imageHeight else {
        return fail(
          "Invalid mask image: the mask (\(decoded.image.width)x\(decoded.image.height)) must be the same size as "
            + "the image (\(imageWidth)x\(imageHeight)).", param: "mask", code: "invalid_mask")
      }
    }
    let count = Int(text("n") ?? "1") ?? 0
    guard (1...10).contains(count) else {
      return fail("Invalid value for 'n': must be an integer between 1 and 10.", param: "n", code: "invalid_value")
    }
    let quality = text("quality") ?? "auto"
    var qualities = ["low", "medium", "high", "auto"]
    if model.hasPrefix("gpt-image-2.") { qualities += ["xhigh", "max"] }
    guard qualities.contains(quality) else {
      return fail(supportedMessage(quality, qualities), param: "quality", code: "invalid_value")
    }
    if let fidelity = text("input_fidelity") {
      guard family != .v2 else {
        return fail(
          "The 'input_fidelity' parameter is not supported for model '\(model)'.", param: "input_fidelity",
          code: "unsupported_parameter")
      }
      let allowed = family == .v1Mini ? ["low"] : ["high", "low"]
      guard allowed.contains(fidelity) else {
        return fail(supportedMessage(fidelity, allowed), param: "input_fidelity", code: "invalid_value")
      }
    }
    let background = text("background") ?? "auto"
    guard ["transparent", "opaque", "auto"].contains(background), !(family == .v2 && background == "transparent") else {
      return fail(supportedMessage(background, ["opaque", "auto"]), param: "background", code: "invalid_value")
    }
    let outputFormat = text("output_format") ?? "png"
    guard ["png", "jpeg", "webp"].contains(outputFormat) else {
      return fail(
        supportedMessage(outputFormat, ["png", "jpeg", "webp"]), param: "output_format", code: "invalid_value")
    }
    if let compression = text("output_compression"), Int(compression).map({ (0...100).contains($0) }) != true {
      return fail(
        "Invalid 'output_compression': must be an integer from 0 to 100.", param: "output_compression",
        code: "invalid_value")
    }
    let sizeText = text("size") ?? "auto"
    let outputSize: (Int, Int)
    switch size(sizeText, family: family, image: (imageWidth, imageHeight)) {
    case .success(let size): outputSize = size
    case .failure(let error): return fail(error.message, param: "size", code: "invalid_value")
    }
    return .success(
      ValidatedEdit(
        model: model, prompt: prompt, outputSize: outputSize, quality: quality == "auto" ? "medium" : quality,
        background: background == "auto" ? "opaque" : background, outputFormat: outputFormat, count: count,
        imageCount: imageFields.count, firstImage: firstImage))
  }

  /// Part Content-Type must name an image type, as the real API insists.
  private static func checkFileType(_ field: MultipartField, param: String) -> StubResponse? {
    guard let type = field.contentType else {
      return OpenAIErrors.invalid(
        "Invalid file '\(param)': failed to determine mimetype. Ensure you are providing the file's mimetype as part "
          + "of the 'Content-Type' header.", param: param, code: "missing_file_mimetype")
    }
    guard ["image/png", "image/jpeg", "image/webp"].contains(type.lowercased()) else {
      return OpenAIErrors.invalid(
        "Invalid file '\(param)': unsupported mimetype ('\(type)'). Supported file formats are 'image/jpeg', "
          + "'image/png', and 'image/webp'.", param: param, code: "unsupported_file_mimetype")
    }
    return nil
  }

  struct SizeError: Error { var message: String }

  private static func size(_ text: String, family: OpenAIEmulator.Family, image: (Int, Int)) -> Result<
    (Int, Int), SizeError
  > {
    if family != .v2 {
      if text == "auto" {
        return .success(Sizes.closest(OpenAIEmulator.fixedSizes, to: image.0, image.1) { $0 } ?? (1024, 1024))
      }
      guard let size = Sizes.parse(text), OpenAIEmulator.fixedSizes.contains(where: { $0 == size }) else {
        return .failure(
          SizeError(
            message:
              "Invalid value: '\(text)'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'."))
      }
      return .success(size)
    }
    if text == "auto" { return .success(isValidV2(image) ? image : (1024, 1024)) }
    guard let size = Sizes.parse(text), isValidV2(size) else {
      return .failure(
        SizeError(
          message: "Invalid size '\(text)'. Width and height must be multiples of 16, the longest edge at most 3840, "
            + "the aspect ratio at most 3:1, and the total between 655360 and 8294400 pixels."))
    }
    return .success(size)
  }

  private static func isValidV2(_ size: (Int, Int)) -> Bool {
    let (width, height) = size
    let pixels = width * height
    return width % 16 == 0 && height % 16 == 0 && max(width, height) <= 3840
      && max(width, height) <= 3 * min(width, height) && (655_360...8_294_400).contains(pixels)
  }

  private static func supportedMessage(_ value: String, _ allowed: [String]) -> String {
    let list = allowed.map { "'\($0)'" }
    let joined = list.count > 1 ? list.dropLast().joined(separator: ", ") + ", and " + (list.last ?? "") : list.joined()
    return "Invalid value: '\(value)'. Supported values are: \(joined)."
  }

  /// Output tokens per image for models before gpt-image-2 (docs/providers.md, OpenAI edits).
  static func outputTokens(quality: String, width: Int, height: Int) -> Int {
    let shape = width == height ? 0 : (width < height ? 1 : 2)
    switch quality {
    case "low": return [272, 408, 400][shape]
    case "high": return [4160, 6240, 6208][shape]
    default: return [1056, 1584, 1568][shape]
    }
  }
}

/// Lets a response travel as a Result's failure.
struct StubResponseBox: Error {
  var response: StubResponse
  init(_ response: StubResponse) { self.response = response }
}
