import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@Suite(.ownThread) struct StraightenerTests {
  let image = ImageBuffer(width: 300, height: 200, layout: .rgb, bitDepth: .eight)
  let corners = Quad([Point(x: 40, y: 30), Point(x: 250, y: 22), Point(x: 244, y: 170), Point(x: 46, y: 176)])

  @Test("the default margin is 2 % of the quad's longest edge, kept on every side when there is wall")
  func defaultMargin() throws {
    let plan = try Straightener.plan(image, options: StraightenOptions(corners: corners))
    let expected = 0.02 * corners.longestEdge
    #expect(abs(plan.requestedMargin - expected) < 1e-9)
    #expect(plan.sideMargins.count == 4)
    for margin in plan.sideMargins { #expect(abs(margin - expected) < 1e-9) }
    #expect(plan.confidence == 1)
    #expect(plan.detectionSource == nil)
    #expect(plan.warnings.isEmpty)
    #expect(plan.proportions.method == .edgeLengths)
  }

  @Test("a margin larger than the wall is clamped to the photo and says how much it kept")
  func clampedMargin() throws {
    let plan = try Straightener.plan(image, options: StraightenOptions(corners: corners, margin: 35))
    #expect(plan.expandedCorners.isInside(image.size))
    #expect(plan.margin < 35)
    #expect(plan.sideMargins.allSatisfy { $0 <= 35 + 1e-9 })
    #expect(plan.sideMargins[0] < 23)  // the top edge is 22-30 px from the photo's top
    #expect(plan.warnings.count == 1)
  }

  @Test("the output keeps the longer edges at full length with the chosen proportions")
  func outputSize() {
    let quad = Quad([Point(x: 0, y: 0), Point(x: 400, y: 10), Point(x: 390, y: 300), Point(x: 5, y: 290)])
    // Widest edge 400.1; at 4:3 that is 300 tall, taller than the tallest edge (290.2): 400 x 300.
    #expect(Straightener.outputSize(quad, aspect: 4.0 / 3) == PixelSize(width: 400, height: 300))
    // At 2:1 the width would give 200 rows for a 290-pixel edge: the height wins, 580 x 290.
    #expect(Straightener.outputSize(quad, aspect: 2) == PixelSize(width: 580, height: 290))
  }

  @Test("corners outside the photo, crossed corners and a collapsing margin are refused")
  func refusals() {
    let outside = Quad([Point(x: -2, y: 30), Point(x: 250, y: 22), Point(x: 244, y: 170), Point(x: 46, y: 176)])
    #expect(throws: GeometryError.outsideImage(outside, image.size)) {
      try Straightener.plan(image, options: StraightenOptions(corners: outside))
    }
    let crossed = Quad([corners.topLeft, corners.bottomRight, corners.topRight, corners.bottomLeft])
    #expect(throws: GeometryError.notConvex(crossed)) {
      try Straightener.plan(image, options: StraightenOptions(corners: crossed))
    }
    #expect(throws: GeometryError.marginCollapses(margin: -90, corners)) {
      try Straightener.plan(image, options: StraightenOptions(corners: corners, margin: -90))
    }
  }

  @Test("a half-pixel border corner is still inside: (-0.5, -0.5) is the top-left pixel's outer corner")
  func halfPixelBorder() throws {
    let whole = Quad(rectangleFrom: Point(x: -0.5, y: -0.5), to: Point(x: 299.5, y: 199.5))
    let plan = try Straightener.plan(image, options: StraightenOptions(corners: whole, margin: 0))
    #expect(plan.outputSize == image.size)
    #expect(try Straightener.warp(image, plan: plan) == image)
  }
}
