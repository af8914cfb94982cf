import DeglareCodecs
import DeglareCore
import DeglareProviders
import DeglareTestSupport
import DeglareTransport
import Foundation
import Testing

/// The stub refuses what the real services refuse, with their error shapes; deglare's parsers
/// turn each refusal into `requestRejected` or a key error carrying the provider's message.
@Suite("stub-server validates requests like the real services", .serialized)
struct StubValidationTests {
  static let model = ModelCatalog.info(provider: .openai, model: "gpt-image-1.5")

  static func editRequest(
    _ server: StubServer, key: String = "sk-validation-123456", edit: (inout [MultipartPart]) -> Void
  )
    throws -> HTTPRequest
  {
    let image = try UploadEncoding.imagePNG(ProviderFixtures.crop())
    let mask = try UploadEncoding.openAIMaskPNG(ProviderFixtures.mask())
    var request = OpenAIRequest.edit(
      baseURL: server.openAIBaseURL, apiKey: key, model: model, prompt: "p", quality: nil,
      size: PixelSize(width: 1024, height: 1024), image: image, mask: mask)
    guard case .multipart(var parts) = request.body else { throw StubServerError("not multipart") }
    edit(&parts)
    request.body = .multipart(parts)
    return request
  }

  /// Sends `request` and returns (status, error.code, error.param, error.message).
  static func send(_ request: HTTPRequest) async throws -> (Int, String?, String?, String) {
    let response = try await CurlTransport().send(request)
    let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    let error = json?["error"] as? [String: Any]
    return (response.status, error?["code"] as? String, error?["param"] as? String, error?["message"] as? String ?? "")
  }

  @Test("OpenAI: each malformed edit gets the real status, code and param")
  func openAI() async throws {
    try await withStubServer { server in
      func replace(_ name: String, with part: MultipartPart) -> (inout [MultipartPart]) -> Void {
        { parts in parts = parts.map { $0.name == name ? part : $0 } }
      }
      let grayMask = try PNGCodec.encode(ProviderFixtures.mask().grayImage)
      let smallMask = try UploadEncoding.openAIMaskPNG(ProviderFixtures.mask(width: 16, height: 16))
      let cases: [(String, (inout [MultipartPart]) -> Void, Int, String?, String?)] = [
        (
          "response_format", { $0.append(.field("response_format", "b64_json")) }, 400, "unknown_parameter",
          "response_format"
        ),
        (
          "octet-stream image",
          { parts in
            parts = parts.map {
              $0.name == "image"
                ? .file("image", filename: "upload", contentType: "application/octet-stream", data: $0.data) : $0
            }
          }, 400, "unsupported_file_mimetype", "image"
        ),
        (
          "mask without alpha",
          replace("mask", with: .file("mask", filename: "mask.png", contentType: "image/png", data: grayMask)), 400,
          "invalid_mask", "mask"
        ),
        (
          "mask of another size",
          replace("mask", with: .file("mask", filename: "mask.png", contentType: "image/png", data: smallMask)), 400,
          "invalid_mask", "mask"
        ),
        ("bad size", replace("size", with: .field("size", "512x512")), 400, "invalid_value", "size"),
        ("unknown model", replace("model", with: .field("model", "dall-e-9")), 400, "invalid_value", "model"),
        ("no prompt", { $0.removeAll { $0.name == "prompt" } }, 400, "missing_required_parameter", "prompt"),
      ]
      for (name, edit, status, code, param) in cases {
        let (got, gotCode, gotParam, message) = try await Self.send(try Self.editRequest(server, edit: edit))
        #expect(got == status && gotCode == code && gotParam == param, "\(name): \(got) \(gotCode ?? "-") \(message)")
      }
      // No key at all, and JSON instead of multipart.
      var noKey = try Self.editRequest(server) { _ in }
      noKey.headers.removeAll { $0.name == "Authorization" }
      let (status, _, _, message) = try await Self.send(noKey)
      #expect(status == 401 && message.hasPrefix("You didn't provide an API key."))
      var json = try Self.editRequest(server) { _ in }
      json.body = .bytes(Array("{}".utf8), contentType: "application/json")
      let (jsonStatus, _, _, jsonMessage) = try await Self.send(json)
      #expect(jsonStatus == 400 && jsonMessage.contains("expected multipart/form-data"))
    }
  }

  @Test("OpenAI: a refused request reaches the user as requestRejected with OpenAI's message")
  func openAIMapping() async throws {
    try await withStubServer { server in
      let provider = try ProviderFactory.make(
        provider: .openai, key: "sk-validation-123456", options: ProviderOptions(model: "dall-e-9"),
        environment: ["OPENAI_BASE_URL": server.openAIBaseURL])
      let error = await #expect(throws: ProviderError.self) {
        try await provider.edit(EditRequest(image: ProviderFixtures.crop(), mask: ProviderFixtures.mask()))
      }
      guard case .requestRejected(_, 400, let message, _) = error else {
        Issue.record("expected requestRejected, got \(String(describing: error))")
        return
      }
      #expect(message.hasPrefix("Invalid value: 'dall-e-9'. Supported values are: 'gpt-image-1'"))
    }
  }

  @Test("Gemini: missing key, unknown model, unknown field and bad ratio get Google's statuses")
  func gemini() async throws {
    try await withStubServer { server in
      let model = ModelCatalog.info(provider: .gemini, model: "gemini-3.1-flash-image")
      let image = try UploadEncoding.imagePNG(ProviderFixtures.crop())
      let mask = try UploadEncoding.grayMaskPNG(ProviderFixtures.mask())
      func request(model: ModelInfo = model, ratio: String = "3:2") -> HTTPRequest {
        GeminiRequest.generate(
          baseURL: server.geminiBaseURL, apiVersion: "v1", apiKey: "AIza-validation", model: model, prompt: "p",
          aspectRatio: ratio, imageSize: nil, image: image, mask: mask)
      }
      var noKey = request()
      noKey.headers = []
      let missing = try await CurlTransport().send(noKey)
      #expect(missing.status == 403 && missing.text.contains("PERMISSION_DENIED"))
      let unknown = try await CurlTransport().send(
        request(model: ModelCatalog.info(provider: .gemini, model: "gemini-9-text")))
      #expect(unknown.status == 404 && unknown.text.contains("is not found for API version v1"))
      let ratio = try await CurlTransport().send(request(ratio: "7:3"))
      #expect(ratio.status == 400 && ratio.text.contains("INVALID_ARGUMENT"))
      var field = request()
      field.body = .bytes(
        Array(#"{"contents":[{"parts":[{"text":"x"}]}],"generationConfig":{"outputMimeType":"image/png"}}"#.utf8),
        contentType: "application/json")
      let unknownField = try await CurlTransport().send(field)
      #expect(
        unknownField.status == 400
          && unknownField.text.contains(#"Unknown name \"outputMimeType\" at 'generation_config'"#))
      let wrongVersion = try await CurlTransport().send(
        HTTPRequest(
          method: .get, url: server.geminiBaseURL + "/v2/models", headers: [HTTPHeader("x-goog-api-key", "k")]))
      #expect(wrongVersion.status == 404 && wrongVersion.text.contains("<title>Error 404 (Not Found)!!1</title>"))
    }
  }
}
