import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

/// The unframed canvas's misses on the scene sets: a side refined onto the canvas's cast shadow
/// instead of the canvas's edge. Each test starts the refinement on the true quad, so only the
/// refinement can move a side off it.
@Suite(.ownThread) struct CanvasShadowTests {
  /// An unframed canvas on a neutral wall, 480 x 360, seen nearly head-on, casting `shadow`
  /// straight down; its paint is `paint` everywhere (a scan of one colour) or procedural.
  func scene(shadow: StraightenScene.Shadow, paint: [UInt8]?) -> StraightenScene {
    let size = PixelSize(width: 480, height: 360)
    let camera = SyntheticFrameScene.camera(
      size: size, focalLength: 520, distance: 2.1, yaw: 0.05, pitch: -0.03, roll: 0.01, aim: Point(x: 0, y: 0))
    let picture =
      paint.map { colour in
        PictureSource.scan(
          name: "plain",
          image: ImageBuffer(width: 4, height: 4, layout: .rgb, samples: Array((0..<16).map { _ in colour }.joined())))
      } ?? .procedural(seed: 5)
    return StraightenScene(
      kind: .canvas, size: size, objectWidth: 1.3, moulding: nil, mouldingWidth: 0, background: .wall,
      backgroundColour: [214, 214, 214], shadow: shadow, picture: picture, noise: 1, planeToImage: camera, seed: 3)
  }

  /// The largest distance (pixels) of the refined bottom side's ends from the true bottom side.
  func bottomError(_ scene: StraightenScene, factor: Int = 1) -> Double {
    let refined = FrameDetector().refine(scene.quad, in: scene.render(), factor: factor, rule: .outermost)
    let truth = scene.quad.edge(2)
    let line = Line(through: truth.start, truth.end)
    let found = refined.quad.edge(2)
    return max(abs(line.signedDistance(to: found.start)), abs(line.signedDistance(to: found.end)))
  }

  @Test("a soft shadow whose penumbra runs to the end of the refinement's outward search makes no false edge there")
  func softPenumbraAtTheEndOfTheSearch() {
    // As on a 2000-pixel photo (analysis factor 2: the search reaches 15 px outside): a shadow
    // about 14 px down with a 10 px penumbra, under warm pale paint. Smoothing that repeats the
    // profile's end sample flattened the penumbra's slope there into a narrow peak, taken for a
    // hard material edge 13 px outside the canvas.
    let shadow = StraightenScene.Shadow(offset: Point(x: 0, y: 0.055), softness: 0.04, strength: 0.45)
    let error = bottomError(scene(shadow: shadow, paint: [221, 210, 166]), factor: 2)
    #expect(error < 1.5, "the bottom side is \(error) px off the canvas's edge")
  }

  @Test("a canvas painted in the wall's hue, darker than the wall, is told from the hard shadow below it")
  func wallColouredPaintAboveAHardShadow() {
    // Paint 0.8 of the wall's brightness with nearly its hue, then 5 px of shadow at 0.5 with a
    // sharp penumbra: both edges look like "wall inside"; only the shadow darkens inward.
    let shadow = StraightenScene.Shadow(offset: Point(x: 0, y: 0.02), softness: 0.008, strength: 0.5)
    let error = bottomError(scene(shadow: shadow, paint: [178, 172, 160]))
    #expect(error < 1.5, "the bottom side is \(error) px off the canvas's edge")
  }

  @Test("a contact shadow round every side is passed over, so the hard shadow below is not read as a frame band")
  func contactShadowRoundEverySide() {
    // A canvas (80...399 x 60...279) on a 214-grey wall, drawn by hand: the wall is darkened to
    // 0.6 for 3 px round every side, then lightens linearly to itself over 6 px (a contact
    // shadow whose penumbra is about 6 px wide at half height), with a hard shadow band 12 px
    // deep below. Judged soft only from 7 px, the penumbras were edges with wall inside on all
    // four sides, read as a wall-coloured frame, and every side kept its outermost edge: the
    // bottom went to the hard shadow's edge, 9 px out.
    let (width, height) = (480, 340)
    let (left, top, right, bottom) = (80, 60, 400, 280)
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        var level: [Double] = [150, 92, 60]
        if !(x >= left && x < right && y >= top && y < bottom) {
          let gap = Double(max(left - x - 1, x - right, top - y - 1, y - bottom, 0))
          var shade = 1 - 0.4 * (1 - min(1, max(0, (gap - 3) / 6)))
          if y >= bottom, y < bottom + 12, x >= left + 4, x < right + 4 { shade *= 0.75 }
          level = [214 * shade, 214 * shade, 214 * shade]
        }
        for channel in 0..<3 { samples[(y * width + x) * 3 + channel] = UInt8(level[channel].rounded()) }
      }
    }
    let image = ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
    let truth = Quad(
      rectangleFrom: Point(x: Double(left) - 0.5, y: Double(top) - 0.5),
      to: Point(x: Double(right) - 0.5, y: Double(bottom) - 0.5))
    let refined = FrameDetector().refine(truth, in: image, factor: 2, rule: .outermost)
    let error = refined.quad.maxCornerDistance(to: truth)
    #expect(error < 1.5, "a corner is \(error) px off the canvas's corner")
  }
}
