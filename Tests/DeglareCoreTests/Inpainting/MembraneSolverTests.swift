import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

@Suite("MembraneSolver", .ownThread)
struct MembraneSolverTests {
  /// A 40x30 grid whose pixels in columns 8..<32 and rows 5..<25 are unknown.
  static let width = 40
  static let height = 30
  static var known: [Bool] {
    (0..<(width * height)).map { p in
      let x = p % width
      let y = p / width
      return !(x >= 8 && x < 32 && y >= 5 && y < 25)
    }
  }

  @Test("reproduces a linear function (harmonic) in every plane")
  func linear() {
    let truth: [[Float]] = [
      (0..<(Self.width * Self.height)).map { Float($0 % Self.width) * 0.01 + Float($0 / Self.width) * 0.02 },
      (0..<(Self.width * Self.height)).map { 0.9 - Float($0 % Self.width) * 0.015 },
    ]
    var planes = truth.map { plane in plane.enumerated().map { Self.known[$0.offset] ? $0.element : 0.5 } }
    var tight = MembraneSolver.Configuration()
    tight.tolerance = 1e-5
    MembraneSolver.fill(&planes, known: Self.known, width: Self.width, height: Self.height, configuration: tight)
    for k in 0..<2 {
      let worst = zip(planes[k], truth[k]).map { abs($0 - $1) }.max() ?? 1
      #expect(worst < 1e-3, "plane \(k) largest error \(worst)")
    }
  }

  @Test("a guide's edge keeps each side to its own surroundings")
  func guided() {
    // Known: 0.2 left of column 20, 0.8 right of it; the guide steps at the same column.
    let values: [Float] = (0..<(Self.width * Self.height)).map { $0 % Self.width < 20 ? 0.2 : 0.8 }
    let guidePlane: [Float] = (0..<(Self.width * Self.height)).map { $0 % Self.width < 20 ? 0.1 : 0.6 }
    var guided = [values.enumerated().map { Self.known[$0.offset] ? $0.element : 0.5 }]
    var plain = guided
    let guide = MembraneSolver.Guide(planes: [guidePlane], kappa: 0.01, floor: 1e-4)
    MembraneSolver.fill(&guided, known: Self.known, width: Self.width, height: Self.height, guide: guide)
    MembraneSolver.fill(&plain, known: Self.known, width: Self.width, height: Self.height)
    let left = 15 * Self.width + 19
    let right = 15 * Self.width + 20
    #expect(abs(guided[0][left] - 0.2) < 0.01)
    #expect(abs(guided[0][right] - 0.8) < 0.01)
    // Without the guide the membrane blends across the step.
    #expect(abs(plain[0][left] - 0.5) < 0.1)
  }

  @Test("with an alternate guide a link is cut only where both guides have the edge")
  func alternateGuide() {
    // Guide: steps at column 5 and 10; alternate: steps at column 10 and 15.
    let width = 20
    let height = 2
    let step = { (columns: [Int]) -> [Float] in
      (0..<(width * height)).map { p in Float(columns.filter { p % width >= $0 }.count) * 0.5 }
    }
    var guide = MembraneSolver.Guide(planes: [step([5, 10])], kappa: 0.01, floor: 1e-4)
    guide.alternatePlanes = [step([10, 15])]
    let links = MembraneSolver.Links(guide: guide, width: width, height: height)
    #expect(links.right[4] == 1)
    #expect(links.right[9] == 1e-4)
    #expect(links.right[14] == 1)
    #expect(links.right[2] == 1)
    #expect(links.right[width - 1] == 0)
  }

  @Test("known pixels are never changed")
  func knownUntouched() {
    let values: [Float] = (0..<(Self.width * Self.height)).map { Float(($0 * 37) % 101) / 100 }
    var planes = [values]
    MembraneSolver.fill(&planes, known: Self.known, width: Self.width, height: Self.height)
    for p in 0..<values.count where Self.known[p] { #expect(planes[0][p] == values[p]) }
  }
}

@Suite("Inpainting helpers", .ownThread)
struct InpaintingHelperTests {
  @Test("exact Euclidean distance transform")
  func distance() {
    var target = [Bool](repeating: false, count: 7 * 6)
    target[3 * 7 + 2] = true
    let d = DistanceTransform.distance(to: target, width: 7, height: 6)
    #expect(d[3 * 7 + 2] == 0)
    #expect(abs(d[5 * 7 + 5] - Float(13).squareRoot()) < 1e-5)
    #expect(abs(d[0] - Float(13).squareRoot()) < 1e-5)
  }

  @Test("three box passes have the Gaussian's variance", arguments: [3.0, 8, 30])
  func boxVariance(sigma: Double) {
    let radii = PlaneFilter.boxRadii(sigma: sigma)
    #expect(radii.count == 3)
    let variance = radii.map { Double((2 * $0 + 1) * (2 * $0 + 1) - 1) / 12 }.reduce(0, +)
    #expect(abs(variance.squareRoot() - sigma) / sigma < 0.1)
  }

  @Test("small sigmas blur with the Gaussian itself", arguments: [1.0, 2.0])
  func smallSigma(sigma: Double) {
    // An impulse blurred in a large plane: its second moment along x is sigma^2.
    let size = 41
    var plane = [Float](repeating: 0, count: size * size)
    plane[20 * size + 20] = 1
    PlaneFilter.gaussian(&plane, width: size, height: size, sigma: sigma)
    var moment: Float = 0
    for y in 0..<size {
      for x in 0..<size { moment += plane[y * size + x] * Float((x - 20) * (x - 20)) }
    }
    #expect(abs(moment.squareRoot() - Float(sigma)) < 0.02)
  }

  @Test("normalized convolution of a constant is that constant where weights reach")
  func normalizedConstant() {
    let width = 30
    let height = 20
    let weights: [Float] = (0..<(width * height)).map { ($0 % 7 == 0 || $0 % 5 == 0) ? 1 : 0 }
    let result = PlaneFilter.normalizedGaussian(
      [[Float](repeating: 0.37, count: width * height)], weights: weights, width: width, height: height, sigma: 3)
    #expect(result.planes.count == 1 && result.planes[0].count == width * height)
    for value in result.planes[0] { #expect(abs(value - 0.37) < 1e-4) }
  }

  @Test("mask components get scales from their own width")
  func components() {
    // A 4-pixel-wide band and a 30x30 square, apart.
    let width = 80
    let height = 40
    let inside: [Bool] = (0..<(width * height)).map { p in
      let x = p % width
      let y = p / width
      return (x >= 2 && x < 6 && y >= 2 && y < 38) || (x >= 40 && x < 70 && y >= 5 && y < 35)
    }
    let parts = MaskComponents(
      inside: inside, width: width, height: height, configuration: LocalInpainter.Configuration(glareScale: 0.5))
    #expect(parts.components.count == 2)
    #expect(parts.components[0].box == PixelRect(x: 2, y: 2, width: 4, height: 36))
    #expect(parts.components[1].box == PixelRect(x: 40, y: 5, width: 30, height: 30))
    #expect(parts.components[0].glareSigma < parts.components[1].glareSigma)
    #expect(parts.components[0].elongation > 8 && parts.components[1].elongation < 1.01)
    #expect(parts.labels[10 * width + 3] == 0 && parts.labels[10 * width + 50] == 1 && parts.labels[0] == -1)
  }
}
