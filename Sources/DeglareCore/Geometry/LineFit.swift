import Foundation

/// Fitting straight lines to edge points: total least squares (perpendicular distances), and a
/// robust variant that trims outliers and refits.
public enum LineFit {
  /// Tunables of ``robust(_:configuration:)``.
  public struct Configuration: Sendable, Equatable {
    /// Fit, trim, refit rounds after the first fit.
    public var iterations: Int
    /// Points farther than this many robust standard deviations (1.4826 x the median absolute
    /// distance) from the line are trimmed.
    public var trimSigmas: Double
    /// Points within this many pixels are never trimmed, so a near-perfect fit on a sharp edge
    /// does not trim its own noise.
    public var minimumTolerance: Double
    /// The fraction of the points that must survive the trimming; below it the fit fails.
    public var minimumInlierFraction: Double

    /// Creates a configuration.
    public init(
      iterations: Int = 4, trimSigmas: Double = 2.5, minimumTolerance: Double = 1.0, minimumInlierFraction: Double = 0.3
    ) {
      self.iterations = iterations
      self.trimSigmas = trimSigmas
      self.minimumTolerance = minimumTolerance
      self.minimumInlierFraction = minimumInlierFraction
    }
  }

  /// A robust fit: the line, which points it kept, and how close they are.
  public struct Result: Sendable, Equatable {
    /// The fitted line.
    public var line: Line
    /// For each input point, whether it was kept.
    public var inliers: [Bool]
    /// The root mean square perpendicular distance of the kept points, in pixels.
    public var rms: Double

    /// The number of kept points.
    public var inlierCount: Int { inliers.reduce(0) { $0 + ($1 ? 1 : 0) } }
  }

  /// The line minimising the sum of squared perpendicular distances to the points (the
  /// principal axis of their scatter), or nil for fewer than two distinct points.
  public static func totalLeastSquares(_ points: [Point]) -> Line? {
    guard points.count >= 2 else { return nil }
    let centre = points.reduce(Point.zero, +) / Double(points.count)
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    for point in points {
      let d = point - centre
      sxx += d.x * d.x
      sxy += d.x * d.y
      syy += d.y * d.y
    }
    guard sxx + syy > 0 else { return nil }
    let angle = 0.5 * atan2(2 * sxy, sxx - syy)
    return Line(point: centre, direction: Point(x: cos(angle), y: sin(angle)))
  }

  /// A total-least-squares line refit without the outliers: after each fit, points farther than
  /// `trimSigmas` robust deviations (and farther than `minimumTolerance` pixels) are dropped.
  /// Nil when fewer than two points, or fewer than `minimumInlierFraction` of them, survive.
  public static func robust(_ points: [Point], configuration: Configuration = Configuration()) -> Result? {
    guard var line = totalLeastSquares(points) else { return nil }
    var keep = [Bool](repeating: true, count: points.count)
    for _ in 0..<configuration.iterations {
      let distances = points.map { abs(line.signedDistance(to: $0)) }
      let kept = zip(distances, keep).compactMap { $1 ? $0 : nil }
      let sigma = 1.4826 * median(kept)
      let tolerance = max(configuration.minimumTolerance, configuration.trimSigmas * sigma)
      keep = distances.map { $0 <= tolerance }
      let survivors = zip(points, keep).compactMap { $1 ? $0 : nil }
      guard survivors.count >= 2, let refit = totalLeastSquares(survivors) else { return nil }
      line = refit
    }
    let final = zip(points, keep).compactMap { $1 ? $0 : nil }
    guard Double(final.count) >= configuration.minimumInlierFraction * Double(points.count) else { return nil }
    let squares = final.reduce(0) { $0 + pow(line.signedDistance(to: $1), 2) }
    return Result(line: line, inliers: keep, rms: (squares / Double(max(final.count, 1))).squareRoot())
  }

  /// The median of the values (the mean of the middle two for an even count); 0 when empty.
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
