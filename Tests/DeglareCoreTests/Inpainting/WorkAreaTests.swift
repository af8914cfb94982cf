import DeglareTestSupport
import DeglareTestTraits
import Testing

@testable import DeglareCore

/// Far-apart parts of a mask are repainted in their own work areas.
@Suite(.ownThread) struct WorkAreaTests {
  static func disc(_ mask: inout Mask, x cx: Int, y cy: Int, radius: Int) {
    for y in max(cy - radius, 0)...min(cy + radius, mask.height - 1) {
      for x in max(cx - radius, 0)...min(cx + radius, mask.width - 1)
      where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius {
        mask[x, y] = 255
      }
    }
  }

  @Test("parts whose areas overlap are joined, far ones are not, and no area reaches another's mask")
  func areas() {
    var mask = Mask(width: 200, height: 120)
    Self.disc(&mask, x: 30, y: 30, radius: 6)  // A
    Self.disc(&mask, x: 50, y: 30, radius: 6)  // B: 8 px from A, within two margins
    Self.disc(&mask, x: 150, y: 90, radius: 8)  // C: far
    mask[199, 0] = 255  // D: a corner pixel
    let box = mask.insideBoundingBox!
    let parts = RegionReports(mask: mask, box: box).regions.map(\.box)
    let areas = LocalInpainter.workAreas(
      of: parts, box: box, margin: 5, bounds: PixelRect(x: 0, y: 0, width: 200, height: 120),
      configuration: .init())
    #expect(
      Set(areas) == [
        PixelRect(x: 19, y: 19, width: 43, height: 23), PixelRect(x: 137, y: 77, width: 27, height: 27),
        PixelRect(x: 194, y: 0, width: 6, height: 6),
      ])
    var single = LocalInpainter.Configuration()
    single.maximumSeparateAreas = 2
    #expect(
      LocalInpainter.workAreas(
        of: parts, box: box, margin: 5, bounds: PixelRect(x: 0, y: 0, width: 200, height: 120), configuration: single)
        == [PixelRect(x: 19, y: 0, width: 181, height: 104)])
  }

  // `fill` copies patches from anywhere outside the whole mask within reach of a part, so a part
  // near another is independent of it only in the other methods.
  @Test("each part is repainted exactly as it would be alone", arguments: [LocalMethod.subtract, .auto])
  func partsAreIndependent(method: LocalMethod) {
    let veil = InpaintingFixtures.veil()
    var second = veil.mask
    Self.disc(&second, x: 20, y: 100, radius: 7)
    let both = LocalInpainter.repaint(veil.glared, mask: second, method: method)
    let alone = LocalInpainter.repaint(veil.glared, mask: veil.mask, method: method)
    var far = Mask(width: second.width, height: second.height)
    Self.disc(&far, x: 20, y: 100, radius: 7)
    let farAlone = LocalInpainter.repaint(veil.glared, mask: far, method: method)
    var differing = 0
    for y in 0..<second.height {
      for x in 0..<second.width where second.isInside(x: x, y: y) {
        let expected = veil.mask.isInside(x: x, y: y) ? alone : farAlone
        for c in 0..<3 where both.sample(x: x, y: y, channel: c) != expected.sample(x: x, y: y, channel: c) {
          differing += 1
        }
      }
    }
    #expect(differing == 0)
    #expect(both != veil.glared)
  }
}
