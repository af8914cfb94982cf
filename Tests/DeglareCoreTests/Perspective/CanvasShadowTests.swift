import DeglareTestSupport
import Foundation
import Testing

@testable import DeglareCore

/// The unframed canvas's misses on the scene sets: a side refined onto the canvas's cast shadow
/// instead of the canvas's edge. Each test starts the refinement on the true quad, so only the
/// refinement can move a side off it.
@Suite struct CanvasShadowTests {
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
}
