import Foundation

/// A quadrilateral with named corners, in canonical image coordinates (pixels, y down, (0, 0)
/// the centre of the top-left pixel).
///
/// The corners go around the shape in the order top-left, top-right, bottom-right,
/// bottom-left, which is clockwise on screen: the shoelace ``signedArea`` of a well-ordered
/// quad is positive.
public struct Quad: Sendable, Hashable, CustomStringConvertible {
  /// The top-left corner.
  public var topLeft: Point
  /// The top-right corner.
  public var topRight: Point
  /// The bottom-right corner.
  public var bottomRight: Point
  /// The bottom-left corner.
  public var bottomLeft: Point

  /// Creates a quad from its corners.
  public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// Creates a quad from corners in the order top-left, top-right, bottom-right, bottom-left.
  /// - Precondition: `corners.count == 4`.
  public init(_ corners: [Point]) {
    precondition(corners.count == 4, "a quad has four corners")
    self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
  }

  /// The axis-aligned rectangle whose edges pass through pixel centres `x0...x1`, `y0...y1`.
  public init(rectangleFrom origin: Point, to opposite: Point) {
    self.init(
      topLeft: origin, topRight: Point(x: opposite.x, y: origin.y), bottomRight: opposite,
      bottomLeft: Point(x: origin.x, y: opposite.y))
  }

  /// The corners in the order top-left, top-right, bottom-right, bottom-left.
  public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

  /// The corner at `index` (0 top-left ... 3 bottom-left, taken modulo 4).
  public func corner(_ index: Int) -> Point {
    switch ((index % 4) + 4) % 4 {
    case 0: return topLeft
    case 1: return topRight
    case 2: return bottomRight
    default: return bottomLeft
    }
  }

  /// The shoelace area, signed: positive when the corners run clockwise on screen
  /// (y down), as a well-ordered quad's do; negative when the winding is reversed. Square pixels.
  public var signedArea: Double {
    var sum = 0.0
    for index in 0..<4 {
      sum += corner(index).cross(corner(index + 1))
    }
    return sum / 2
  }

  /// The enclosed area in square pixels (absolute shoelace area).
  public var area: Double { abs(signedArea) }

  /// The average of the four corners; inside any convex quad.
  public var centroid: Point {
    (topLeft + topRight + bottomRight + bottomLeft) / 4
  }

  /// The edge from corner `index` to corner `index + 1` (0 top, 1 right, 2 bottom, 3 left).
  public func edge(_ index: Int) -> (start: Point, end: Point) {
    (corner(index), corner(index + 1))
  }

  /// The length of each edge in pixels: top, right, bottom, left.
  public var edgeLengths: [Double] {
    (0..<4).map { edge($0).start.distance(to: edge($0).end) }
  }

  /// The longest edge length in pixels.
  public var longestEdge: Double { edgeLengths.max() ?? 0 }

  /// Whether the corners make a strictly convex quadrilateral, with either winding.
  ///
  /// Every turn must have the same, non-zero sign. A self-intersecting ("bow-tie") quad fails;
  /// note that a quad whose winding is reversed passes, which is why the margin code also
  /// compares ``signedArea`` signs.
  public var isConvex: Bool {
    var sign = 0.0
    for index in 0..<4 {
      let a = corner(index)
      let b = corner(index + 1)
      let c = corner(index + 2)
      let turn = (b - a).cross(c - b)
      guard turn != 0, turn.isFinite else { return false }
      if sign == 0 {
        sign = turn
      } else if (turn > 0) != (sign > 0) {
        return false
      }
    }
    return true
  }

  /// Whether the quad is convex and wound top-left, top-right, bottom-right, bottom-left
  /// (clockwise on screen).
  public var isConvexClockwise: Bool { isConvex && signedArea > 0 }

  /// The smallest and largest x and y of the corners.
  public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
  }

  /// Whether every corner lies within the image's pixel area, [-0.5, width - 0.5] x
  /// [-0.5, height - 0.5], allowing `tolerance` pixels more.
  public func isInside(_ size: PixelSize, tolerance: Double = 0) -> Bool {
    corners.allSatisfy { point in
      point.x >= -0.5 - tolerance && point.x <= Double(size.width) - 0.5 + tolerance
        && point.y >= -0.5 - tolerance && point.y <= Double(size.height) - 0.5 + tolerance
    }
  }

  /// The quad with every corner mapped by `transform`.
  public func map(_ transform: (Point) -> Point) -> Quad {
    Quad(
      topLeft: transform(topLeft), topRight: transform(topRight), bottomRight: transform(bottomRight),
      bottomLeft: transform(bottomLeft))
  }

  /// The largest distance between corresponding corners, in pixels.
  public func maxCornerDistance(to other: Quad) -> Double {
    zip(corners, other.corners).map { $0.distance(to: $1) }.max() ?? 0
  }

  /// Four points put in quad order: sorted by angle around their mean, starting with the corner
  /// nearest the top-left (smallest x + y), clockwise on screen.
  /// - Precondition: `points.count == 4`.
  public static func ordering(_ points: [Point]) -> Quad {
    precondition(points.count == 4, "a quad has four corners")
    let centre = points.reduce(Point.zero, +) / 4
    let sorted = points.sorted { lhs, rhs in
      atan2(lhs.y - centre.y, lhs.x - centre.x) < atan2(rhs.y - centre.y, rhs.x - centre.x)
    }
    let start = sorted.indices.min { sorted[$0].x + sorted[$0].y < sorted[$1].x + sorted[$1].y } ?? 0
    return Quad((0..<4).map { sorted[(start + $0) % 4] })
  }

  /// "[(x, y), (x, y), (x, y), (x, y)]", top-left first.
  public var description: String {
    "[" + corners.map(\.description).joined(separator: ", ") + "]"
  }
}
