/// One brush or eraser stroke, kept as a vector in canonical image coordinates.
///
/// A stroke covers every pixel whose centre lies within ``radius`` of the polyline through
/// ``points`` (a single point is a disk): pixel (i, j) is covered when the distance from the
/// point (i, j) to the nearest segment is at most the radius (see ``MaskStroke/covers(x:y:)``).
/// Points use the geometric convention of ``Point``: (0, 0) is the centre of the top-left pixel.
/// Coordinates may lie outside the image; only pixels inside it are touched.
public struct MaskStroke: Sendable, Equatable {
  /// What a stroke does to the pixels it covers.
  public enum Mode: String, Sendable, Equatable, CaseIterable {
    /// Marks them for repainting (255).
    case brush
    /// Clears them (0).
    case erase
  }

  /// Brush or eraser.
  public var mode: Mode
  /// The radius in image pixels (0.5 covers exactly the pixel under a point at its centre).
  public var radius: Double
  /// The polyline, in canonical image coordinates; at least one point.
  public var points: [Point]

  /// Creates a stroke.
  /// - Precondition: at least one point, every coordinate finite, a positive finite radius.
  public init(mode: Mode, radius: Double, points: [Point]) {
    precondition(!points.isEmpty && points.allSatisfy(\.isFinite), "a stroke has at least one finite point")
    precondition(radius.isFinite && radius > 0, "a stroke's radius is positive")
    self.mode = mode
    self.radius = radius
    self.points = points
  }

  /// Whether the stroke covers pixel (x, y): the squared distance from (x, y) to its nearest
  /// segment is at most `radius * radius`. This predicate defines the stroke; the rasteriser
  /// reproduces it exactly.
  public func covers(x: Int, y: Int) -> Bool {
    let limit = radius * radius
    let px = Double(x)
    let py = Double(y)
    if points.count == 1 { return MaskStroke.distanceSquared(px, py, points[0], points[0]) <= limit }
    for index in 1..<points.count where MaskStroke.distanceSquared(px, py, points[index - 1], points[index]) <= limit {
      return true
    }
    return false
  }

  /// The pixels the stroke can touch in an image of `size` (clamped), or nil when none.
  public func bounds(in size: PixelSize) -> PixelRect? {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for point in points {
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
    }
    let x0 = max(0, Int((minX - radius).rounded(.up)))
    let y0 = max(0, Int((minY - radius).rounded(.up)))
    let x1 = min(size.width - 1, Int((maxX + radius).rounded(.down)))
    let y1 = min(size.height - 1, Int((maxY + radius).rounded(.down)))
    guard x0 <= x1, y0 <= y1 else { return nil }
    return PixelRect(minX: x0, minY: y0, maxX: x1, maxY: y1)
  }

  /// The squared distance from (px, py) to the segment a-b (a point when a == b).
  @inlinable
  public static func distanceSquared(_ px: Double, _ py: Double, _ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    var t = 0.0
    if lengthSquared > 0 {
      t = ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared
      t = min(max(t, 0), 1)
    }
    let ex = px - (a.x + t * dx)
    let ey = py - (a.y + t * dy)
    return ex * ex + ey * ey
  }
}
