import DeglareCore
import DeglarePipeline
import Testing

/// The composite of a tall crop, done in bands of rows, is the composite of the whole crop.
@Suite struct RepaintedCropTests {
  @Test("a crop of several bands is feathered and blended exactly as in one piece")
  func bandsMatchTheWholeCrop() throws {
    let width = 48
    let height = 1400
    var image = ImageBuffer(width: width, height: height, layout: .rgb, bitDepth: .eight)
    var mask = Mask(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        for c in 0..<3 { image.setSample(x: x, y: y, channel: c, (x * 5 + y * 3 + c * 70) % 256) }
        // A strip down the image with notches, and blobs that sit across band boundaries.
        let strip = x >= 12 && x < 30 && y >= 90 && y < 1320 && (y / 40) % 5 != 2
        let blob = [511, 700, 1025].contains { (x - 38) * (x - 38) + (y - $0) * (y - $0) < 64 }
        if strip || blob { mask[x, y] = 255 }
      }
    }
    let plan = try #require(RemoveSteps.plan(mask: mask, capability: .native, padding: 0.12))
    try #require(plan.crop.height > 2 * 512)
    var patch = ImageBuffer(width: plan.crop.width, height: plan.crop.height, layout: .rgb, bitDepth: .eight)
    for y in 0..<patch.height {
      for x in 0..<patch.width {
        for c in 0..<3 { patch.setSample(x: x, y: y, channel: c, 255 - (x * 11 + y + c * 40) % 256) }
      }
    }
    let overlay = RemoveSteps.repaintedCrop(image: image, mask: mask, plan: plan, patch: patch, feather: 6)
    var expected = image.cropped(to: plan.crop)
    Composite.apply(
      patch: patch, alpha: Feather.alpha(mask: mask, crop: plan.crop, width: 6), onto: &expected,
      at: PixelRect(x: 0, y: 0, width: plan.crop.width, height: plan.crop.height))
    #expect(overlay.rect == plan.crop)
    #expect(overlay.pixels == expected)
    #expect(expected != image.cropped(to: plan.crop))
  }
}
