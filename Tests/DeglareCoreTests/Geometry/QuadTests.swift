import DeglareCore
import Testing

@Suite struct QuadTests {
  /// A keystoned, slightly rotated quad, clockwise on screen.
  let keystoned = Quad([Point(x: 40, y: 32), Point(x: 305, y: 18), Point(x: 290, y: 241), Point(x: 52, y: 226)])

  @Test("the shoelace area is positive clockwise on screen and negative reversed")
  func signedArea() {
    let square = Quad(rectangleFrom: Point(x: 0, y: 0), to: Point(x: 10, y: 4))
    #expect(square.signedArea == 40)
    let reversed = Quad([square.topLeft, square.bottomLeft, square.bottomRight, square.topRight])
    #expect(reversed.signedArea == -40)
    #expect(reversed.isConvex)
    #expect(!reversed.isConvexClockwise)
  }

  @Test("a crossed (bow-tie) quad is not convex")
  func bowTie() {
    let crossed = Quad([Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 10, y: 0), Point(x: 0, y: 10)])
    #expect(!crossed.isConvex)
  }

  @Test("a margin grows an axis-aligned rectangle by exactly the margin on every side")
  func rectangleMargin() throws {
    let rectangle = Quad(rectangleFrom: Point(x: 10, y: 20), to: Point(x: 110, y: 70))
    let grown = try rectangle.expanded(by: 5)
    #expect(grown == Quad(rectangleFrom: Point(x: 5, y: 15), to: Point(x: 115, y: 75)))
    #expect(rectangle.margins(to: grown) == [5, 5, 5, 5])
  }

  @Test(
    "each moved edge is parallel to the original, the margin away, and the corners re-intersect them",
    arguments: [12.5, -9.0])
  func keystonedMargin(margin: Double) throws {
    let grown = try keystoned.expanded(by: margin)
    for side in 0..<4 {
      let old = keystoned.edge(side)
      let new = grown.edge(side)
      let oldLine = Line(through: old.start, old.end)
      let newLine = Line(through: new.start, new.end)
      #expect(abs(oldLine.direction.cross(newLine.direction)) < 1e-12)
      // Distance between the parallel lines, outward positive.
      let centre = keystoned.centroid
      let outward = oldLine.signedDistance(to: centre) < 0 ? 1.0 : -1.0
      #expect(abs(outward * oldLine.signedDistance(to: new.start) - margin) < 1e-9)
      #expect(abs(outward * oldLine.signedDistance(to: new.end) - margin) < 1e-9)
    }
    for (old, new) in zip(keystoned.margins(to: grown), [margin, margin, margin, margin]) {
      #expect(abs(old - new) < 1e-9)
    }
  }

  @Test("outward is decided against the centroid, so the winding of the corners does not matter")
  func windingIndependent() throws {
    let reversed = Quad([keystoned.topLeft, keystoned.bottomLeft, keystoned.bottomRight, keystoned.topRight])
    let a = try keystoned.expanded(by: 7)
    let b = try reversed.expanded(by: 7)
    #expect(a.topLeft.distance(to: b.topLeft) < 1e-9)
    #expect(a.topRight.distance(to: b.bottomLeft) < 1e-9)
    #expect(a.bottomRight.distance(to: b.bottomRight) < 1e-9)
    #expect(a.bottomLeft.distance(to: b.topRight) < 1e-9)
  }

  @Test("corners beyond the photo are clamped one by one and the kept margin reports it")
  func clamping() throws {
    let size = PixelSize(width: 320, height: 250)
    let grown = try keystoned.expanded(by: 30)
    let clamped = grown.clamped(to: size)
    #expect(clamped.isInside(size))
    for (before, after) in zip(grown.corners, clamped.corners) {
      #expect(after == Point(x: min(max(before.x, -0.5), 319.5), y: min(max(before.y, -0.5), 249.5)))
    }
    #expect(grown.topRight.y < -0.5)
    #expect(clamped.topRight.y == -0.5)
    let kept = keystoned.margins(to: clamped)
    #expect(kept[0] < 30)  // top: less wall above the frame than asked
    #expect(kept[0] > 0)
  }

  @Test("a negative margin that reverses the winding is refused, though the result is still convex")
  func collapseReversesWinding() throws {
    let rectangle = Quad(rectangleFrom: Point(x: 0, y: 0), to: Point(x: 100, y: 50))
    // Moving every edge 30 px in crosses top and bottom: a 40 x -10 "rectangle", wound backwards.
    let naive = Quad([Point(x: 30, y: 30), Point(x: 70, y: 30), Point(x: 70, y: 20), Point(x: 30, y: 20)])
    #expect(naive.isConvex)
    #expect(naive.signedArea < 0)
    #expect(throws: GeometryError.marginCollapses(margin: -30, rectangle)) { try rectangle.expanded(by: -30) }
  }

  @Test("a negative margin that flips the quad through both axes is refused (same winding, edges reversed)")
  func collapseFlipsBothAxes() throws {
    let rectangle = Quad(rectangleFrom: Point(x: 0, y: 0), to: Point(x: 100, y: 50))
    #expect(throws: GeometryError.marginCollapses(margin: -60, rectangle)) { try rectangle.expanded(by: -60) }
    #expect(try rectangle.expanded(by: -24).area == 52 * 2)
  }

  @Test("four points are put in quad order from any order")
  func ordering() {
    let shuffled = [keystoned.bottomRight, keystoned.topLeft, keystoned.bottomLeft, keystoned.topRight]
    #expect(Quad.ordering(shuffled) == keystoned)
  }
}

@Suite struct PointFormatTests {
  @Test(
    "any coordinate has a text, however large or not finite",
    arguments: [
      (1e19, "10000000000000000000.00"), (-1e19, "-10000000000000000000.00"), (12.5, "12.50"), (3, "3"),
      (Double.infinity, "inf"), (-Double.infinity, "-inf"), (Double.nan, "nan"), (1e14, "100000000000000"),
    ])
  func format(_ value: Double, _ expected: String) {
    #expect(Point.format(value) == expected)
  }
}
