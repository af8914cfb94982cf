import DeglareCore
import Foundation
import Testing

/// The capabilities of the real providers (docs/providers.md, Models and upload sizes).
enum TestCapabilities {
  static let openAI = UploadCapability.fixedSizes([
    PixelSize(width: 1024, height: 1024), PixelSize(width: 1536, height: 1024), PixelSize(width: 1024, height: 1536),
  ])
  static let geminiRatios = [
    AspectRatioSize("1:1", 1024, 1024), AspectRatioSize("2:3", 832, 1248), AspectRatioSize("3:2", 1248, 832),
    AspectRatioSize("3:4", 864, 1184), AspectRatioSize("4:3", 1184, 864), AspectRatioSize("4:5", 896, 1152),
    AspectRatioSize("5:4", 1152, 896), AspectRatioSize("9:16", 768, 1344), AspectRatioSize("16:9", 1344, 768),
    AspectRatioSize("21:9", 1536, 672),
  ]
  static let gemini = UploadCapability.aspectRatios(geminiRatios)
  static let gptImage2Rule = FlexibleSizeRule(
    multiple: 16, maxEdge: 3840, maxAspectRatio: 3, minPixels: 655_360, maxPixels: 8_294_400)
  static let gptImage2 = UploadCapability.flexible(gptImage2Rule)
  static let all: [UploadCapability] = [.native, openAI, gemini, gptImage2]
}

@Suite struct UploadSizePlannerTests {
  private func size(_ w: Int, _ h: Int) -> PixelSize { PixelSize(width: w, height: h) }

  @Test(
    "fixed sizes pick the closest log-aspect",
    arguments: [
      (1000, 1000, 1024, 1024), (1600, 1000, 1536, 1024), (1000, 1600, 1024, 1536),
      (1220, 1000, 1024, 1024), (1230, 1000, 1536, 1024),  // the boundary is sqrt(1.5) = 1.2247
      (1000, 1220, 1024, 1024), (1000, 1230, 1024, 1536), (5000, 10, 1536, 1024), (3, 900, 1024, 1536),
    ])
  func fixedSizes(_ w: Int, _ h: Int, _ ew: Int, _ eh: Int) {
    let choice = UploadSizePlanner.choose(for: size(w, h), capability: TestCapabilities.openAI)
    #expect(choice == UploadSizeChoice(size: size(ew, eh), aspectName: nil))
  }

  @Test("a tie goes to the first listed size")
  func fixedSizeTie() {
    let capability = UploadCapability.fixedSizes([size(300, 200), size(200, 300)])
    #expect(UploadSizePlanner.choose(for: size(500, 500), capability: capability).size == size(300, 200))
  }

  @Test(
    "aspect ratios report their name",
    arguments: [
      (1500, 1000, "3:2"), (1000, 1000, "1:1"), (2350, 1000, "21:9"), (1000, 1780, "9:16"), (1250, 1000, "5:4"),
      (1330, 1000, "4:3"),
    ])
  func aspectRatios(_ w: Int, _ h: Int, _ name: String) throws {
    let choice = UploadSizePlanner.choose(for: size(w, h), capability: TestCapabilities.gemini)
    #expect(choice.aspectName == name)
    let entry = try #require(TestCapabilities.geminiRatios.first { $0.name == name })
    #expect(choice.size == entry.size)
    #expect(
      UploadSizePlanner.targetAspect(for: size(w, h), capability: TestCapabilities.gemini)
        == Double(entry.size.width) / Double(entry.size.height))
  }

  @Test("native keeps the crop's size and wants no aspect")
  func native() {
    #expect(UploadSizePlanner.choose(for: size(123, 45), capability: .native) == UploadSizeChoice(size: size(123, 45)))
    #expect(UploadSizePlanner.targetAspect(for: size(123, 45), capability: .native) == nil)
  }

  @Test("the flexible rule is satisfied for every crop size")
  func flexibleAlwaysSatisfied() {
    let rule = TestCapabilities.gptImage2Rule
    let edges = [1, 2, 15, 16, 17, 100, 333, 640, 809, 810, 1000, 1024, 2000, 2880, 3840, 4000, 6000, 9000]
    for w in edges {
      for h in edges {
        let chosen = UploadSizePlanner.flexibleSize(for: size(w, h), rule: rule)
        #expect(UploadSizePlanner.satisfies(chosen, rule: rule), "\(w)x\(h) -> \(chosen)")
      }
    }
  }

  @Test(
    "a crop within the pixel range is sent at its own resolution, rounded to multiples",
    arguments: [(1000, 700), (1024, 1024), (2000, 1500), (3000, 2700), (816, 816)])
  func flexibleNative(_ w: Int, _ h: Int) {
    let chosen = UploadSizePlanner.flexibleSize(for: size(w, h), rule: TestCapabilities.gptImage2Rule)
    #expect(abs(chosen.width - w) <= 8 && abs(chosen.height - h) <= 8, "\(w)x\(h) -> \(chosen)")
  }

  @Test("a small crop is upscaled to the minimum, a big one downscaled to the maximum")
  func flexibleScaling() {
    let rule = TestCapabilities.gptImage2Rule
    let small = UploadSizePlanner.flexibleSize(for: size(300, 200), rule: rule)
    #expect(small.area >= rule.minPixels && Double(small.area) < Double(rule.minPixels) * 1.05)
    #expect(abs(log(Double(small.width) / Double(small.height)) - log(1.5)) < 0.03)
    let big = UploadSizePlanner.flexibleSize(for: size(4000, 3000), rule: rule)
    #expect(big.area <= rule.maxPixels && Double(big.area) > Double(rule.maxPixels) * 0.95)
    #expect(abs(log(Double(big.width) / Double(big.height)) - log(4.0 / 3.0)) < 0.02)
    let long = UploadSizePlanner.flexibleSize(for: size(3800, 900), rule: rule)
    #expect(long.width <= 3840 && long.area <= rule.maxPixels)
  }

  @Test("the flexible target aspect is the crop's own, clamped to the rule's ratio")
  func flexibleTarget() {
    let capability = TestCapabilities.gptImage2
    #expect(UploadSizePlanner.targetAspect(for: size(1500, 1000), capability: capability) == 1.5)
    #expect(UploadSizePlanner.targetAspect(for: size(5000, 1000), capability: capability) == 3)
    #expect(UploadSizePlanner.targetAspect(for: size(100, 1000), capability: capability) == 1.0 / 3.0)
    let thin = UploadSizePlanner.flexibleSize(for: size(5000, 1000), rule: TestCapabilities.gptImage2Rule)
    #expect(abs(Double(thin.width) / Double(thin.height) - 3) < 0.02)
  }
}
