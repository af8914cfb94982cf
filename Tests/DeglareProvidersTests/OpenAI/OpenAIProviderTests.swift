import DeglareCodecs
import DeglareCore
import DeglareProviders
import DeglareTestSupport
import DeglareTransport
import Foundation
import Testing

@Suite("OpenAI provider against stub-server", .serialized)
struct OpenAIProviderTests {
  static let key = "sk-test-0123456789abcdefghijklmnopqrstuvwxyz0123"

  func provider(_ server: StubServer, model: String? = nil, quality: String? = nil, prompt: String? = nil) throws
    -> any ImageEditProvider
  {
    try ProviderFactory.make(
      provider: .openai, key: Self.key, options: ProviderOptions(model: model, prompt: prompt, quality: quality),
      environment: ["OPENAI_BASE_URL": server.openAIBaseURL])
  }

  @Test("the multipart request has the SDK's fields, PNG parts and an RGBA mask with alpha = 255 - gray")
  func requestShape() async throws {
    try await withStubServer { server in
      let request = EditRequest(image: ProviderFixtures.crop(), mask: ProviderFixtures.mask())
      let result = try await provider(server, quality: "high").edit(request)

      let recorded = try #require(try server.requests().first)
      #expect(recorded.path == "/v1/images/edits")
      #expect(recorded.header("Authorization") == "Bearer \(Self.key)")
      let parts = try #require(recorded.multipart)
      #expect(
        Set(parts.map(\.name)) == [
          "prompt", "input_fidelity", "model", "n", "output_format", "quality", "size", "image", "mask",
        ])
      #expect(recorded.part("model")?.value == "gpt-image-1.5")
      #expect(recorded.part("input_fidelity")?.value == "high")
      #expect(recorded.part("n")?.value == "1")
      #expect(recorded.part("output_format")?.value == "png")
      #expect(recorded.part("quality")?.value == "high")
      #expect(recorded.part("size")?.value == "1536x1024")  // a 3:2 crop asks for the landscape size
      #expect(recorded.part("prompt")?.value == OpenAIRequest.defaultPrompt)
      #expect(recorded.part("response_format") == nil)
      for name in ["image", "mask"] {
        let part = try #require(recorded.part(name))
        #expect(part.filename == "\(name).png")
        #expect(part.contentType == "image/png")
      }
      for part in parts where part.filename == nil { #expect(part.contentType == nil && part.headers.count == 1) }

      // The image: 8-bit RGB, the crop's exact samples.
      let image = try PNGCodec.decode(try server.part("image", ofRequest: 0)).image
      #expect(image == ProviderFixtures.crop())
      // The mask: RGBA, black, alpha = 255 - gray, pixel by pixel.
      let mask = try PNGCodec.decode(try server.part("mask", ofRequest: 0)).image
      let expected = ProviderFixtures.mask()
      #expect(mask.layout == .rgba && mask.bitDepth == .eight && mask.size == expected.size)
      var mismatches = 0
      for y in 0..<mask.height {
        for x in 0..<mask.width where mask.pixel(x: x, y: y) != [0, 0, 0, 255 - Int(expected[x, y])] {
          mismatches += 1
        }
      }
      #expect(mismatches == 0)

      // The answer: the stub's 1536x1024 patch, with usage.
      #expect(result.image.size == PixelSize(width: 1536, height: 1024))
      #expect(
        result.image.pixel(x: 1535, y: 0) == ProviderFixtures.patchPixel(x: 1535, y: 0, width: 1536, height: 1024))
      #expect(
        result.image.pixel(x: 700, y: 1023) == ProviderFixtures.patchPixel(x: 700, y: 1023, width: 1536, height: 1024))
      #expect(result.usage?.text.contains("\"output_tokens\":6208") == true)
      #expect(result.model == "gpt-image-1.5")
      #expect(result.bytesSent > 0 && result.bytesReceived > 0)
      #expect(result.notes.isEmpty)
    }
  }

  @Test("16-bit RGBA crops are sent as 8-bit RGB")
  func sixteenBit() async throws {
    try await withStubServer { server in
      let request = EditRequest(image: ProviderFixtures.crop16WithAlpha(), mask: ProviderFixtures.mask())
      _ = try await provider(server).edit(request)
      let image = try PNGCodec.decode(try server.part("image", ofRequest: 0)).image
      #expect(image == ProviderFixtures.crop())
      // Without --quality the default is sent, so the price is known before the call.
      #expect(try server.requests()[0].part("quality")?.value == "high")
    }
  }

  @Test("uploadPreview returns exactly the uploaded bytes, without a key or network")
  func preview() async throws {
    try await withStubServer { server in
      let request = EditRequest(image: ProviderFixtures.crop(), mask: ProviderFixtures.mask())
      let offline = try ProviderFactory.make(
        provider: .openai, key: nil, options: ProviderOptions(), environment: ["OPENAI_BASE_URL": server.openAIBaseURL]
      )
      let files = try offline.uploadPreview(for: request)
      #expect(files.map(\.name) == ["image.png", "mask.png"])
      await #expect(throws: ProviderError.missingKey(provider: .openai)) { try await offline.edit(request) }
      let state = try server.state()
      #expect(state.requests == 0)
      _ = try await provider(server).edit(request)
      #expect(try server.part("image", ofRequest: 0) == files[0].bytes)
      #expect(try server.part("mask", ofRequest: 0) == files[1].bytes)
    }
  }

  @Test("gpt-image-2 sends the crop's own size and no input_fidelity; mini sends no input_fidelity")
  func modelRules() async throws {
    try await withStubServer { server in
      let crop = ProviderFixtures.crop(width: 1024, height: 640)
      let mask = ProviderFixtures.mask(width: 1024, height: 640)
      let result = try await provider(server, model: "gpt-image-2").edit(EditRequest(image: crop, mask: mask))
      #expect(result.image.size == PixelSize(width: 1024, height: 640))
      _ = try await provider(server, model: "gpt-image-1-mini").edit(
        EditRequest(
          image: ProviderFixtures.crop(width: 32, height: 48), mask: ProviderFixtures.mask(width: 32, height: 48)))
      let requests = try server.requests()
      #expect(requests[0].part("size")?.value == "1024x640")
      #expect(requests[0].part("input_fidelity") == nil)
      #expect(requests[1].part("size")?.value == "1024x1536")
      #expect(requests[1].part("input_fidelity") == nil)
      #expect(requests.allSatisfy { $0.status == 200 })
    }
  }

  @Test("an unknown model id uses its family's rules and says so; --prompt replaces the prompt")
  func unknownModel() async throws {
    try await withStubServer { server in
      let request = EditRequest(image: ProviderFixtures.crop(), mask: ProviderFixtures.mask())
      let result = try await provider(server, model: "gpt-image-1.7-preview", prompt: "Remove the reflection.").edit(
        request)
      #expect(result.notes == ["unknown model 'gpt-image-1.7-preview': using the gpt-image-1.5 family's rules"])
      let recorded = try server.requests()[0]
      #expect(recorded.part("model")?.value == "gpt-image-1.7-preview")
      #expect(recorded.part("prompt")?.value == "Remove the reflection.")
    }
  }

  @Test("a quality the model does not take is refused before any request")
  func badQuality() throws {
    #expect(
      throws: ProviderError.invalidOption(
        message: "gpt-image-1.5 accepts --quality low, medium, high, auto; got 'ultra'")
    ) {
      try ProviderFactory.make(
        provider: .openai, key: "k", options: ProviderOptions(quality: "ultra"), environment: [:])
    }
  }
}
