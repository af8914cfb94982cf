/// A projective transform of the plane: a 3x3 matrix acting on homogeneous points (x, y, 1).
///
/// `map(p)` is `((h0 x + h1 y + h2) / w, (h3 x + h4 y + h5) / w)` with `w = h6 x + h7 y + h8`.
/// Both spaces use pixel coordinates with (0, 0) the centre of the top-left pixel (see
/// ``CoordinateSpace``); nothing here flips y.
public struct Homography: Sendable, Equatable {
  /// The nine entries, row-major.
  public var matrix: [Double]

  /// Creates a homography from nine row-major entries.
  /// - Precondition: `matrix.count == 9`.
  public init(_ matrix: [Double]) {
    precondition(matrix.count == 9, "a homography has nine entries")
    self.matrix = matrix
  }

  /// The identity.
  public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

  /// The homography that maps each of the four `source` points onto the matching `destination`
  /// point exactly (up to rounding).
  ///
  /// Solved as the 8x8 linear system with `h8 = 1`, on coordinates normalised to their centroid
  /// and unit mean distance (Hartley) so that photos of any size are equally well conditioned.
  /// - Throws: ``GeometryError/singularHomography`` when three points of either set are on a line.
  public init(from source: Quad, to destination: Quad) throws(GeometryError) {
    let (sourceNormalizer, sourcePoints) = Homography.normalize(source.corners)
    let (destinationNormalizer, destinationPoints) = Homography.normalize(destination.corners)
    var system = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
    for index in 0..<4 {
      let s = sourcePoints[index]
      let d = destinationPoints[index]
      system[2 * index] = [s.x, s.y, 1, 0, 0, 0, -d.x * s.x, -d.x * s.y, d.x]
      system[2 * index + 1] = [0, 0, 0, s.x, s.y, 1, -d.y * s.x, -d.y * s.y, d.y]
    }
    guard let solution = Homography.solve(system) else { throw .singularHomography }
    let normalized = Homography(solution + [1])
    guard let denormalizer = destinationNormalizer.inverse else { throw .singularHomography }
    let result = denormalizer.concatenating(normalized).concatenating(sourceNormalizer)
    guard let scaled = result.normalizedScale, abs(scaled.determinant) > 1e-12 else { throw .singularHomography }
    self = scaled
  }

  /// The homography mapping the rectangle of a `width` x `height` pixel image onto `quad`: the
  /// outer corners of the image's pixel area, (-0.5, -0.5) ... (width - 0.5, height - 0.5), go to
  /// the quad's corners, so every pixel centre of the image maps strictly inside the quad.
  public static func mappingRectangle(width: Int, height: Int, onto quad: Quad) throws(GeometryError) -> Homography {
    let rectangle = Quad(
      rectangleFrom: Point(x: -0.5, y: -0.5), to: Point(x: Double(width) - 0.5, y: Double(height) - 0.5))
    return try Homography(from: rectangle, to: quad)
  }

  /// Maps a point; non-finite when the point is on the line sent to infinity.
  @inlinable
  public func map(_ point: Point) -> Point {
    let m = matrix
    let w = m[6] * point.x + m[7] * point.y + m[8]
    return Point(x: (m[0] * point.x + m[1] * point.y + m[2]) / w, y: (m[3] * point.x + m[4] * point.y + m[5]) / w)
  }

  /// The determinant of the matrix (zero when the transform collapses the plane onto a line).
  public var determinant: Double {
    let m = matrix
    return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
  }

  /// The inverse transform, or nil when the matrix is singular.
  public var inverse: Homography? {
    let m = matrix
    let c0 = m[4] * m[8] - m[5] * m[7]
    let c1 = m[5] * m[6] - m[3] * m[8]
    let c2 = m[3] * m[7] - m[4] * m[6]
    let determinant = m[0] * c0 + m[1] * c1 + m[2] * c2
    guard determinant != 0, determinant.isFinite else { return nil }
    let adjugate = [
      c0, m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
      c1, m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
      c2, m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
    ]
    return Homography(adjugate.map { $0 / determinant }).normalizedScale
  }

  /// `self` applied after `other`: `self.concatenating(other).map(p) == self.map(other.map(p))`.
  public func concatenating(_ other: Homography) -> Homography {
    var product = [Double](repeating: 0, count: 9)
    for row in 0..<3 {
      for column in 0..<3 {
        var sum = 0.0
        for k in 0..<3 { sum += matrix[row * 3 + k] * other.matrix[k * 3 + column] }
        product[row * 3 + column] = sum
      }
    }
    return Homography(product)
  }

  /// The same transform scaled so that the matrix has unit Frobenius norm and a non-negative
  /// last entry (a canonical form); nil when the matrix is zero or not finite.
  var normalizedScale: Homography? {
    let norm = matrix.reduce(0) { $0 + $1 * $1 }.squareRoot()
    guard norm > 0, norm.isFinite else { return nil }
    let sign = matrix[8] < 0 ? -1.0 : 1.0
    return Homography(matrix.map { $0 * sign / norm })
  }

  /// Translates points to their centroid and scales them to mean distance sqrt(2); returns the
  /// transform and the normalised points.
  private static func normalize(_ points: [Point]) -> (Homography, [Point]) {
    let centre = points.reduce(Point.zero, +) / Double(points.count)
    let meanDistance = points.reduce(0) { $0 + $1.distance(to: centre) } / Double(points.count)
    let scale = meanDistance > 0 ? 2.0.squareRoot() / meanDistance : 1
    let transform = Homography([scale, 0, -scale * centre.x, 0, scale, -scale * centre.y, 0, 0, 1])
    return (transform, points.map { ($0 - centre) * scale })
  }

  /// Gaussian elimination with partial pivoting on an n x (n + 1) augmented system.
  static func solve(_ augmented: [[Double]]) -> [Double]? {
    var rows = augmented
    let n = rows.count
    for column in 0..<n {
      var pivot = column
      for row in column..<n where abs(rows[row][column]) > abs(rows[pivot][column]) { pivot = row }
      guard abs(rows[pivot][column]) > 1e-12 else { return nil }
      rows.swapAt(column, pivot)
      for row in 0..<n where row != column {
        let factor = rows[row][column] / rows[column][column]
        if factor == 0 { continue }
        for k in column...n { rows[row][k] -= factor * rows[column][k] }
      }
    }
    let solution = (0..<n).map { rows[$0][n] / rows[$0][$0] }
    return solution.allSatisfy(\.isFinite) ? solution : nil
  }
}
