import DeglareCore

/// An independent, brute-force rasteriser for brush and eraser strokes, to check the product's
/// (``DeglareCore/Mask/apply(_:)``) against.
///
/// Every pixel of the mask is tested against every segment, with the capsule written another
/// way than the product writes it: the pixel centre is inside when it is within the radius of
/// an end point, or when it projects inside the segment and its perpendicular distance is within
/// the radius (compared as `cross^2 <= r^2 |d|^2`, with no division, so small integer cases are
/// computed exactly).
public enum StrokeReference {
  /// `start` with `strokes` applied in order.
  public static func raster(_ strokes: [MaskStroke], onto start: Mask) -> Mask {
    var values = start.values
    for stroke in strokes {
      let value: UInt8 = stroke.mode == .brush ? 255 : 0
      let segments =
        stroke.points.count == 1
        ? [(stroke.points[0], stroke.points[0])]
        : (1..<stroke.points.count).map { (stroke.points[$0 - 1], stroke.points[$0]) }
      for y in 0..<start.height {
        for x in 0..<start.width
        where segments.contains(where: { covers(Double(x), Double(y), $0.0, $0.1, stroke.radius) }) {
          values[y * start.width + x] = value
        }
      }
    }
    return Mask(width: start.width, height: start.height, values: values)
  }

  /// Whether (px, py) lies within `radius` of the segment a-b.
  public static func covers(_ px: Double, _ py: Double, _ a: Point, _ b: Point, _ radius: Double) -> Bool {
    let limit = radius * radius
    for end in [a, b] where (px - end.x) * (px - end.x) + (py - end.y) * (py - end.y) <= limit {
      return true
    }
    let dx = b.x - a.x
    let dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    guard lengthSquared > 0 else { return false }
    let along = (px - a.x) * dx + (py - a.y) * dy
    guard along >= 0, along <= lengthSquared else { return false }
    let cross = dx * (py - a.y) - dy * (px - a.x)
    return cross * cross <= limit * lengthSquared
  }
}
