import Foundation

/// A point (or vector) in canonical image coordinates, in pixels.
///
/// x grows to the right and y grows down; (0, 0) is the centre of the top-left pixel, so pixel
/// (i, j) covers [i - 0.5, i + 0.5] x [j - 0.5, j + 0.5] (see ``CoordinateSpace``).
public struct Point: Sendable, Hashable, CustomStringConvertible {
  /// Horizontal coordinate in pixels.
  public var x: Double
  /// Vertical coordinate in pixels, growing down.
  public var y: Double

  /// Creates a point.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// Creates a point from whole-pixel coordinates.
  @inlinable
  public init(_ x: Int, _ y: Int) {
    self.init(x: Double(x), y: Double(y))
  }

  /// The origin, the centre of the top-left pixel.
  public static let zero = Point(x: 0, y: 0)

  /// The length of the vector.
  @inlinable
  public var length: Double { (x * x + y * y).squareRoot() }

  /// The vector scaled to length 1 (unchanged when it is zero).
  @inlinable
  public var normalized: Point {
    let length = self.length
    return length > 0 ? Point(x: x / length, y: y / length) : self
  }

  /// The vector turned a quarter turn: (x, y) -> (-y, x).
  @inlinable
  public var perpendicular: Point { Point(x: -y, y: x) }

  /// The dot product.
  @inlinable
  public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

  /// The z component of the cross product; positive when `other` is clockwise from `self` on
  /// screen (y down).
  @inlinable
  public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

  /// The distance to another point.
  @inlinable
  public func distance(to other: Point) -> Double { (self - other).length }

  /// Whether both coordinates are finite.
  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// "(x, y)" with two decimals.
  public var description: String { "(\(Point.format(x)), \(Point.format(y)))" }

  /// A coordinate with at most two decimals, as printed in summaries. Total: any value, however
  /// large or not finite, has a text ("inf", "nan", or all its digits).
  public static func format(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(format: "%.2f", rounded)
  }

  /// Component-wise sum.
  @inlinable
  public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

  /// Component-wise difference.
  @inlinable
  public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

  /// Scaling.
  @inlinable
  public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }

  /// Scaling.
  @inlinable
  public static func * (lhs: Double, rhs: Point) -> Point { rhs * lhs }

  /// Division of both coordinates.
  @inlinable
  public static func / (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x / rhs, y: lhs.y / rhs) }
}
