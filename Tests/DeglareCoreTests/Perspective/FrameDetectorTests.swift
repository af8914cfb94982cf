import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@Suite(.ownThread) struct FrameDetectorTests {
  /// A gilt frame with a mat and a label, yawed and pitched, in a 480 x 360 photo.
  func scene(style: SyntheticFrameScene.FrameStyle, mat: Double = 0, label: Bool = true) -> SyntheticFrameScene {
    let size = PixelSize(width: 480, height: 360)
    let camera = SyntheticFrameScene.camera(
      size: size, focalLength: 520, distance: 2.3, yaw: 0.18, pitch: -0.1, roll: 0.04, aim: Point(x: 0.02, y: 0))
    return SyntheticFrameScene(
      size: size, frameWidth: 1.3, frameHeight: 1, mouldingWidth: 0.11, matWidth: mat, style: style,
      wallColour: [214, 210, 204], shadowOffset: Point(x: 0.015, y: 0.025), shadowSoftness: 0.01, shadowStrength: 0.25,
      hasLabel: label, planeToImage: camera, seed: 7)
  }

  func diagonal(_ size: PixelSize) -> Double {
    Double(size.width * size.width + size.height * size.height).squareRoot()
  }

  @Test(
    "the outer edge of a gilt frame is found, not the mat inside it nor the shadow beside it",
    arguments: [SyntheticFrameScene.FrameStyle.gilt, .ornate, .black, .wood])
  func findsOuterEdge(style: SyntheticFrameScene.FrameStyle) {
    let scene = scene(style: style, mat: style == .gilt ? 0.06 : 0)
    let detection = FrameDetector().detect(in: scene.render())
    #expect(detection.found)
    let error = detection.quad.maxCornerDistance(to: scene.frameQuad)
    #expect(error < 0.01 * diagonal(scene.size), "corner error \(error) px")
    #expect(detection.confidence > 0.5, "\(detection.evidence)")
  }

  @Test("--target painting finds the canvas inside the frame")
  func findsPainting() {
    let scene = scene(style: .gilt, label: false)
    let detection = FrameDetector().detect(in: scene.render(), target: .painting)
    let error = detection.quad.maxCornerDistance(to: scene.paintingQuad)
    #expect(error < 0.01 * diagonal(scene.size), "corner error \(error) px")
    #expect(detection.warnings.isEmpty)
  }

  @Test("an empty wall gives the centred fallback quad with a warning, never a dead end")
  func fallback() {
    let wall = renderPlane(size: PixelSize(width: 200, height: 150), planeToImage: .identity) { _ in [200, 198, 190] }
    let detection = FrameDetector().detect(in: wall)
    #expect(detection.source == .fallback)
    #expect(detection.confidence == 0)
    #expect(detection.quad == Quad(rectangleFrom: Point(x: 9.5, y: 7), to: Point(x: 189.5, y: 142)))
    #expect(detection.warnings.count == 1)
  }

  @Test("the tunables keep their documented defaults")
  func defaults() {
    let configuration = FrameDetector.Configuration()
    #expect(configuration.analysisLongSide == 1000)
    #expect(configuration.strict.minimumAreaFraction == 0.15)
    #expect(configuration.permissive.minimumAreaFraction == 0.02)
    #expect(configuration.tieTolerance == 0.08)
    #expect(configuration.fallbackInsetFraction == 0.05)
    #expect(PerspectiveWarp.Configuration().cubicA == -0.5)
  }
}
