/// Why a quad, a margin or a homography cannot be used. Every case carries the offending values.
public enum GeometryError: Error, Equatable, CustomStringConvertible {
  /// The four corners do not make a convex quadrilateral in the order top-left, top-right,
  /// bottom-right, bottom-left (crossed, concave, or with three corners on a line).
  case notConvex(Quad)
  /// A corner lies outside the image (`size`), beyond the half-pixel border.
  case outsideImage(Quad, PixelSize)
  /// The quad is too small to warp (its area in square pixels).
  case degenerate(Quad, area: Double)
  /// A negative margin moves opposite edges past each other, flipping or collapsing the quad.
  case marginCollapses(margin: Double, Quad)
  /// No projective transform maps these four points to those (three of them on a line).
  case singularHomography

  /// One sentence naming the problem and the values.
  public var description: String {
    switch self {
    case .notConvex(let quad):
      return "the corners \(quad) are not a convex quadrilateral in the order top-left, top-right, "
        + "bottom-right, bottom-left"
    case .outsideImage(let quad, let size):
      return "the corners \(quad) are not all inside the \(size) image (x from -0.5 to "
        + "\(Point.format(Double(size.width) - 0.5)), y from -0.5 to \(Point.format(Double(size.height) - 0.5)), where (0, 0) is the centre of the top-left pixel)"
    case .degenerate(let quad, let area):
      return "the corners \(quad) enclose only \(Point.format(area)) square pixels"
    case .marginCollapses(let margin, let quad):
      return "a margin of \(Point.format(margin)) px collapses the quad \(quad): opposite edges would cross"
    case .singularHomography:
      return "the corners do not define a perspective transform (three of them lie on a line)"
    }
  }
}
