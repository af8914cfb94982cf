import DeglareCodecs
import DeglareCore
import DeglareProviders
import DeglareTestSupport
import DeglareTransport
import Foundation
import Testing

@Suite("Gemini provider against stub-server", .serialized)
struct GeminiProviderTests {
  static let key = "AIzaSyTEST0123456789abcdefghijklmnopqrs"

  func provider(_ server: StubServer, model: String? = nil, quality: String? = nil, environment: [String: String] = [:])
    throws -> any ImageEditProvider
  {
    try ProviderFactory.make(
      provider: .gemini, key: Self.key, options: ProviderOptions(model: model, quality: quality),
      environment: ["GOOGLE_GEMINI_BASE_URL": server.geminiBaseURL].merging(environment) { $1 })
  }

  @Test("the JSON request: text, crop, mask as inline PNGs in standard base64; modalities and aspect ratio")
  func requestShape() async throws {
    try await withStubServer { server in
      let request = EditRequest(image: ProviderFixtures.crop(), mask: ProviderFixtures.mask())
      let result = try await provider(server).edit(request)

      let recorded = try #require(try server.requests().first)
      #expect(recorded.path == "/v1/models/gemini-3.1-flash-image:generateContent")
      #expect(recorded.header("x-goog-api-key") == Self.key)
      #expect(recorded.header("Authorization") == nil)
      #expect(recorded.contentType == "application/json")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(server.body(ofRequest: 0))) as? [String: Any])
      #expect(Set(json.keys) == ["contents", "generationConfig"])
      let contents = try #require(json["contents"] as? [[String: Any]])
      #expect(contents.count == 1)
      #expect(contents[0]["role"] as? String == "user")
      let parts = try #require(contents[0]["parts"] as? [[String: Any]])
      #expect(parts.count == 3)
      let text = try #require(parts[0]["text"] as? String)
      #expect(text.hasPrefix("Image 1 is a photo of a painting behind glass. Image 2 is a mask"))
      #expect(text.contains("white marks the area you may change"))
      for index in 1...2 {
        let blob = try #require(parts[index]["inlineData"] as? [String: Any])
        #expect(Set(blob.keys) == ["data", "mime_type"])
        #expect(blob["mime_type"] as? String == "image/png")
        let data = try #require(blob["data"] as? String)
        #expect(!data.contains("-") && !data.contains("_"))  // standard alphabet
        #expect(Data(base64Encoded: data) != nil)
      }
      let config = try #require(json["generationConfig"] as? [String: Any])
      #expect(config["responseModalities"] as? [String] == ["TEXT", "IMAGE"])
      #expect((config["imageConfig"] as? [String: Any])?["aspectRatio"] as? String == "3:2")
      #expect((config["imageConfig"] as? [String: Any])?["imageSize"] == nil)

      #expect(try PNGCodec.decode(try server.inlineImage(0, ofRequest: 0)).image == ProviderFixtures.crop())
      let mask = try PNGCodec.decode(try server.inlineImage(1, ofRequest: 0)).image
      #expect(mask == ProviderFixtures.mask().grayImage)

      #expect(result.image.size == PixelSize(width: 1264, height: 848))
      #expect(
        result.image.pixel(x: 1263, y: 847) == ProviderFixtures.patchPixel(x: 1263, y: 847, width: 1264, height: 848))
      #expect(result.usage?.text.contains("\"candidatesTokenCount\":1120") == true)
    }
  }

  @Test("the last image that is not a thought is used (Gemini 3 sends draft images first)")
  func thoughts() async throws {
    try await withStubServer(mode: "thoughts") { server in
      let result = try await provider(server).edit(
        EditRequest(image: ProviderFixtures.crop(), mask: ProviderFixtures.mask()))
      #expect(result.image.pixel(x: 0, y: 0) == [0, 0, 128])  // the patch, not the gray-64 draft
      #expect(result.image.pixel(x: 1263, y: 0) == [255, 0, 128])
    }
  }

  @Test("URL-safe unpadded base64 in the answer is decoded")
  func urlSafeAnswer() async throws {
    try await withStubServer(mode: "ok-base64url") { server in
      let result = try await provider(server, model: "gemini-2.5-flash-image").edit(
        EditRequest(
          image: ProviderFixtures.crop(width: 32, height: 32), mask: ProviderFixtures.mask(width: 32, height: 32)))
      #expect(result.image.size == PixelSize(width: 1024, height: 1024))
      #expect(result.image.pixel(x: 1023, y: 1023) == [255, 255, 128])
      #expect(result.notes.first?.contains("October 2, 2026") == true)
    }
  }

  @Test("the stub, like Google, accepts both base64 alphabets and both key spellings in requests")
  func stubAcceptsBothAlphabets() async throws {
    try await withStubServer { server in
      let png = try PNGCodec.encode(ProviderFixtures.crop())
      let url = Data(png).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
        of: "/", with: "_"
      )
      .replacingOccurrences(of: "=", with: "")
      let body =
        "{\"contents\":[{\"parts\":[{\"text\":\"x\"},{\"inline_data\":{\"mime_type\":\"image/png\",\"data\":\"\(url)\"}},"
        + "{\"inlineData\":{\"mimeType\":\"image/png\",\"data\":\"\(Data(png).base64EncodedString())\"}}]}]}"
      let response = try await CurlTransport().send(
        HTTPRequest(
          method: .post, url: server.geminiBaseURL + "/v1beta/models/gemini-3-pro-image:generateContent",
          headers: [HTTPHeader("x-goog-api-key", Self.key)],
          body: .bytes(Array(body.utf8), contentType: "application/json")))
      #expect(response.status == 200)
      let images = try #require(try server.requests()[0].inlineImages)
      #expect(images.map(\.partKey) == ["inline_data", "inlineData"])
      #expect(images.map(\.mimeKey) == ["mime_type", "mimeType"])
      #expect(images.allSatisfy { $0.image?.width == 48 && $0.image?.height == 32 })
      #expect(images[0].padded == false)
    }
  }

  @Test("API version and image size follow the environment and --quality")
  func versionAndImageSize() async throws {
    try await withStubServer { server in
      let result = try await provider(server, quality: "2K", environment: ["GOOGLE_GENAI_API_VERSION": "beta"]).edit(
        EditRequest(
          image: ProviderFixtures.crop(width: 32, height: 32), mask: ProviderFixtures.mask(width: 32, height: 32)))
      #expect(result.image.size == PixelSize(width: 2048, height: 2048))
      let recorded = try server.requests()[0]
      #expect(recorded.path == "/v1beta/models/gemini-3.1-flash-image:generateContent")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(server.body(ofRequest: 0))) as? [String: Any])
      let imageConfig = (json["generationConfig"] as? [String: Any])?["imageConfig"] as? [String: Any]
      #expect(imageConfig?["imageSize"] as? String == "2K")
      #expect(imageConfig?["aspectRatio"] as? String == "1:1")
    }
  }

  @Test("uploadPreview gives image.png, mask.png and request.json with the data elided")
  func preview() throws {
    let provider = try ProviderFactory.make(provider: .gemini, key: nil, options: ProviderOptions(), environment: [:])
    let files = try provider.uploadPreview(
      for: EditRequest(image: ProviderFixtures.crop(), mask: ProviderFixtures.mask()))
    #expect(files.map(\.name) == ["image.png", "mask.png", "request.json"])
    let json = String(decoding: files[2].bytes, as: UTF8.self)
    #expect(json.contains("\"data\":\"<base64 of image.png, \(files[0].bytes.count) bytes>\""))
    #expect(json.contains("\"aspectRatio\":\"3:2\""))
    #expect(try JSONSerialization.jsonObject(with: Data(files[2].bytes)) is [String: Any])
  }

  @Test("aspect ratios come from the model's table")
  func aspectRatios() {
    let flash = ModelCatalog.info(provider: .gemini, model: "gemini-3.1-flash-image")
    #expect(GeminiRequest.aspectRatio(for: PixelSize(width: 1376, height: 768), model: flash).name == "16:9")
    #expect(GeminiRequest.aspectRatio(for: PixelSize(width: 384, height: 3072), model: flash).name == "1:8")
    let pro = ModelCatalog.info(provider: .gemini, model: "gemini-3-pro-image")
    #expect(GeminiRequest.aspectRatio(for: PixelSize(width: 384, height: 3072), model: pro).name == "9:16")
    let old = ModelCatalog.info(provider: .gemini, model: "gemini-2.5-flash-image")
    #expect(
      GeminiRequest.aspectRatio(for: PixelSize(width: 1248, height: 832), model: old).size
        == PixelSize(width: 1248, height: 832))
  }
}
