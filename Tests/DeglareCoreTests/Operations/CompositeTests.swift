import DeglareTestSupport
import Testing

@testable import DeglareCore

@Suite struct CompositeTests {
  /// Masks at edges and corners, several blobs, a single pixel, the whole image (48x36).
  static let masks: [(String, Mask)] = {
    let w = 48
    let h = 36
    return [
      ("corner", SyntheticImages.mask(width: w, height: h) { x, y in x + y < 9 }),
      ("far corner", SyntheticImages.mask(width: w, height: h) { x, y in x > 40 && y > 30 }),
      ("edges", SyntheticImages.mask(width: w, height: h) { x, y in x == 0 || y == h - 1 || (x > 20 && x < 26) }),
      (
        "blobs",
        SyntheticImages.mask(width: w, height: h) { x, y in
          (x - 12) * (x - 12) + (y - 10) * (y - 10) < 30 || (x > 28 && x < 44 && y > 18 && y < 30)
            || (x == 5 && y == 30)
        }
      ),
      ("one pixel", SyntheticImages.mask(width: w, height: h) { x, y in x == 30 && y == 7 }),
      (
        "thin strokes",
        SyntheticImages.mask(width: w, height: h) { x, y in y == 3 || (x - y == 6 && x < 40) || (y >= 20 && y < 25) }
      ),
      ("full", SyntheticImages.mask(width: w, height: h) { _, _ in true }),
      ("gray levels", Mask(width: w, height: h, values: (0..<(w * h)).map { UInt8(($0 * 37) % 256) })),
    ]
  }()

  /// The pipeline's own sequence: plan, crop, feather, composite a random patch.
  private func removeWithRandomPatch(
    image: ImageBuffer, mask: Mask, patchLayout: ChannelLayout, patchDepth: BitDepth, feather: Double, seed: UInt64
  ) throws -> (ImageBuffer, CropPlan, AlphaMap, ImageBuffer) {
    let plan = try #require(CropPlanner.plan(mask: mask, capability: .native))
    let patch = SyntheticImages.noise(
      width: plan.crop.width, height: plan.crop.height, layout: patchLayout, bitDepth: patchDepth, seed: seed)
    let alpha = Feather.alpha(mask: mask, crop: plan.crop, width: feather)
    var result = image
    Composite.apply(patch: patch, alpha: alpha, onto: &result, at: plan.crop)
    return (result, plan, alpha, patch)
  }

  @Test(
    "every pixel outside the mask is bit-identical after the composite",
    arguments: ChannelLayout.allCases, BitDepth.allCases)
  func invariant(_ layout: ChannelLayout, _ depth: BitDepth) throws {
    var seed: UInt64 = UInt64(layout.rawValue * 100 + depth.rawValue)
    for (name, mask) in CompositeTests.masks {
      for feather in [0.0, 6] {
        for patchLayout in [layout, layout.colorChannelCount == 1 ? .rgb : .gray] {
          for patchDepth in BitDepth.allCases {
            seed += 1
            let image = SyntheticImages.noise(width: 48, height: 36, layout: layout, bitDepth: depth, seed: seed)
            let (result, _, _, _) = try removeWithRandomPatch(
              image: image, mask: mask, patchLayout: patchLayout, patchDepth: patchDepth, feather: feather, seed: ~seed)
            let report = Verification.compare(original: image, result: result, mask: mask)
            let label = "\(name), feather \(feather), patch \(patchLayout.name) \(patchDepth.rawValue)-bit"
            #expect(report.identical, "\(label): \(report.differingPixels) differ, first \(report.firstDifferences)")
            #expect(report.layoutMismatch == nil)
            // The original's alpha channel is kept everywhere, inside the mask too.
            if layout.hasAlpha {
              let a = layout.channelCount - 1
              var kept = true
              for y in 0..<36 {
                for x in 0..<48 where image.sample(x: x, y: y, channel: a) != result.sample(x: x, y: y, channel: a) {
                  kept = false
                }
              }
              #expect(kept, "\(label): alpha changed")
            }
          }
        }
      }
    }
  }

  @Test("inside the mask: alpha 1 takes the patch exactly, other alphas blend", arguments: BitDepth.allCases)
  func insideBlend(_ depth: BitDepth) throws {
    let mask = CompositeTests.masks[3].1
    let image = SyntheticImages.noise(width: 48, height: 36, layout: .rgb, bitDepth: depth, seed: 99)
    let (result, plan, alpha, patch) = try removeWithRandomPatch(
      image: image, mask: mask, patchLayout: .rgb, patchDepth: depth, feather: 6, seed: 42)
    var blended = 0
    for y in 0..<plan.crop.height {
      for x in 0..<plan.crop.width {
        let a = alpha[x, y]
        guard a > 0 else { continue }
        for c in 0..<3 {
          let o = Float(image.sample(x: plan.crop.x + x, y: plan.crop.y + y, channel: c))
          let p = Float(patch.sample(x: x, y: y, channel: c))
          let expected = Int((o + a * (p - o) + 0.5).rounded(.down))
          #expect(result.sample(x: plan.crop.x + x, y: plan.crop.y + y, channel: c) == expected)
        }
        if a < 1 { blended += 1 }
      }
    }
    #expect(blended > 20)
  }

  @Test("blend arithmetic: rounding half up, promotion to 16 bits, gray and colour patches")
  func arithmetic() {
    let crop = PixelRect(x: 0, y: 0, width: 1, height: 1)
    func blend(_ image: ImageBuffer, _ patch: ImageBuffer, _ a: Float) -> [Int] {
      var out = image
      Composite.apply(patch: patch, alpha: AlphaMap(width: 1, height: 1, values: [a]), onto: &out, at: crop)
      return out.pixel(x: 0, y: 0)
    }
    let gray8 = { (v: UInt8) in ImageBuffer(width: 1, height: 1, layout: .gray, samples: [v]) }
    #expect(blend(gray8(100), gray8(200), 0.25) == [125])
    #expect(blend(gray8(0), gray8(1), 0.5) == [1])  // 0.5 rounds up
    #expect(blend(gray8(10), gray8(11), 0.49) == [10])
    let rgba16 = ImageBuffer(width: 1, height: 1, layout: .rgba, samples: [UInt16]([1, 2, 3, 4444]))
    #expect(blend(rgba16, gray8(200), 1) == [51400, 51400, 51400, 4444])  // 200 * 257; alpha kept
    let rgb8 = ImageBuffer(width: 1, height: 1, layout: .rgb, samples: [UInt8]([255, 0, 0]))
    #expect(blend(gray8(0), rgb8, 1) == [76])  // luma 76.245
    let gray16 = ImageBuffer(width: 1, height: 1, layout: .gray, samples: [UInt16(257 * 100)])
    #expect(blend(gray8(0), gray16, 1) == [100])
    let grayAlpha8 = ImageBuffer(width: 1, height: 1, layout: .grayAlpha, samples: [UInt8]([50, 7]))
    #expect(blend(grayAlpha8, rgb8, 0.5) == [63, 7])  // 50 + 0.5 * (76.245 - 50) = 63.1
  }

  @Test("alpha 0 never writes, even where the patch differs")
  func zeroAlphaUntouched() {
    let image = SyntheticImages.noise(width: 20, height: 10, layout: .rgba, bitDepth: .sixteen, seed: 3)
    let patch = SyntheticImages.constant(width: 8, height: 6, layout: .rgb, bitDepth: .eight, value: 255)
    var result = image
    let crop = PixelRect(x: 4, y: 2, width: 8, height: 6)
    Composite.apply(
      patch: patch, alpha: AlphaMap(width: 8, height: 6, values: [Float](repeating: 0, count: 48)), onto: &result,
      at: crop)
    #expect(result == image)
  }
}

extension CompositeTests {
  @Test("the check-free floor matches Float.rounded(.down) on [0, 65535.5]")
  func floorWithoutChecks() {
    var values: [Float] = [0, 0.5, 1e-30, 0.49999997, 0.99999994, 65535, 65535.5, 65535.49, 254.5, 255.5]
    for k in stride(from: 0, through: 65535, by: 1) {
      let f = Float(k)
      values += [f, f.nextUp, f.nextDown, f + 0.5, (f + 0.5).nextDown, (f + 0.5).nextUp]
    }
    for v in values where v >= 0 && v < 65536 {
      #expect(Composite.floorOfNonNegative(v) == Int32(v.rounded(.down)), "\(v)")
    }
  }
}
