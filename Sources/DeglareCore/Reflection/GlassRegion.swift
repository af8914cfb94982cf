// Where glare can be: on the glass, inside the frame.
//
// A straightened photo is almost all picture, with a strip of wall around the frame; a raw photo
// (not yet straightened) holds the frame somewhere in a field of wall, at a slight angle. Glass
// reflections lie inside the frame, so the detector first finds the frame's outer edge (the
// straighten detector) and proposes only inside it, less a band measured inward from the frame's
// edge (the frame's outer lip, where no glass is). When no frame is found the band is measured
// from the photo's edges, as for a straightened photo whose frame fills it.

/// The part of a photo the glare detector may propose: the inside of a convex quad (the frame's
/// outer edge, or the photo's edges) less a band along its edges.
public struct GlassRegion: Sendable, Equatable {
  /// What the quad is.
  public enum Source: String, Sendable {
    /// The frame's outer edge, found by ``FrameDetector``.
    case frame
    /// The photo's edges: no frame was searched for, or none was found.
    case image
  }

  /// The quad, canonical pixel coordinates, top-left first, clockwise on screen; for
  /// ``Source/image`` the photo's pixel area, (-0.5, -0.5) to (width - 0.5, height - 0.5).
  public var quad: Quad
  /// Pixels inside the quad's edges (measured along each edge's normal) that are never proposed.
  public var band: Int
  /// What the quad is.
  public var source: Source
  /// The frame detector's confidence (0...1) for ``Source/frame``; nil otherwise.
  public var confidence: Double?

  /// A region bounded by the quad, `band` pixels in.
  public init(quad: Quad, band: Int, source: Source, confidence: Double? = nil) {
    self.quad = quad
    self.band = max(0, band)
    self.source = source
    self.confidence = confidence
  }

  /// The whole photo less `band` pixels along every edge (the detector's behaviour without a
  /// frame search).
  public static func image(_ size: PixelSize, band: Int) -> GlassRegion {
    let quad = Quad(
      rectangleFrom: Point(x: -0.5, y: -0.5), to: Point(x: Double(size.width) - 0.5, y: Double(size.height) - 0.5))
    return GlassRegion(quad: quad, band: band, source: .image)
  }

  /// For each row of an image of `size`, the pixels that may be proposed, as a half-open range of
  /// x (empty when none). A pixel may be proposed when its centre lies inside the quad shrunk by
  /// ``band`` (every edge moved inward along its normal).
  public func rowSpans(_ size: PixelSize) -> [Range<Int>] {
    let empty = [Range<Int>](repeating: 0..<0, count: size.height)
    guard let inner = band == 0 ? quad : try? quad.expanded(by: -Double(band)), inner.isConvex else { return empty }
    let corners = inner.corners
    return (0..<size.height).map { y in
      let yc = Double(y)
      var low = -Double.infinity
      var high = Double.infinity
      // A convex polygon's intersection with a line is the intersection of its edges' half-planes.
      let centre = inner.centroid
      for index in 0..<4 {
        let a = corners[index]
        let b = corners[(index + 1) % 4]
        // Inside: the side of the edge line the centroid is on. n . (p - a) >= 0 with n pointing in.
        var nx = -(b.y - a.y)
        var ny = b.x - a.x
        if nx * (centre.x - a.x) + ny * (centre.y - a.y) < 0 {
          nx = -nx
          ny = -ny
        }
        // nx * (x - a.x) + ny * (yc - a.y) >= 0
        let rest = ny * (yc - a.y)
        if nx == 0 {
          if rest < 0 { return 0..<0 }
        } else if nx > 0 {
          low = max(low, a.x - rest / nx)
        } else {
          high = min(high, a.x - rest / nx)
        }
      }
      let first = max(0, Int(low.rounded(.up)))
      let last = min(size.width - 1, Int(high.rounded(.down)))
      return first <= last ? first..<(last + 1) : 0..<0
    }
  }

  /// `mask` with every pixel outside the region cleared.
  /// - Precondition: `mask` has the photo's size the region was made for.
  public func clearingOutside(_ mask: Mask) -> Mask {
    let spans = rowSpans(mask.size)
    var values = mask.values
    for y in 0..<mask.height {
      let row = y * mask.width
      let span = spans[y]
      for x in 0..<mask.width where !span.contains(x) { values[row + x] = 0 }
    }
    return Mask(width: mask.width, height: mask.height, values: values)
  }
}
