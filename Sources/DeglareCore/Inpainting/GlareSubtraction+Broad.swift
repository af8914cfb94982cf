import Foundation

// A broad, faint sheen masked together with paler painted light (a sunlit patch on a painted wall,
// a pale passage) reads the light as more glare: the paint there is paler than the membrane
// predicts, and a round part's glare is averaged at a tenth of its half-width, which leaves a
// patch tens or hundreds of pixels across as it is. Glare on glass is smoother than that: an
// out-of-focus reflection. So a broad part (its amounts without a sharp peak, and spread about as
// much one way as the other) keeps at each pixel at most the larger of
//   - a second, wider average of its votes, and
//   - the smooth dome that fits its amounts best (one Gaussian, the exponential of a quadratic),
// so that a plateau with steep sides standing above both is cut to them, while a smooth veil,
// which its dome fits, keeps its peak however tightly it is masked. Peaked parts (a bloom's
// core in its halo, several blooms in one part) are left alone, and so are elongated amounts
// inside a round mask (a box around a streak).
// Measured in docs/local-method.md, "Broad parts (stop 58)".

extension GlareSubtraction {
  /// For a round component's last estimate, the amount each pixel of `area` may keep at most: the
  /// larger of a wider average of its votes (a normalized Gaussian of `broadAverageScale` times
  /// `halfWidth`, at most `maximumSigma`, in work pixels) and the component's fitted dome
  /// (``dome(_:members:area:)``). Nil when the component is not broad: its amounts (over
  /// ``broadFloor``) have a 99th percentile of `broadPeakRatio` times their median or more, or
  /// those above the median spread with an axis ratio of `broadElongation` or more.
  /// - Parameters:
  ///   - projected: each member's vote (its residual's amount of the glare's colour).
  ///   - votes: each member's weight in the averages (0: no vote).
  ///   - amounts: the component's averaged amount per pixel of `area`.
  static func broadBounds(
    projected: [Float], votes: [Float], amounts: [Float], members: [Bool], area: PixelRect, halfWidth: Double,
    configuration: LocalInpainter.Configuration
  ) -> [Float]? {
    guard configuration.broadAverageScale > 0 else { return nil }
    var values: [Float] = []
    for a in 0..<area.area where members[a] && amounts[a] > broadFloor { values.append(amounts[a]) }
    guard values.count >= 20 else { return nil }
    let median = OrderStatistic.select(&values, rank: values.count / 2)
    let peak = OrderStatistic.select(&values, rank: values.count * 99 / 100)
    guard peak < Float(configuration.broadPeakRatio) * median,
      axisRatio(amounts, above: median, members: members, area: area) < configuration.broadElongation
    else { return nil }
    let sigma = min(configuration.broadAverageScale * halfWidth, configuration.maximumSigma)
    var bounds = PlaneFilter.normalizedGaussian(
      [projected], weights: votes, width: area.width, height: area.height, sigma: sigma,
      minimumWeight: minimumSupport
    ).planes[0]
    if let dome = dome(amounts, members: members, area: area) {
      for a in 0..<area.area { bounds[a] = max(bounds[a], dome[a]) }
    }
    return bounds
  }

  /// Amounts at most this (linear light) are no part of a component's spread of glare.
  static let broadFloor: Float = 0.003

  /// The smooth dome that fits a component's amounts best: the exponential of the amount-weighted
  /// least-squares quadratic in x and y fitted to the log of the amounts over ``broadFloor`` (one
  /// Gaussian fits exactly), over `area` (0 off the members); nil when the quadratic has no
  /// maximum.
  static func dome(_ amounts: [Float], members: [Bool], area: PixelRect) -> [Float]? {
    let scale = Double(max(area.width, area.height)) / 2
    let (centreX, centreY) = (Double(area.width) / 2, Double(area.height) / 2)
    var t = [Double](repeating: 0, count: 6)  // 1, u, v, u^2, uv, v^2 at one pixel
    func setTerms(_ x: Int, _ y: Int) {
      let u = (Double(x) - centreX) / scale
      let v = (Double(y) - centreY) / scale
      (t[0], t[1], t[2], t[3], t[4], t[5]) = (1, u, v, u * u, u * v, v * v)
    }
    // The normal equations, each row followed by its right-hand side.
    var system = [[Double]](repeating: [Double](repeating: 0, count: 7), count: 6)
    var count = 0
    for y in 0..<area.height {
      for x in 0..<area.width {
        let a = y * area.width + x
        guard members[a], amounts[a] > broadFloor else { continue }
        setTerms(x, y)
        let weight = Double(amounts[a])
        let value = log(weight)
        for i in 0..<6 {
          system[i][6] += weight * t[i] * value
          for j in 0..<6 { system[i][j] += weight * t[i] * t[j] }
        }
        count += 1
      }
    }
    guard count >= 20, let c = Homography.solve(system), c[3] < 0, c[5] < 0, 4 * c[3] * c[5] > c[4] * c[4] else {
      return nil
    }
    var result = [Float](repeating: 0, count: area.area)
    for y in 0..<area.height {
      for x in 0..<area.width {
        let a = y * area.width + x
        guard members[a] else { continue }
        setTerms(x, y)
        var fit = 0.0
        for i in 0..<6 { fit += c[i] * t[i] }
        result[a] = Float(exp(min(fit, 0)))
      }
    }
    return result
  }

  /// The ratio of the long to the short axis of the members' positions weighted by their amount
  /// above `level` (the square root of the ratio of the weighted covariance's eigenvalues); 1 when
  /// nothing is above it.
  private static func axisRatio(_ amounts: [Float], above level: Float, members: [Bool], area: PixelRect)
    -> Double
  {
    var (weight, sumX, sumY, sumXX, sumYY, sumXY) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    for y in 0..<area.height {
      for x in 0..<area.width {
        let a = y * area.width + x
        guard members[a], amounts[a] > level else { continue }
        let w = Double(amounts[a] - level)
        let (fx, fy) = (Double(x), Double(y))
        weight += w
        sumX += w * fx
        sumY += w * fy
        sumXX += w * fx * fx
        sumYY += w * fy * fy
        sumXY += w * fx * fy
      }
    }
    guard weight > 0 else { return 1 }
    let (meanX, meanY) = (sumX / weight, sumY / weight)
    let xx = sumXX / weight - meanX * meanX
    let yy = sumYY / weight - meanY * meanY
    let xy = sumXY / weight - meanX * meanY
    let middle = (xx + yy) / 2
    let spread = ((xx - yy) * (xx - yy) / 4 + xy * xy).squareRoot()
    return ((middle + spread) / max(middle - spread, 1e-9)).squareRoot()
  }
}
