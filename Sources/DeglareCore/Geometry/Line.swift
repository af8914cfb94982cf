import Foundation

/// An infinite straight line in canonical image coordinates: a point on it and a unit direction.
public struct Line: Sendable, Hashable {
  /// A point on the line.
  public var point: Point
  /// The direction, of length 1.
  public var direction: Point

  /// Creates a line through `point` along `direction` (normalised here).
  public init(point: Point, direction: Point) {
    self.point = point
    self.direction = direction.normalized
  }

  /// The line through two distinct points.
  public init(through start: Point, _ end: Point) {
    self.init(point: start, direction: end - start)
  }

  /// The unit normal, `direction` turned a quarter turn.
  public var normal: Point { direction.perpendicular }

  /// The signed distance of `other` from the line along ``normal``, in pixels.
  public func signedDistance(to other: Point) -> Double {
    (other - point).dot(normal)
  }

  /// The position of `other`'s projection along the line, in pixels from ``point``.
  public func parameter(of other: Point) -> Double {
    (other - point).dot(direction)
  }

  /// The point at `parameter` pixels along the line from ``point``.
  public func point(at parameter: Double) -> Point {
    point + direction * parameter
  }

  /// Where the two lines cross, or nil when they are parallel (their directions within about
  /// 1e-9 radians).
  public func intersection(with other: Line) -> Point? {
    let denominator = direction.cross(other.direction)
    guard abs(denominator) > 1e-9 else { return nil }
    let t = (other.point - point).cross(other.direction) / denominator
    let result = point(at: t)
    return result.isFinite ? result : nil
  }

  /// The angle between the two lines' directions, folded to 0...pi/2 radians.
  public func angle(to other: Line) -> Double {
    let cosine = abs(direction.dot(other.direction))
    return acos(min(1, cosine))
  }
}
