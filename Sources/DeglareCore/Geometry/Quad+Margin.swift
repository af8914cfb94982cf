// A margin is wall, not padding: it is applied in source space, before the warp, so the pixels
// it adds are real pixels of the photo around the frame. Each edge moves along its own outward
// normal and adjacent moved edges are re-intersected, so the expanded quad keeps the frame's
// perspective (its edges stay parallel to the frame's edges in the photo).

extension Quad {
  /// The quad with every edge moved `margin` pixels outward along its outward normal (inward
  /// when negative), adjacent moved edges re-intersected.
  ///
  /// Outward is decided against the ``centroid``, so the winding of the corners does not
  /// matter. A negative margin that would move opposite edges past each other is refused: the
  /// result must keep the sign of the shoelace ``signedArea`` and the direction of every edge
  /// (a plain convexity test passes on a quad flipped through both axes).
  /// - Parameter margin: Pixels in source space; negative shrinks.
  /// - Throws: ``GeometryError/marginCollapses(margin:_:)`` when a negative margin collapses or
  ///   flips the quad; ``GeometryError/notConvex(_:)`` when `self` is not convex.
  public func expanded(by margin: Double) throws(GeometryError) -> Quad {
    guard isConvex else { throw .notConvex(self) }
    if margin == 0 { return self }
    let centre = centroid
    var lines: [Line] = []
    for index in 0..<4 {
      let (start, end) = edge(index)
      let direction = (end - start).normalized
      var normal = direction.perpendicular
      if normal.dot((start + end) / 2 - centre) < 0 { normal = normal * -1 }
      lines.append(Line(point: start + normal * margin, direction: direction))
    }
    var corners: [Point] = []
    for index in 0..<4 {
      // Corner `index` starts edge `index` and ends edge `index - 1`.
      guard let corner = lines[(index + 3) % 4].intersection(with: lines[index]) else {
        throw .marginCollapses(margin: margin, self)
      }
      corners.append(corner)
    }
    let result = Quad(corners)
    guard margin < 0 else { return result }
    let originalArea = signedArea
    let newArea = result.signedArea
    let keepsEdgeDirections = (0..<4).allSatisfy { index in
      let old = edge(index)
      let new = result.edge(index)
      return (new.end - new.start).dot(old.end - old.start) > 0
    }
    guard newArea.sign == originalArea.sign, abs(newArea) >= 1, keepsEdgeDirections, result.isConvex else {
      throw .marginCollapses(margin: margin, self)
    }
    return result
  }

  /// The quad with each corner clamped, coordinate by coordinate, to the image's pixel area
  /// [-0.5, width - 0.5] x [-0.5, height - 0.5].
  ///
  /// Used after ``expanded(by:)`` when there is less wall than asked: each corner keeps as much
  /// margin as the photo has in each direction.
  public func clamped(to size: PixelSize) -> Quad {
    let maxX = Double(size.width) - 0.5
    let maxY = Double(size.height) - 0.5
    return map { point in
      Point(x: min(max(point.x, -0.5), maxX), y: min(max(point.y, -0.5), maxY))
    }
  }

  /// The margin each edge of `outer` keeps outside the matching edge of `self`, in pixels: top,
  /// right, bottom, left.
  ///
  /// For each edge, the smaller of the distances of `outer`'s two corners on that edge from this
  /// quad's edge line, measured along the outward normal (negative when inside).
  public func margins(to outer: Quad) -> [Double] {
    let centre = centroid
    return (0..<4).map { index in
      let (start, end) = edge(index)
      var normal = (end - start).normalized.perpendicular
      if normal.dot((start + end) / 2 - centre) < 0 { normal = normal * -1 }
      let (outerStart, outerEnd) = outer.edge(index)
      return min((outerStart - start).dot(normal), (outerEnd - start).dot(normal))
    }
  }
}
