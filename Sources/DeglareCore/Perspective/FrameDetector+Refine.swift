import Foundation

extension FrameDetector {
  /// Which gradient peak of a profile across an edge is the edge.
  enum PeakRule {
    /// The outermost peak at least `refineOuterPeakFraction` of the strongest: the frame's
    /// outer edge, with only flat wall beyond it.
    case outermost
    /// The strong peak nearest the coarse edge: the canvas edge, between a moulding whose ridges
    /// can be stronger edges and a painting whose content can be too.
    case nearest
  }

  /// Each side of `coarse` (canonical coordinates) re-fitted at full resolution: colour profiles
  /// across the side, the edge located on each to a fraction of a pixel, a robust line through
  /// those points, and adjacent lines intersected; twice, a wide search around the coarse quad
  /// (whose lines can be a few analysis pixels off) and a narrow one around the first result. `support` is the mean fraction of profiles
  /// the four line fits kept (a side that could not be refitted keeps its coarse line and
  /// counts 0).
  func refine(_ coarse: Quad, in image: ImageBuffer, factor: Int, rule: PeakRule) -> (quad: Quad, support: Double) {
    let sampler = ColourSampler(image)
    let wide = refine(
      coarse, sampler: sampler, reach: configuration.refineSearchAnalysisPixels * Double(factor) + 3, factor: factor,
      rule: rule)
    guard wide.support > 0 else { return wide }
    let narrow = refine(
      wide.quad, sampler: sampler, reach: configuration.refineNarrowSearchAnalysisPixels * Double(factor) + 3,
      factor: factor, rule: rule)
    return narrow.support > 0 ? narrow : wide
  }

  /// One refinement round with profiles reaching `reach` pixels either side of each side.
  private func refine(
    _ coarse: Quad, sampler: ColourSampler, reach: Double, factor: Int, rule: PeakRule
  ) -> (quad: Quad, support: Double) {
    let maximumShift = configuration.refineMaximumShiftAnalysisPixels * Double(factor) + 2
    let centre = coarse.centroid
    var lines: [Line] = []
    var support = 0.0
    for side in 0..<4 {
      let (start, end) = coarse.edge(side)
      let coarseLine = Line(through: start, end)
      var normal = coarseLine.normal
      if normal.dot((start + end) / 2 - centre) < 0 { normal = normal * -1 }
      var points: [Point] = []
      let count = configuration.refineSamplesPerSide
      for index in 0..<count {
        let fraction =
          configuration.refineEndMargin
          + (1 - 2 * configuration.refineEndMargin) * (Double(index) + 0.5) / Double(count)
        let base = start + (end - start) * fraction
        if let offset = edgeOffset(
          at: base, normal: normal, along: coarseLine.direction, reach: reach, sampler: sampler, rule: rule)
        {
          points.append(base + normal * offset)
        }
      }
      guard let fit = LineFit.robust(points, configuration: configuration.refineLineFit),
        abs(fit.line.signedDistance(to: start)) <= maximumShift, abs(fit.line.signedDistance(to: end)) <= maximumShift,
        fit.line.angle(to: coarseLine) < 0.1
      else {
        lines.append(coarseLine)
        continue
      }
      lines.append(fit.line)
      support += Double(fit.inlierCount) / Double(count)
    }
    var corners: [Point] = []
    for index in 0..<4 {
      guard let corner = lines[(index + 3) % 4].intersection(with: lines[index]) else { return (coarse, 0) }
      corners.append(corner)
    }
    let refined = Quad(corners)
    guard refined.isConvexClockwise, refined.maxCornerDistance(to: coarse) <= 2 * maximumShift else {
      return (coarse, 0)
    }
    return (refined, support / 4)
  }

  /// The offset along `normal` (pixels, outward positive) of the edge on the profile through
  /// `base`, or nil when the profile has no clear peak.
  private func edgeOffset(
    at base: Point, normal: Point, along direction: Point, reach: Double, sampler: ColourSampler, rule: PeakRule
  ) -> Double? {
    let steps = Int(reach.rounded(.up))
    let count = 2 * steps + 1
    let half = configuration.refineProfileWidth / 2
    var profile = [[Float]](repeating: [Float](repeating: 0, count: sampler.colours), count: count)
    for index in 0..<count {
      let offset = Double(index - steps)
      var sum = [Float](repeating: 0, count: sampler.colours)
      for across in -half...half {
        let colour = sampler.colour(at: base + normal * offset + direction * Double(across))
        for channel in 0..<sampler.colours { sum[channel] += colour[channel] }
      }
      profile[index] = sum.map { $0 / Float(2 * half + 1) }
    }
    let smoothed = gaussianSmoothed(profile, sigma: configuration.refineProfileSigma)
    var gradient = [Float](repeating: 0, count: count)
    for index in 1..<(count - 1) {
      var squares: Float = 0
      for channel in 0..<sampler.colours {
        let difference = (smoothed[index + 1][channel] - smoothed[index - 1][channel]) / 2
        squares += difference * difference
      }
      gradient[index] = squares.squareRoot()
    }
    var peaks: [Int] = []
    for index in 2..<(count - 2) where gradient[index] >= gradient[index - 1] && gradient[index] > gradient[index + 1] {
      peaks.append(index)
    }
    guard let strongest = peaks.max(by: { gradient[$0] < gradient[$1] }), gradient[strongest] > 1 else { return nil }
    let chosen: Int
    switch rule {
    case .nearest:
      let threshold = Float(configuration.refineNearestPeakFraction) * gradient[strongest]
      chosen = peaks.filter { gradient[$0] >= threshold }.min { abs($0 - steps) < abs($1 - steps) } ?? strongest
    case .outermost:
      // From the outside in, the first strong peak with something other than wall behind it:
      // the edge of a cast shadow has the wall's colour, darker, on its inner side.
      let threshold = Float(configuration.refineOuterPeakFraction) * gradient[strongest]
      let strong = peaks.filter { gradient[$0] >= threshold }.sorted(by: >)
      let wall = meanColour(smoothed, (count - 3)..<count)
      chosen = strong.first { peak in !wallLike(smoothed, inside: peak, wall: wall) } ?? strong.first ?? strongest
    }
    let before = gradient[chosen - 1]
    let peak = gradient[chosen]
    let after = gradient[chosen + 1]
    let curvature = before - 2 * peak + after
    let shift = curvature < 0 ? Double(0.5 * (before - after) / curvature) : 0
    return Double(chosen - steps) + max(-0.5, min(0.5, shift))
  }

  /// The mean colour of `profile` over `range`.
  private func meanColour(_ profile: [[Float]], _ range: Range<Int>) -> [Float] {
    guard let channels = profile.first?.count, !range.isEmpty else { return [] }
    return (0..<channels).map { channel in range.reduce(0) { $0 + profile[$1][channel] } / Float(range.count) }
  }

  /// Whether every sample `refineInsideOffsets` pixels inside the peak at `index` has the wall's
  /// hue at a brightness from `wallDarkestShadow` to `refineBrightestWall` times the wall's:
  /// the wall in shadow, not the frame.
  private func wallLike(_ profile: [[Float]], inside index: Int, wall: [Float]) -> Bool {
    let squaredNorm = wall.reduce(0) { $0 + $1 * $1 }
    guard squaredNorm > 1 else { return false }
    let tolerance = max(
      configuration.refineWallResidual, configuration.refineWallResidualFraction * squaredNorm.squareRoot())
    for offset in configuration.refineInsideOffsets {
      let position = index - offset
      guard position >= 0 else { break }
      let colour = profile[position]
      var dot: Float = 0
      for (value, wallValue) in zip(colour, wall) { dot += value * wallValue }
      let alpha = dot / squaredNorm
      var residual: Float = 0
      for (value, wallValue) in zip(colour, wall) {
        residual += (value - alpha * wallValue) * (value - alpha * wallValue)
      }
      if alpha < configuration.wallDarkestShadow || alpha > configuration.refineBrightestWall
        || residual.squareRoot() > tolerance
      {
        return false
      }
    }
    return true
  }

  /// Each channel of `profile` smoothed by a Gaussian of `sigma` samples (ends repeated).
  private func gaussianSmoothed(_ profile: [[Float]], sigma: Double) -> [[Float]] {
    guard sigma > 0, let channels = profile.first?.count else { return profile }
    let radius = max(1, Int((3 * sigma).rounded(.up)))
    let kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
    let total = kernel.reduce(0, +)
    return profile.indices.map { index in
      (0..<channels).map { channel in
        var sum: Float = 0
        for k in -radius...radius {
          sum += kernel[k + radius] * profile[min(max(index + k, 0), profile.count - 1)][channel]
        }
        return sum / total
      }
    }
  }
}

/// Bilinear colour samples of an image at canonical points, on the 8-bit scale, alpha dropped;
/// points outside repeat the border.
struct ColourSampler {
  let image: ImageBuffer
  let colours: Int
  private let scale: Float

  init(_ image: ImageBuffer) {
    self.image = image
    colours = image.layout.colorChannelCount
    scale = image.bitDepth == .eight ? 1 : 255.0 / 65535.0
  }

  /// The colour at `point`, one value per colour channel.
  func colour(at point: Point) -> [Float] {
    let x = min(max(point.x, 0), Double(image.width - 1))
    let y = min(max(point.y, 0), Double(image.height - 1))
    let x0 = Int(x)
    let y0 = Int(y)
    let x1 = min(x0 + 1, image.width - 1)
    let y1 = min(y0 + 1, image.height - 1)
    let fx = Float(x - Double(x0))
    let fy = Float(y - Double(y0))
    return (0..<colours).map { channel in
      let top =
        Float(image.sample(x: x0, y: y0, channel: channel)) * (1 - fx)
        + Float(image.sample(x: x1, y: y0, channel: channel)) * fx
      let bottom =
        Float(image.sample(x: x0, y: y1, channel: channel)) * (1 - fx)
        + Float(image.sample(x: x1, y: y1, channel: channel)) * fx
      return (top * (1 - fy) + bottom * fy) * scale
    }
  }
}
