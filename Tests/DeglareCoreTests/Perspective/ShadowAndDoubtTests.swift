import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// The failure classes of real museum photos: a cast shadow taken for the frame's edge, a
/// canvas's shadow taken for the canvas, a line inside the painting taken for the frame's bottom,
/// and a doubtful result that looked certain.
@Suite(.ownThread) struct ShadowAndDoubtTests {
  /// A picture on a wall, 480 x 360, yawed and pitched a little, casting a wide, fairly sharp
  /// shadow to the left and down (a wedge: the frame leans forward on its wire).
  func scene(kind: StraightenScene.Kind, moulding: StraightenScene.Moulding?) -> StraightenScene {
    let size = PixelSize(width: 480, height: 360)
    let camera = SyntheticFrameScene.camera(
      size: size, focalLength: 520, distance: 2.1, yaw: 0.12, pitch: -0.08, roll: 0.02, aim: Point(x: 0, y: 0))
    let shadow = StraightenScene.Shadow(
      topOffset: Point(x: -0.09, y: 0.11), bottomOffset: Point(x: -0.06, y: 0.07), topSoftness: 0.01,
      bottomSoftness: 0.006, strength: 0.45, tint: [0.97, 1, 1.03], contact: 0.08)
    return StraightenScene(
      kind: kind, size: size, objectWidth: 1.25, moulding: moulding, mouldingWidth: moulding == nil ? 0 : 0.09,
      background: .wall, backgroundColour: [206, 203, 198], shadow: shadow, picture: .procedural(seed: 11),
      noise: 1.5, planeToImage: camera, seed: 21)
  }

  func diagonal(_ size: PixelSize) -> Double {
    Double(size.width * size.width + size.height * size.height).squareRoot()
  }

  @Test(
    "a wide cast shadow below and to the side is not taken for the edge",
    arguments: [(StraightenScene.Kind.shadowedFrame, StraightenScene.Moulding?.some(.gilt)), (.canvas, nil)])
  func shadowIsNotTheEdge(kind: StraightenScene.Kind, moulding: StraightenScene.Moulding?) {
    let scene = scene(kind: kind, moulding: moulding)
    // The shadow's band is wider than a few pixels on the left and at the bottom.
    let shadowWidth = 0.06 * scene.quad.edgeLengths[0] / scene.objectWidth
    #expect(shadowWidth > 12)
    let detection = FrameDetector().detect(in: scene.render())
    let error = detection.quad.maxCornerDistance(to: scene.quad)
    let coarse = detection.evidence.coarse?.maxCornerDistance(to: scene.quad) ?? 0
    #expect(
      error < 0.006 * diagonal(scene.size),
      "corner error \(error) px (\(coarse) px before refinement); the shadow is \(shadowWidth) px wide")
  }

  @Test(
    "a line across the picture, stronger than the frame's faint outer edge, is never a confident answer",
    arguments: [
      (StraightenScene.Moulding.black, [90.0, 80, 70], 0.6), (.black, [90.0, 80, 70], 0.88),
      (.grey, [206.0, 203, 198], 0.75),
    ])
  func innerLineIsNotConfident(moulding: StraightenScene.Moulding, wall: [Double], position: Double) {
    // A building's base line across the canvas: everything below it much darker. The frame's
    // outer edge is faint (a black moulding on a dark wall, a grey one on a grey wall), so the
    // line is the stronger edge; the detector may take it, but must then say so.
    var scene = scene(kind: .innerLines, moulding: moulding)
    scene.mouldingWidth = 0.03
    scene.backgroundColour = wall
    scene.shadow = StraightenScene.Shadow(offset: Point(x: -0.01, y: 0.015), softness: 0.01, strength: 0.2)
    scene.lines = [
      StraightenScene.ContentLine(horizontal: true, position: position, width: 0, colour: [0.3, 0.3, 0.3])
    ]
    let detection = FrameDetector().detect(in: scene.render())
    let percent = 100 * detection.quad.maxCornerDistance(to: scene.quad) / diagonal(scene.size)
    let flagged = detection.confidence < 0.5 && detection.warnings.contains { $0.hasPrefix("check the corners: ") }
    #expect(percent <= 1 || flagged, "corner error \(percent) % of the diagonal at confidence \(detection.confidence)")
  }

  @Test("two frames side by side: the detection says it is doubtful and names the other as runner-up")
  func twoFrames() throws {
    let image = TwoFrames.render()
    let detection = FrameDetector().detect(in: image)
    #expect(detection.found)
    let runnerUp = try #require(detection.runnerUp)
    let picked = TwoFrames.nearest(to: detection.quad)
    let other = TwoFrames.nearest(to: runnerUp)
    #expect(picked != other, "the runner-up is the other frame")
    #expect(detection.confidence < 0.5)
    #expect(detection.warnings.contains { $0.hasPrefix("check the corners: ") })
  }

  @Test("a clear winner keeps its score; a runner-up as good halves it")
  func calibration() {
    var configuration = FrameDetector.Configuration()
    configuration.scoreExponent = 1
    configuration.rivalryStart = 0.6
    configuration.rivalryFloor = 0.5
    let alone = FrameDetection.Evidence(score: 0.9, runnerUpScore: 0, shadowSides: [0, 0, 0, 0])
    let tied = FrameDetection.Evidence(score: 0.9, runnerUpScore: 0.9, shadowSides: [0, 0, 0, 0])
    let behind = FrameDetection.Evidence(score: 0.9, runnerUpScore: 0.45, shadowSides: [0, 0, 0, 0])
    #expect(alone.confidence(configuration) == 0.9)
    #expect(behind.confidence(configuration) == 0.9)
    #expect(abs(tied.confidence(configuration) - 0.45) < 1e-12)
  }
}
