import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

/// Where the mask's level lines cross the glare's sharp edge (a detected or hand-drawn mask whose
/// edge does not follow the glare's), each pixel keeps the share of its amount that its own mode
/// along its line gives (`GlareSubtraction+Along.swift`), not the line's mean.
@Suite("LocalInpainter mode along the mask's lines", .ownThread)
struct ModeAlongLineTests {
  /// Pale grained paint with a green streak whose top and bottom edges are sharp (rows 30..<46,
  /// fading out at both ends), under a mask whose top edge is straight and whose bottom edge
  /// slants from row 50 to row 72, so that the level lines near it cross the streak's edge.
  static func slantedScene() -> (clean: ImageBuffer, glared: ImageBuffer, mask: Mask) {
    let width = 200
    let height = 80
    var clean = ImageBuffer(width: width, height: height, layout: .rgb, bitDepth: .eight)
    var glared = clean
    var mask = Mask(width: width, height: height)
    let colour = BrightnessErrorTests.unit([-0.15, 1, 0.3]).map(Double.init)
    for y in 0..<height {
      for x in 0..<width {
        let grain = 1 + 0.05 * (Double((x * 37 + y * 91) % 17) / 8 - 1)
        let profile = (30..<46).contains(y) ? 1.0 : 0
        let taper = min(max(min(Double(x - 20), Double(180 - x)) / 10, 0), 1)
        for c in 0..<3 {
          let paint = SyntheticGlare.decode([0.88, 0.82, 0.7][c]) * grain
          clean.setSample(x: x, y: y, channel: c, SyntheticGlare.level(paint))
          glared.setSample(x: x, y: y, channel: c, SyntheticGlare.level(paint + 0.2 * profile * taper * colour[c]))
        }
        let bottom = 50 + 22 * Double(x - 10) / 180
        if y >= 24 && Double(y) < bottom && (10..<190).contains(x) { mask[x, y] = 255 }
      }
    }
    return (clean, glared, mask)
  }

  /// The mean rise of red less green (levels) against the clean paint, and the mean absolute
  /// change, over rows `rows` and columns 30..<170.
  static func rise(_ result: ImageBuffer, _ clean: ImageBuffer, rows: Range<Int>) -> (redRise: Double, mean: Double) {
    let change = BrightnessErrorTests.change(result, clean, rows: rows)
    return (change.redRise, change.mean)
  }

  /// The mean of the mask's slanted lines reaches past the streak's bottom edge: without the
  /// mode, the clean rows below it turn pink (red less green up by 3.1 levels, a change of 1.4);
  /// with it, 1.4 and 0.6, and the streak itself comes out closer to the clean paint.
  @Test("clean paint beside a sharp edge of the glare that the mask's lines cross is not turned pink")
  func slantedEdge() {
    let scene = Self.slantedScene()
    var plain = LocalInpainter.Configuration()
    plain.modeSigma = 0
    let withMode = LocalInpainter.repaint(scene.glared, mask: scene.mask, method: .auto)
    let withoutMode = LocalInpainter.repaint(scene.glared, mask: scene.mask, method: .auto, configuration: plain)
    let below = (
      now: Self.rise(withMode, scene.clean, rows: 46..<50), before: Self.rise(withoutMode, scene.clean, rows: 46..<50)
    )
    #expect(below.before.redRise > 2.5, "the fault this guards against: \(below.before)")
    #expect(below.now.redRise < 2 && below.now.mean < 0.9, "below the streak: \(below)")
    let streak = Self.rise(withMode, scene.clean, rows: 31..<45)
    #expect(streak.mean < 0.6, "the streak is \(streak.mean) levels from the clean paint")
  }
}
