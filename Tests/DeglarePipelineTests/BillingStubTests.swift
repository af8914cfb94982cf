import DeglareCodecs
import DeglareCore
import DeglarePipeline
import DeglareProviders
import DeglareTestSupport
import Foundation
import Testing

/// Paying only for what is used (issue 17): the upload has the size that is asked for and paid
/// for, an output larger than the crop needs is refused before anything is sent, gpt-image-2 is
/// capped, OpenAI's `quality` is always sent, and the removal states what it was billed for.
/// Over HTTP against stub-server, which records what it received.
@Suite struct BillingStubTests {
  /// A textured `width` x `height` RGB image (cheap to make at any size) with an elliptical mask
  /// whose box is `maskWidth` x `maskHeight`, centred.
  static func scene(width: Int, height: Int, maskWidth: Int, maskHeight: Int) -> (ImageBuffer, Mask) {
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 3
        samples[i] = UInt8(truncatingIfNeeded: (x * 7 + y * 3) ^ (x >> 3))
        samples[i + 1] = UInt8(truncatingIfNeeded: (x * 2 + y * 5) ^ (y >> 2))
        samples[i + 2] = UInt8(truncatingIfNeeded: x * y >> 6)
      }
    }
    let image = ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
    let mask = SyntheticImages.mask(width: width, height: height) { x, y in
      let dx = (Double(x) - Double(width) / 2) / (Double(maskWidth) / 2)
      let dy = (Double(y) - Double(height) / 2) / (Double(maskHeight) / 2)
      return dx * dx + dy * dy <= 1
    }
    return (image, mask)
  }

  static func key(_ provider: ProviderID) -> String {
    provider == .openai ? "sk-billing-0123456789" : "AIza-billing-0123456789"
  }

  /// Removes with `provider` and `options` against the stub in `mode`; returns the outcome (the
  /// summary or the error) and what the stub recorded.
  func remove(
    image: ImageBuffer, mask: Mask, provider: ProviderID, options: ProviderOptions, mode: String = "ok"
  ) async throws -> (Result<RemovalSummary, any Error>, [StubRecordedRequest]) {
    try await withStubServer(mode: mode) { server in
      try await withTemporaryDirectory { dir in
        let session = await SessionFixtures.loadedSession(image: image, mask: mask)
        let remote = try ProviderFactory.make(
          provider: provider, key: Self.key(provider), options: options, environment: server.baseURLEnvironment)
        let outcome: Result<RemovalSummary, any Error>
        do {
          outcome = .success(
            try await session.remove(provider: remote, settings: SessionFixtures.settings(dir + "/out.png")).summary)
        } catch {
          outcome = .failure(error)
        }
        return (outcome, try server.requests())
      }
    }
  }

  @Test("Gemini's upload has the size of the image asked for: --quality 512 sends the 512 entry")
  func geminiSmallerUpload() async throws {
    let (image, mask) = Self.scene(width: 240, height: 180, maskWidth: 88, maskHeight: 64)
    let (outcome, requests) = try await remove(
      image: image, mask: mask, provider: .gemini, options: ProviderOptions(quality: "512"))
    let summary = try outcome.get()
    let sent = try #require(requests.first?.inlineImages?.first?.image)
    // The 121x97 crop is 5:4; at 512 that is half of 1152x928.
    #expect(sent.width == 576 && sent.height == 464, "\(sent)")
    #expect(summary.uploadSize == PixelSize(width: 576, height: 464))
    #expect(
      summary.billing
        == BilledOutput(model: "gemini-3.1-flash-image", size: summary.uploadSize, quality: "512", qualitySent: true))
  }

  @Test("Gemini --quality 2K for a crop that needs it uploads the 2K entry (2528x1696 for 3:2)")
  func gemini2KUpload() async throws {
    // A crop a little wider than the 1K entry (1264x848): 2K is what it needs.
    let (image, mask) = Self.scene(width: 1400, height: 940, maskWidth: 1220, maskHeight: 780)
    // The stub answers without an image once it has recorded the upload: the size is what counts.
    let (outcome, requests) = try await remove(
      image: image, mask: mask, provider: .gemini, options: ProviderOptions(quality: "2K"), mode: "no-image")
    #expect(throws: ProviderError.self) { try outcome.get() }
    let request = try #require(requests.first)
    let sent = try #require(request.inlineImages?.first?.image)
    #expect(sent.width == 2528 && sent.height == 1696, "\(sent)")
    let maskSent = try #require(request.inlineImages?.last?.image)
    #expect(maskSent.width == 2528 && maskSent.height == 1696)
  }

  @Test("Gemini 4K plans a 4K upload (5056x3392 for 3:2) when the crop needs it, and bills it")
  func gemini4KPlan() throws {
    let provider = try ProviderFactory.make(
      provider: .gemini, key: nil, options: ProviderOptions(quality: "4K"), environment: [:])
    let plan = CropPlanner.plan(
      // Padded by 12 % of 2600 on each side: 3224x2149, 3:2, wider than 2K's 2528x1696.
      maskBounds: PixelRect(x: 500, y: 430, width: 2600, height: 1525), imageSize: PixelSize(width: 3600, height: 2400),
      capability: provider.capability)
    #expect(plan.uploadSize == PixelSize(width: 5056, height: 3392))
    #expect(plan.aspectName == "3:2")
    let billing = try #require(try provider.billing(for: plan))
    #expect(billing.size == plan.uploadSize && billing.quality == "4K" && billing.qualitySent)
  }

  @Test(
    "an imageSize larger than the crop needs is refused before anything is sent, naming the one that covers it",
    arguments: [("4K", "1K (1152x928)"), ("2K", "1K (1152x928)")])
  func oversizeRefused(quality: String, named: String) async throws {
    let (image, mask) = Self.scene(width: 240, height: 180, maskWidth: 88, maskHeight: 64)
    let (outcome, requests) = try await remove(
      image: image, mask: mask, provider: .gemini, options: ProviderOptions(quality: quality))
    #expect(requests.isEmpty)
    #expect {
      try outcome.get()
    } throws: { error in
      guard case ProviderError.invalidOption(let message) = error else { return false }
      return message.contains("--quality \(quality)") && message.contains(named) && message.contains("121x97 crop")
    }
  }

  @Test("a crop that needs 2K may ask for 2K but not 4K")
  func neededSizeAccepted() throws {
    let bounds = PixelRect(x: 50, y: 50, width: 1300, height: 860)
    let imageSize = PixelSize(width: 1500, height: 1000)
    for (quality, accepted) in [("2K", true), ("4K", false), ("1K", true), ("512", true)] {
      let provider = try ProviderFactory.make(
        provider: .gemini, key: nil, options: ProviderOptions(quality: quality), environment: [:])
      let plan = CropPlanner.plan(maskBounds: bounds, imageSize: imageSize, capability: provider.capability)
      if accepted {
        #expect(try provider.billing(for: plan)?.quality == quality)
      } else {
        #expect(throws: ProviderError.self) { try provider.billing(for: plan) }
      }
    }
  }

  @Test("gpt-image-2 is sent at most 2560x1440 pixels, with a note, unless --max-size allows more")
  func gptImage2Cap() throws {
    let bounds = PixelRect(x: 40, y: 40, width: 2900, height: 1900)
    let imageSize = PixelSize(width: 3000, height: 2000)
    let capped = try ProviderFactory.make(
      provider: .openai, key: nil, options: ProviderOptions(model: "gpt-image-2"), environment: [:])
    let plan = CropPlanner.plan(maskBounds: bounds, imageSize: imageSize, capability: capped.capability)
    #expect(plan.uploadSize.area <= 2560 * 1440 && plan.uploadSize.area > 3_500_000, "\(plan.uploadSize)")
    let billing = try #require(try capped.billing(for: plan))
    #expect(billing.size == plan.uploadSize && billing.quality == "high")
    #expect(billing.notes.count == 1 && billing.notes[0].contains("--max-size"), "\(billing.notes)")

    let allowed = try ProviderFactory.make(
      provider: .openai, key: nil,
      options: ProviderOptions(model: "gpt-image-2", maxSize: PixelSize(width: 3840, height: 2160)),
      environment: [:])
    let full = CropPlanner.plan(maskBounds: bounds, imageSize: imageSize, capability: allowed.capability)
    #expect(full.uploadSize.area > 5_000_000, "\(full.uploadSize)")
    #expect(try allowed.billing(for: full)?.notes.isEmpty == true)
  }

  @Test("--max-size fits only gpt-image-2's pixel range and its family")
  func maxSizeChecked() {
    for (model, size) in [
      ("gpt-image-2", PixelSize(width: 100, height: 100)), ("gpt-image-2", PixelSize(width: 4000, height: 3000)),
      ("gpt-image-1.5", PixelSize(width: 1024, height: 1024)),
    ] {
      #expect(throws: ProviderError.self) {
        try ProviderFactory.make(
          provider: .openai, key: nil, options: ProviderOptions(model: model, maxSize: size), environment: [:])
      }
    }
  }

  @Test("the cap reaches the wire: gpt-image-2's upload and size field stay within --max-size")
  func gptImage2CapOnTheWire() async throws {
    let (image, mask) = Self.scene(width: 1240, height: 840, maskWidth: 1000, maskHeight: 640)
    let options = ProviderOptions(model: "gpt-image-2", maxSize: PixelSize(width: 1280, height: 720))
    let (outcome, requests) = try await remove(
      image: image, mask: mask, provider: .openai, options: options, mode: "safety")
    #expect(throws: ProviderError.self) { try outcome.get() }
    let request = try #require(requests.first)
    let sent = try #require(request.part("image")?.image)
    let width = try #require(sent.width)
    let height = try #require(sent.height)
    #expect(width * height <= 1280 * 720 && width * height > 800_000, "\(width)x\(height)")
    #expect(request.part("size")?.value == "\(width)x\(height)")
  }

  @Test("OpenAI's quality is always sent (high by default) and the summary states what was billed")
  func openAIQualitySent() async throws {
    let (image, mask) = Self.scene(width: 240, height: 180, maskWidth: 88, maskHeight: 64)
    for (option, sent) in [(nil, "high"), ("low", "low")] as [(String?, String)] {
      let (outcome, requests) = try await remove(
        image: image, mask: mask, provider: .openai, options: ProviderOptions(quality: option))
      let summary = try outcome.get()
      #expect(requests.first?.part("quality")?.value == sent)
      #expect(
        summary.billing
          == BilledOutput(
            model: "gpt-image-1.5", size: PixelSize(width: 1536, height: 1024), quality: sent, qualitySent: true))
    }
  }
}
