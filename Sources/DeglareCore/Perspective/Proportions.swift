import Foundation

/// How the true width/height ratio of a photographed rectangle was determined.
public enum ProportionsMethod: String, Sendable, CaseIterable {
  /// From the homography with the focal length recorded in the photo's EXIF data.
  case exifFocal = "exif-focal"
  /// From the homography with the focal length estimated from the quad's two vanishing points.
  case vanishingPoints = "vanishing-points"
  /// The mean of the quad's top and bottom lengths over the mean of its left and right lengths.
  case edgeLengths = "edge-lengths"
}

/// The true proportions of a rectangle seen as a quad, and how they were found.
public struct Proportions: Sendable, Equatable {
  /// Width over height of the real rectangle.
  public var aspect: Double
  /// Which method gave it.
  public var method: ProportionsMethod
  /// The focal length used, in pixels of the photo (nil for edge lengths).
  public var focalLength: Double?

  /// Creates proportions.
  public init(aspect: Double, method: ProportionsMethod, focalLength: Double?) {
    self.aspect = aspect
    self.method = method
    self.focalLength = focalLength
  }
}

/// Recovers the width/height ratio of a real rectangle from its perspective image.
///
/// With the camera's principal point at the photo's centre and square pixels, the homography
/// H from the unit square to the quad is K [w r1, h r2, t] up to scale, where K holds the focal
/// length f. Its first two columns h1, h2 then satisfy (K⁻¹h1)·(K⁻¹h2) = 0, which gives
/// f² = -(h11 h12 + h21 h22) / (h31 h32) when both vanishing points are finite, and the ratio
/// is |K⁻¹h1| / |K⁻¹h2|.
public enum ProportionEstimator {
  /// Tunables of the estimate.
  public struct Configuration: Sendable, Equatable {
    /// A focal length from the vanishing points is trusted only between these multiples of the
    /// photo's diagonal (phone and camera lenses span about 0.5 to 3).
    public var focalRange: ClosedRange<Double>
    /// ... and only when moving any corner by `jitterFraction` of the diagonal changes it by
    /// less than this fraction (nearly parallel sides make it unstable).
    public var maximumFocalSpread: Double
    /// The corner displacement of the stability test, as a fraction of the diagonal.
    public var jitterFraction: Double

    /// Creates the default configuration.
    public init(
      focalRange: ClosedRange<Double> = 0.4...4, maximumFocalSpread: Double = 0.1, jitterFraction: Double = 0.0005
    ) {
      self.focalRange = focalRange
      self.maximumFocalSpread = maximumFocalSpread
      self.jitterFraction = jitterFraction
    }
  }

  /// The proportions of `quad` in a photo of `imageSize`: with `focalLength` (pixels, from EXIF)
  /// when given, else with a focal length from the vanishing points when well conditioned, else
  /// from the edge lengths.
  public static func estimate(
    _ quad: Quad, imageSize: PixelSize, focalLength: Double? = nil, configuration: Configuration = Configuration()
  ) -> Proportions {
    let centre = principalPoint(imageSize)
    if let focalLength, focalLength > 0, let aspect = aspect(quad, focalLength: focalLength, principalPoint: centre) {
      return Proportions(aspect: aspect, method: .exifFocal, focalLength: focalLength)
    }
    if let focal = stableFocalLength(quad, imageSize: imageSize, configuration: configuration),
      let aspect = aspect(quad, focalLength: focal, principalPoint: centre)
    {
      return Proportions(aspect: aspect, method: .vanishingPoints, focalLength: focal)
    }
    return Proportions(aspect: edgeLengthAspect(quad), method: .edgeLengths, focalLength: nil)
  }

  /// The optical centre assumed: the middle of the photo, in canonical coordinates.
  public static func principalPoint(_ size: PixelSize) -> Point {
    Point(x: Double(size.width - 1) / 2, y: Double(size.height - 1) / 2)
  }

  /// Mean horizontal edge length over mean vertical edge length.
  public static func edgeLengthAspect(_ quad: Quad) -> Double {
    let lengths = quad.edgeLengths
    return (lengths[0] + lengths[2]) / max(lengths[1] + lengths[3], 1e-12)
  }

  /// The focal length (pixels) implied by the quad's vanishing points, or nil when a pair of
  /// sides is parallel or the result is imaginary.
  public static func focalLength(_ quad: Quad, principalPoint: Point) -> Double? {
    guard let h = unitSquareHomography(quad, principalPoint: principalPoint) else { return nil }
    let m = h.matrix
    let denominator = m[6] * m[7]
    guard abs(denominator) > 1e-15 else { return nil }
    let squared = -(m[0] * m[1] + m[3] * m[4]) / denominator
    guard squared > 0, squared.isFinite else { return nil }
    return squared.squareRoot()
  }

  /// The width/height ratio of the real rectangle for a given focal length (pixels).
  public static func aspect(_ quad: Quad, focalLength: Double, principalPoint: Point) -> Double? {
    guard let h = unitSquareHomography(quad, principalPoint: principalPoint) else { return nil }
    let m = h.matrix
    let width = (pow(m[0] / focalLength, 2) + pow(m[3] / focalLength, 2) + pow(m[6], 2)).squareRoot()
    let height = (pow(m[1] / focalLength, 2) + pow(m[4] / focalLength, 2) + pow(m[7], 2)).squareRoot()
    guard height > 0, width.isFinite, height.isFinite else { return nil }
    return width / height
  }

  /// The vanishing-point focal length when it is in range and stable under small corner moves.
  static func stableFocalLength(_ quad: Quad, imageSize: PixelSize, configuration: Configuration) -> Double? {
    let centre = principalPoint(imageSize)
    let diagonal = (Double(imageSize.width * imageSize.width + imageSize.height * imageSize.height)).squareRoot()
    guard let focal = focalLength(quad, principalPoint: centre),
      configuration.focalRange.contains(focal / diagonal)
    else { return nil }
    let jitter = configuration.jitterFraction * diagonal
    for index in 0..<4 {
      for offset in [Point(x: jitter, y: 0), Point(x: -jitter, y: 0), Point(x: 0, y: jitter), Point(x: 0, y: -jitter)] {
        var corners = quad.corners
        corners[index] = corners[index] + offset
        guard let moved = focalLength(Quad(corners), principalPoint: centre),
          abs(moved - focal) <= configuration.maximumFocalSpread * focal
        else { return nil }
      }
    }
    return focal
  }

  /// The homography from the unit square (top-left (0, 0), top-right (1, 0), ...) to the quad
  /// moved so the principal point is the origin.
  private static func unitSquareHomography(_ quad: Quad, principalPoint: Point) -> Homography? {
    let square = Quad(rectangleFrom: Point(x: 0, y: 0), to: Point(x: 1, y: 1))
    return try? Homography(from: square, to: quad.map { $0 - principalPoint })
  }
}
