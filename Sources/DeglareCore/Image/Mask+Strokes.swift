// Stroke rasterisation: row spans of capsules, computed in closed form and then settled with
// the defining predicate (`MaskStroke.covers`), so the result is exactly the set of pixels the
// predicate names, whatever the rounding of the closed form. On each row a capsule (a segment
// grown by the radius) is convex, so the pixels it covers form one run: the closed form finds
// the run's ends to within rounding, and the predicate moves each end to the last pixel it
// accepts. The cost is proportional to the pixels covered, not to the stroke's bounding box.

extension Mask {
  /// Applies a stroke: a brush sets the pixels it covers to 255, an eraser sets them to 0.
  /// - Returns: the rectangle that may have changed, or nil when the stroke misses the mask.
  @discardableResult
  public mutating func apply(_ stroke: MaskStroke) -> PixelRect? {
    guard let bounds = stroke.bounds(in: size) else { return nil }
    let value: UInt8 = stroke.mode == .brush ? 255 : 0
    let points = stroke.points
    if points.count == 1 {
      fillCapsule(points[0], points[0], radius: stroke.radius, value: value)
    } else {
      for index in 1..<points.count {
        fillCapsule(points[index - 1], points[index], radius: stroke.radius, value: value)
      }
    }
    return bounds
  }

  /// The mask with `strokes` applied in order.
  public func applying(_ strokes: [MaskStroke]) -> Mask {
    var copy = self
    for stroke in strokes { copy.apply(stroke) }
    return copy
  }

  /// Fills every pixel within `radius` of the segment a-b.
  private mutating func fillCapsule(_ a: Point, _ b: Point, radius: Double, value: UInt8) {
    let limit = radius * radius
    let firstRow = max(0, Int((min(a.y, b.y) - radius).rounded(.up)))
    let lastRow = min(height - 1, Int((max(a.y, b.y) + radius).rounded(.down)))
    guard firstRow <= lastRow else { return }
    let lastColumn = width - 1
    for y in firstRow...lastRow {
      let py = Double(y)
      func covered(_ x: Int) -> Bool { MaskStroke.distanceSquared(Double(x), py, a, b) <= limit }
      guard let (left, right) = Mask.capsuleSpan(a, b, radius: radius, row: py) else { continue }
      var start = max(0, Int(left.rounded(.up)))
      var end = min(lastColumn, Int(right.rounded(.down)))
      if start > end {
        // No whole pixel inside the closed-form span: only its neighbours can qualify.
        let low = max(0, Int(left.rounded(.down)))
        let high = min(lastColumn, Int(right.rounded(.up)))
        guard low <= high, let hit = (low...high).first(where: covered) else { continue }
        start = hit
        end = hit
      }
      while start > 0 && covered(start - 1) { start -= 1 }
      while start <= end && !covered(start) { start += 1 }
      while end < lastColumn && covered(end + 1) { end += 1 }
      while end >= start && !covered(end) { end -= 1 }
      if start <= end { fill(row: y, columns: start..<(end + 1), with: value) }
    }
  }

  /// The x interval where the horizontal line at `row` meets the capsule around a-b, in closed
  /// form: the union of the two end disks' chords and the band between them. Nil when empty.
  static func capsuleSpan(_ a: Point, _ b: Point, radius: Double, row: Double) -> (Double, Double)? {
    var left = Double.infinity
    var right = -Double.infinity
    for end in [a, b] {
      let dy = row - end.y
      let remaining = radius * radius - dy * dy
      if remaining >= 0 {
        let half = remaining.squareRoot()
        left = min(left, end.x - half)
        right = max(right, end.x + half)
      }
    }
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    if length > 0 {
      // Band: 0 <= (P - a).d <= |d|^2 and |d x (P - a)| <= r |d|, each linear in x.
      var low = -Double.infinity
      var high = Double.infinity
      func constrain(coefficient: Double, constant: Double, min lower: Double, max upper: Double) {
        // lower <= coefficient * x + constant <= upper
        if coefficient == 0 {
          if constant < lower || constant > upper { low = .infinity }
          return
        }
        let first = (lower - constant) / coefficient
        let second = (upper - constant) / coefficient
        low = Swift.max(low, Swift.min(first, second))
        high = Swift.min(high, Swift.max(first, second))
      }
      let ry = row - a.y
      constrain(coefficient: dx, constant: -a.x * dx + ry * dy, min: 0, max: length * length)
      constrain(coefficient: -dy, constant: dx * ry + dy * a.x, min: -radius * length, max: radius * length)
      if low <= high {
        left = min(left, low)
        right = max(right, high)
      }
    }
    return left <= right ? (left, right) : nil
  }
}
