import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

@Suite struct CropPlannerTests {
  private func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

  /// Masks of many kinds in a 200x150 image.
  static let masks: [(String, Mask)] = {
    let w = 200
    let h = 150
    return [
      ("one pixel", SyntheticImages.mask(width: w, height: h) { x, y in x == 90 && y == 70 }),
      ("corner pixel", SyntheticImages.mask(width: w, height: h) { x, y in x == 0 && y == 0 }),
      ("far corner", SyntheticImages.mask(width: w, height: h) { x, y in x >= 190 && y >= 140 }),
      ("left edge", SyntheticImages.mask(width: w, height: h) { x, y in x < 4 && y > 30 && y < 100 }),
      ("top strip", SyntheticImages.mask(width: w, height: h) { x, y in y < 3 && x > 20 && x < 180 }),
      ("wide strip", SyntheticImages.mask(width: w, height: h) { x, y in y > 60 && y < 66 && x > 10 && x < 190 }),
      ("tall strip", SyntheticImages.mask(width: w, height: h) { x, y in x > 100 && x < 104 }),
      (
        "blobs",
        SyntheticImages.mask(width: w, height: h) { x, y in
          (x - 20) * (x - 20) + (y - 20) * (y - 20) < 50 || (x - 150) * (x - 150) + (y - 120) * (y - 120) < 80
        }
      ),
      ("full", SyntheticImages.mask(width: w, height: h) { _, _ in true }),
    ]
  }()

  @Test("an empty mask has no plan")
  func empty() {
    #expect(CropPlanner.plan(mask: Mask(width: 10, height: 10), capability: .native) == nil)
  }

  @Test("crop properties hold for every mask, capability and padding")
  func properties() throws {
    for (name, mask) in CropPlannerTests.masks {
      let box = try #require(mask.insideBoundingBox)
      for capability in TestCapabilities.all {
        for padding in [0.0, 0.12, 0.5] {
          let plan = try #require(CropPlanner.plan(mask: mask, capability: capability, padding: padding))
          let label = "\(name), \(capability), padding \(padding): \(plan)"
          #expect(plan.maskBounds == box, "\(label)")
          #expect(PixelRect(x: 0, y: 0, width: 200, height: 150).contains(plan.crop), "\(label)")
          #expect(plan.crop.contains(box), "\(label)")
          // Contains the padded box (clamped to the image).
          let pad = padding > 0 ? max(16, Int((padding * Double(max(box.width, box.height))).rounded(.up))) : 0
          let padded = PixelRect(
            x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad
          )
          .intersection(PixelRect(x: 0, y: 0, width: 200, height: 150))
          #expect(plan.crop.contains(padded), "\(label)")
          // The crop's aspect is at least as close to the upload's as the padded box's.
          let target = log(Double(plan.uploadSize.width) / Double(plan.uploadSize.height))
          let cropError = abs(log(Double(plan.crop.width) / Double(plan.crop.height)) - target)
          let boxError = abs(log(Double(padded.width) / Double(padded.height)) - target)
          #expect(cropError <= boxError + 1e-9, "\(label)")
          #expect(
            plan.uploadSize == UploadSizePlanner.choose(for: plan.crop.size, capability: capability).size, "\(label)")
          if case .native = capability { #expect(plan.isNativeSize, "\(label)") }
          if case .flexible(let rule) = capability {
            #expect(UploadSizePlanner.satisfies(plan.uploadSize, rule: rule), "\(label)")
          }
        }
      }
    }
  }

  @Test("a single pixel gets 16 px of padding; at a corner the padding is clipped")
  func singlePixel() throws {
    let centre = try #require(CropPlanner.plan(mask: CropPlannerTests.masks[0].1, capability: .native))
    #expect(centre.crop == rect(74, 54, 33, 33))
    let corner = try #require(CropPlanner.plan(mask: CropPlannerTests.masks[1].1, capability: .native))
    #expect(corner.crop == rect(0, 0, 17, 17))
    let openAI = try #require(CropPlanner.plan(mask: CropPlannerTests.masks[0].1, capability: TestCapabilities.openAI))
    #expect(openAI.crop == rect(74, 54, 33, 33))
    #expect(openAI.uploadSize == PixelSize(width: 1024, height: 1024))
  }

  @Test("padding is 12 % of the longer side, and zero padding is the bounding box")
  func padding() throws {
    let mask = SyntheticImages.mask(width: 400, height: 400) { x, y in x >= 100 && x < 300 && y >= 150 && y < 250 }
    let plan = try #require(CropPlanner.plan(mask: mask, capability: .native))
    #expect(plan.crop == rect(76, 126, 248, 148))  // 0.12 * 200 = 24
    let tight = try #require(CropPlanner.plan(mask: mask, capability: .native, padding: 0))
    #expect(tight.crop == rect(100, 150, 200, 100))
  }

  @Test("a wide strip grows vertically toward 3:2 for OpenAI")
  func growsTowardAspect() throws {
    let mask = SyntheticImages.mask(width: 400, height: 300) { x, y in x >= 100 && x < 200 && y >= 100 && y < 110 }
    let plan = try #require(CropPlanner.plan(mask: mask, capability: TestCapabilities.openAI))
    // Padded: 132x42 at (84, 84); grown to 132x88, centred: y = 84 - 23 = 61.
    #expect(plan.crop == rect(84, 61, 132, 88))
    #expect(plan.uploadSize == PixelSize(width: 1536, height: 1024))
  }

  @Test("growth shifts away from an image edge instead of crossing it")
  func growthAtEdge() throws {
    let mask = SyntheticImages.mask(width: 400, height: 300) { x, y in x >= 100 && x < 200 && y < 10 }
    let plan = try #require(CropPlanner.plan(mask: mask, capability: TestCapabilities.openAI))
    #expect(plan.crop == rect(84, 0, 132, 88))
  }

  @Test("Gemini plans report the aspect name")
  func geminiName() throws {
    let mask = SyntheticImages.mask(width: 400, height: 300) { x, y in x >= 100 && x < 200 && y >= 100 && y < 110 }
    let plan = try #require(CropPlanner.plan(mask: mask, capability: TestCapabilities.gemini))
    #expect(plan.aspectName == "21:9")
    #expect(plan.uploadSize == PixelSize(width: 1536, height: 672))
  }

  @Test("a full-image mask crops the whole image")
  func fullImage() throws {
    for capability in TestCapabilities.all {
      let plan = try #require(CropPlanner.plan(mask: CropPlannerTests.masks[8].1, capability: capability))
      #expect(plan.crop == rect(0, 0, 200, 150))
    }
  }

  @Test("for a flexible model a crop that fits grows to multiples of 16 and is sent as is")
  func flexibleNativeCrop() throws {
    let mask = SyntheticImages.mask(width: 3000, height: 2000) { x, y in x >= 1000 && x < 1801 && y >= 500 && y < 1203 }
    let plan = try #require(CropPlanner.plan(mask: mask, capability: TestCapabilities.gptImage2))
    #expect(plan.isNativeSize)
    #expect(plan.crop.width % 16 == 0 && plan.crop.height % 16 == 0)
    #expect(plan.crop.contains(plan.maskBounds))
  }
}
