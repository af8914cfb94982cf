import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@Suite(.ownThread) struct ProportionsTests {
  let size = PixelSize(width: 4000, height: 3000)
  let focal = 3300.0

  /// A 1.5 : 1 rectangle seen by a camera of `focal` pixels.
  func photographed(yaw: Double, pitch: Double, roll: Double) -> Quad {
    let camera = SyntheticFrameScene.camera(
      size: size, focalLength: focal, distance: 2.2, yaw: yaw, pitch: pitch, roll: roll, aim: Point(x: 0.05, y: -0.03))
    return Quad(rectangleFrom: Point(x: -0.75, y: -0.5), to: Point(x: 0.75, y: 0.5)).map(camera.map)
  }

  @Test("with the true focal length the proportions come out exactly")
  func exifFocal() {
    let quad = photographed(yaw: 0.3, pitch: -0.12, roll: 0.05)
    let proportions = ProportionEstimator.estimate(quad, imageSize: size, focalLength: focal)
    #expect(proportions.method == .exifFocal)
    #expect(abs(proportions.aspect - 1.5) < 1e-6)
  }

  @Test("with strong keystone both ways the vanishing points give the focal length and the proportions")
  func vanishingPoints() throws {
    let quad = photographed(yaw: 0.45, pitch: -0.35, roll: 0.05)
    let estimate = try #require(
      ProportionEstimator.focalLength(quad, principalPoint: ProportionEstimator.principalPoint(size)))
    #expect(abs(estimate - focal) / focal < 1e-6)
    let proportions = ProportionEstimator.estimate(quad, imageSize: size)
    #expect(proportions.method == .vanishingPoints)
    #expect(abs(proportions.aspect - 1.5) < 1e-6)
  }

  @Test("a nearly square-on view is too ill-conditioned for vanishing points: mean edge lengths")
  func edgeLengths() {
    let quad = photographed(yaw: 0.02, pitch: 0, roll: 0.1)
    let proportions = ProportionEstimator.estimate(quad, imageSize: size)
    #expect(proportions.method == .edgeLengths)
    #expect(abs(proportions.aspect - 1.5) < 0.01)
    #expect(proportions.aspect == ProportionEstimator.edgeLengthAspect(quad))
  }

  @Test("edge lengths alone are biased under strong keystone; the focal length removes the bias")
  func keystoneBias() {
    let quad = photographed(yaw: 0.5, pitch: 0, roll: 0)
    #expect(abs(ProportionEstimator.edgeLengthAspect(quad) - 1.5) > 0.05)
    #expect(abs(ProportionEstimator.estimate(quad, imageSize: size, focalLength: focal).aspect - 1.5) < 1e-6)
  }
}
