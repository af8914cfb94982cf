import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// The glow around a lit sign's opaque core is subtracted only as far as the paint allows: the
/// dark floor check judges a sign's part by its glow.
@Suite("LocalInpainter sign glow", .ownThread)
struct SignGlowTests {
  static let width = 160
  static let height = 120
  /// The sign's opaque box (clipped red with white letters), its glow fading 5 px per 1/e.
  static let box = (x0: 50.0, y0: 45.0, x1: 110.0, y1: 72.0)

  /// Pale textured paint with dark bars, and a red sign reflected over it.
  static func sample(wall: (Double, Double, Double)) -> SyntheticGlareCase {
    var painting = TestPainting(width: width, height: height, wall: wall, textureAmount: 0.08, seed: 21)
    painting.fill { x, y in
      (x + 2 * y) % 37 < 3
    } colour: { _, _ in
      (0.12, 0.1, 0.08)
    }
    let colour = [1.0, 0.12, 0.08]
    var glare = [[Double]](repeating: [Double](repeating: 0, count: width * height), count: 3)
    for y in 0..<height {
      for x in 0..<width {
        let outsideX = max(box.x0 - Double(x), Double(x) - box.x1, 0)
        let outsideY = max(box.y0 - Double(y), Double(y) - box.y1, 0)
        let gap = (outsideX * outsideX + outsideY * outsideY).squareRoot()
        let amount = gap == 0 ? 1.2 : 0.25 * exp(-gap / 5)
        guard amount > 0.001 else { continue }
        let letters = gap == 0 && (x / 6) % 2 == 0 && y > 50 && y < 67 ? 1.5 : 0
        for c in 0..<3 { glare[c][y * width + x] = amount * colour[c] + letters }
      }
    }
    return SyntheticGlare.composite(kind: .exitSign, seed: 1, clean: painting.image, glare: glare, maskGrowth: 3)
  }

  /// Mean absolute difference (levels) from the clean paint over the mask less the box grown by
  /// 3 px: the glow.
  static func glowError(_ image: ImageBuffer, _ sample: SyntheticGlareCase) -> Double {
    var sum = 0.0
    var count = 0.0
    for y in 0..<height {
      for x in 0..<width where sample.mask.isInside(x: x, y: y) {
        let px = Double(x)
        let py = Double(y)
        guard px < box.x0 - 3 || px > box.x1 + 3 || py < box.y0 - 3 || py > box.y1 + 3 else { continue }
        for c in 0..<3 {
          sum += abs(Double(image.sample(x: x, y: y, channel: c)) - Double(sample.clean.sample(x: x, y: y, channel: c)))
          count += 1
        }
      }
    }
    return sum / max(count, 1)
  }

  @Test(
    "the glow around a sign on pale paint comes out closer to the paint than left as it was",
    arguments: [(0.8, 0.78, 0.74), (0.75, 0.7, 0.62)])
  func glowNotOverSubtracted(wall: (Double, Double, Double)) throws {
    let sample = Self.sample(wall: wall)
    let repair = try LocalInpainter.repair(sample.glared, mask: sample.mask, method: .auto)
    #expect(GlareMetrics.outsideIdentical(repair.image, sample.glared, mask: sample.mask))
    #expect(repair.regions.count == 1 && repair.regions.first?.action == .fill)
    let left = Self.glowError(sample.glared, sample)
    let repaired = Self.glowError(repair.image, sample)
    #expect(repaired < left, "glow \(left) -> \(repaired) levels from the paint")
    // Without the floor check the glow's estimate, spread from the core, darkens the paint more
    // than the glow had lifted it.
    var unchecked = LocalInpainter.Configuration()
    unchecked.floorTolerance = 1
    let plain = LocalInpainter.repaint(sample.glared, mask: sample.mask, method: .auto, configuration: unchecked)
    let over = Self.glowError(plain, sample)
    #expect(over > left, "without the check: glow \(left) -> \(over) levels")
  }
}
