import DeglareCore
import Testing

@Suite struct HomographyTests {
  let photoQuad = Quad([
    Point(x: 1013.9, y: 83.6), Point(x: 4976.7, y: 56.5), Point(x: 4942.4, y: 3143.2), Point(x: 1036.3, y: 3145.9),
  ])

  @Test("the homography maps the four source corners onto the four destination corners")
  func mapsCornersExactly() throws {
    let rectangle = Quad(rectangleFrom: Point(x: -0.5, y: -0.5), to: Point(x: 4092.5, y: 3231.5))
    let homography = try Homography(from: rectangle, to: photoQuad)
    for (source, destination) in zip(rectangle.corners, photoQuad.corners) {
      #expect(homography.map(source).distance(to: destination) < 1e-8)
    }
    let inverse = try #require(homography.inverse)
    for (source, destination) in zip(rectangle.corners, photoQuad.corners) {
      #expect(inverse.map(destination).distance(to: source) < 1e-8)
    }
  }

  @Test("mapping a W x H image's pixel area puts its outer corners, not its corner pixel centres, on the quad")
  func pixelAreaConvention() throws {
    let homography = try Homography.mappingRectangle(width: 4, height: 2, onto: photoQuad)
    #expect(homography.map(Point(x: -0.5, y: -0.5)).distance(to: photoQuad.topLeft) < 1e-8)
    #expect(homography.map(Point(x: 3.5, y: 1.5)).distance(to: photoQuad.bottomRight) < 1e-8)
    #expect(photoQuad.contains(homography.map(Point(x: 0, y: 0))))
  }

  @Test("an affine map stays affine and the identity is exact")
  func identity() throws {
    let square = Quad(rectangleFrom: Point(x: 0, y: 0), to: Point(x: 1, y: 1))
    let homography = try Homography(from: square, to: square)
    let point = homography.map(Point(x: 0.25, y: 0.75))
    #expect(abs(point.x - 0.25) < 1e-12 && abs(point.y - 0.75) < 1e-12)
  }

  @Test("three corners on a line have no homography")
  func singular() {
    let square = Quad(rectangleFrom: Point(x: 0, y: 0), to: Point(x: 1, y: 1))
    let flat = Quad([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0), Point(x: 0, y: 1)])
    #expect(throws: GeometryError.singularHomography) { try Homography(from: square, to: flat) }
  }
}

@Suite struct LineFitTests {
  @Test("the robust fit ignores a fifth of wild points and recovers the line to a hundredth of a pixel")
  func trimsOutliers() throws {
    var points: [Point] = []
    for index in 0..<80 {
      let x = Double(index) * 5
      let noise = Double((index * 37) % 11 - 5) * 0.02
      points.append(Point(x: x, y: 100 + 0.1 * x + noise))
    }
    for index in 0..<20 { points.append(Point(x: Double(index) * 20, y: 60 + Double(index % 3) * 15)) }
    let fit = try #require(LineFit.robust(points))
    #expect(abs(fit.line.signedDistance(to: Point(x: 0, y: 100))) < 0.01)
    #expect(abs(fit.line.signedDistance(to: Point(x: 400, y: 140))) < 0.01)
    #expect(fit.inlierCount == 80)
    #expect(fit.inliers.count == points.count)
    #expect(fit.inliers.suffix(20).allSatisfy { !$0 })
  }

  @Test("lines intersect where both equations hold, and parallel lines do not")
  func intersection() throws {
    let a = Line(through: Point(x: 0, y: 0), Point(x: 10, y: 10))
    let b = Line(through: Point(x: 0, y: 10), Point(x: 10, y: 0))
    let crossing = try #require(a.intersection(with: b))
    #expect(crossing.distance(to: Point(x: 5, y: 5)) < 1e-12)
    #expect(a.intersection(with: Line(point: Point(x: 0, y: 1), direction: Point(x: 1, y: 1))) == nil)
  }
}
