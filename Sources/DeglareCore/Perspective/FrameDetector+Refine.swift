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

  /// What the refinement found: the quad, how well its sides fitted, and per side (top, right,
  /// bottom, left) the share of profiles on which a cast shadow's edge was passed over.
  struct Refinement {
    /// The refined quad, canonical coordinates.
    var quad: Quad
    /// Per side (top, right, bottom, left), the fraction of profiles its line fit kept (0 for
    /// a side left coarse).
    var sideSupport: [Double]
    /// Per side, the fraction of profiles whose outermost strong edge was a shadow's.
    var shadowSkipped: [Double]

    /// The mean of ``sideSupport``.
    var support: Double { sideSupport.reduce(0, +) / 4 }
  }

  /// Each side of `coarse` (canonical coordinates) re-fitted at full resolution: colour profiles
  /// across the side, the edge located on each to a fraction of a pixel, a robust line through
  /// those points, and adjacent lines intersected; twice, a wide search around the coarse quad
  /// (whose lines can be a few analysis pixels off, or on a cast shadow's edge outside the frame:
  /// for the outermost rule the search reaches far inside) and a narrow one around the first
  /// result. A side that could not be refitted keeps its coarse line and counts 0 support.
  func refine(_ coarse: Quad, in image: ImageBuffer, factor: Int, rule: PeakRule) -> Refinement {
    let sampler = ColourSampler(image)
    let outward = configuration.refineSearchAnalysisPixels * Double(factor) + 3
    var inward = outward
    if rule == .outermost {
      let shorter = min(coarse.edgeLengths.min() ?? 0, Double(max(image.width, image.height)))
      inward = max(outward, configuration.refineInwardFraction * shorter + 3)
    }
    let wide = refine(coarse, sampler: sampler, outward: outward, inward: inward, factor: factor, rule: rule)
    guard wide.support > 0 else { return wide }
    let narrowReach = configuration.refineNarrowSearchAnalysisPixels * Double(factor) + 3
    let narrow = refine(
      wide.quad, sampler: sampler, outward: narrowReach, inward: narrowReach, factor: factor, rule: rule)
    guard narrow.support > 0 else { return wide }
    return Refinement(
      quad: narrow.quad, sideSupport: narrow.sideSupport,
      shadowSkipped: zip(wide.shadowSkipped, narrow.shadowSkipped).map { max($0, $1) })
  }

  /// One refinement round with profiles reaching `outward` pixels outside each side and
  /// `inward` pixels inside it.
  ///
  /// Each profile gives its outermost strong edge that is not a soft, wall-coloured penumbra
  /// and its outermost material edge (something other than wall inside it). Where the two
  /// differ on most profiles of a side, a wall-coloured band lies inside that side's outermost
  /// edge: on one or two sides that is a cast shadow (the light comes from one direction), and
  /// those sides are fitted to the material edges; on three or four it is a frame the wall's
  /// colour, and every side keeps its outermost edges.
  private func refine(
    _ coarse: Quad, sampler: ColourSampler, outward: Double, inward: Double, factor: Int, rule: PeakRule
  ) -> Refinement {
    let maximumShift = configuration.refineMaximumShiftAnalysisPixels * Double(factor) + 2
    let centre = coarse.centroid
    let count = configuration.refineSamplesPerSide
    var outermost: [[Point]] = []
    var material: [[Point]] = []
    var banded: [Double] = []
    var softShadows: [Double] = []
    for side in 0..<4 {
      let (start, end) = coarse.edge(side)
      let direction = (end - start).normalized
      var normal = direction.perpendicular
      if normal.dot((start + end) / 2 - centre) < 0 { normal = normal * -1 }
      var first: [Point] = []
      var solid: [Point] = []
      var differing = 0
      var soft = 0
      for index in 0..<count {
        let fraction =
          configuration.refineEndMargin
          + (1 - 2 * configuration.refineEndMargin) * (Double(index) + 0.5) / Double(count)
        let base = start + (end - start) * fraction
        let found = edgeOffsets(
          at: base, normal: normal, along: direction, outward: outward, inward: inward, sampler: sampler, rule: rule)
        if let offset = found.outermost { first.append(base + normal * offset) }
        if let offset = found.material { solid.append(base + normal * offset) }
        if let a = found.outermost, let b = found.material, a - b > 1.5 { differing += 1 }
        if found.passedSoftShadow { soft += 1 }
      }
      outermost.append(first)
      material.append(solid)
      banded.append(Double(differing) / Double(count))
      softShadows.append(Double(soft) / Double(count))
    }
    let shadowSides = banded.map { $0 >= configuration.refineShadowSideFraction }
    let shadowed = shadowSides.filter { $0 }.count <= 2
    var lines: [Line] = []
    var support = [Double](repeating: 0, count: 4)
    for side in 0..<4 {
      let (start, end) = coarse.edge(side)
      let coarseLine = Line(through: start, end)
      var normal = coarseLine.normal
      if normal.dot((start + end) / 2 - centre) < 0 { normal = normal * -1 }
      let points = shadowed && shadowSides[side] ? material[side] : outermost[side]
      // A side may move inward as far as the search reached (past a shadow), outward only a little.
      func allowed(_ point: Point) -> Bool {
        let distance = -(point - start).dot(normal)
        return distance <= max(maximumShift, inward + 2) && -distance <= maximumShift
      }
      guard let fit = LineFit.robust(points, configuration: configuration.refineLineFit),
        allowed(fit.line.point(at: fit.line.parameter(of: start))),
        allowed(fit.line.point(at: fit.line.parameter(of: end))),
        fit.line.angle(to: coarseLine) < 0.1
      else {
        lines.append(coarseLine)
        continue
      }
      lines.append(fit.line)
      support[side] = Double(fit.inlierCount) / Double(count)
    }
    let skipped = (0..<4).map { max(softShadows[$0], shadowed && shadowSides[$0] ? banded[$0] : 0) }
    var corners: [Point] = []
    for index in 0..<4 {
      guard let corner = lines[(index + 3) % 4].intersection(with: lines[index]) else {
        return Refinement(quad: coarse, sideSupport: [0, 0, 0, 0], shadowSkipped: skipped)
      }
      corners.append(corner)
    }
    let refined = Quad(corners)
    guard refined.isConvexClockwise, refined.maxCornerDistance(to: coarse) <= 2 * max(maximumShift, inward) else {
      return Refinement(quad: coarse, sideSupport: [0, 0, 0, 0], shadowSkipped: skipped)
    }
    return Refinement(quad: refined, sideSupport: support, shadowSkipped: skipped)
  }

  /// The offsets along `normal` (pixels, outward positive) of the edges on the profile through
  /// `base`: the outermost strong one that is not a cast shadow's soft, wall-coloured penumbra,
  /// and the outermost with something other than wall inside it (for the nearest rule, both are
  /// the strong peak nearest the coarse edge); nil when the profile has no clear edge. And
  /// whether a soft shadow's edge lay outside the first.
  private func edgeOffsets(
    at base: Point, normal: Point, along direction: Point, outward: Double, inward: Double, sampler: ColourSampler,
    rule: PeakRule
  ) -> (outermost: Double?, material: Double?, passedSoftShadow: Bool) {
    // The profile reaches `pad` samples past both ends of the search, so that smoothing never
    // repeats an end sample: a repeated end flattens the slope there, and a soft shadow's
    // gradient still rising at the end of the search would make a false peak at its end.
    let pad = smoothingRadius(configuration.refineProfileSigma)
    let inner = Int(inward.rounded(.up)) + pad
    let count = inner + Int(outward.rounded(.up)) + pad + 1
    let half = configuration.refineProfileWidth / 2
    // Profiles are flat, `channels` values per sample: an array per sample made the
    // refinement's allocations cost about as much as its sampling.
    let channels = sampler.colours
    var profile = [Float](repeating: 0, count: count * channels)
    for index in 0..<count {
      let offset = Double(index - inner)
      let sum = sampler.sum(from: base + normal * offset, along: direction, steps: -half...half)
      for channel in 0..<channels { profile[index * channels + channel] = sum[channel] / Float(2 * half + 1) }
    }
    let smoothed = gaussianSmoothed(profile, channels: channels, sigma: configuration.refineProfileSigma)
    var gradient = [Float](repeating: 0, count: count)
    for index in 1..<(count - 1) {
      var squares: Float = 0
      for channel in 0..<channels {
        let difference = (smoothed[(index + 1) * channels + channel] - smoothed[(index - 1) * channels + channel]) / 2
        squares += difference * difference
      }
      gradient[index] = squares.squareRoot()
    }
    var peaks: [Int] = []
    let searched = max(2, pad)..<(count - max(2, pad))
    for index in searched where gradient[index] >= gradient[index - 1] && gradient[index] > gradient[index + 1] {
      peaks.append(index)
    }
    // Strength is judged within the symmetric reach around the coarse edge: the far inside of
    // a long inward search holds the frame's inner edges, often much stronger than its outer one.
    let near = peaks.filter { $0 >= inner - Int(outward.rounded(.up)) }
    guard let strongest = (near.isEmpty ? peaks : near).max(by: { gradient[$0] < gradient[$1] }),
      gradient[strongest] > 1
    else {
      return (nil, nil, false)
    }
    func offset(_ chosen: Int?) -> Double? {
      guard let chosen else { return nil }
      let before = gradient[chosen - 1]
      let peak = gradient[chosen]
      let after = gradient[chosen + 1]
      let curvature = before - 2 * peak + after
      let shift = curvature < 0 ? Double(0.5 * (before - after) / curvature) : 0
      return Double(chosen - inner) + max(-0.5, min(0.5, shift))
    }
    switch rule {
    case .nearest:
      let threshold = Float(configuration.refineNearestPeakFraction) * gradient[strongest]
      let nearest = offset(
        peaks.filter { gradient[$0] >= threshold }.min { abs($0 - inner) < abs($1 - inner) } ?? strongest)
      return (nearest, nearest, false)
    case .outermost:
      // From the outside in: a shadow has the wall's colour, darker, on its inner side.
      let threshold = Float(configuration.refineOuterPeakFraction) * gradient[strongest]
      let strong = peaks.filter { gradient[$0] >= threshold }.sorted(by: >)
      let wall = meanColour(smoothed, channels: channels, (count - pad - 3)..<(count - pad))
      let walled = strong.map { wallLike(smoothed, channels: channels, inside: $0, wall: wall) }
      let first = strong.indices.first {
        !(walled[$0] && penumbraWidth(gradient, strong[$0]) >= configuration.refineSoftEdgeWidth)
      }
      let solid = strong.indices.first { !walled[$0] }
      return (offset(first.map { strong[$0] }), offset(solid.map { strong[$0] }), (first ?? 0) > 0)
    }
  }

  /// The width in samples of the gradient peak at `index` where it stays above half its height,
  /// from twice its narrower half: a shadow's penumbra is soft on both sides of its peak, while a
  /// sharp material edge next to a soft ramp (a contact shadow against a frame) is sharp on one.
  private func penumbraWidth(_ gradient: [Float], _ index: Int) -> Double {
    let half = gradient[index] / 2
    var low = index
    while low > 0, gradient[low - 1] > half { low -= 1 }
    var high = index
    while high < gradient.count - 1, gradient[high + 1] > half { high += 1 }
    return Double(2 * min(index - low, high - index) + 1)
  }

  /// The mean colour of `profile` (`channels` values per sample) over `range`.
  private func meanColour(_ profile: [Float], channels: Int, _ range: Range<Int>) -> [Float] {
    guard !profile.isEmpty, !range.isEmpty else { return [] }
    return (0..<channels).map { channel in
      range.reduce(0) { $0 + profile[$1 * channels + channel] } / Float(range.count)
    }
  }

  /// Whether every sample `refineInsideOffsets` pixels inside the peak at `index` has the wall's
  /// hue at a brightness from `wallDarkestShadow` to `refineBrightestWall` times the wall's,
  /// and the samples inside are darker than those as far outside: the wall in shadow, not the
  /// frame. (A shadow darkens the wall inward; an unframed canvas whose paint near the edge is
  /// wall-coloured is brighter than the shadow just outside it.)
  private func wallLike(_ profile: [Float], channels: Int, inside index: Int, wall: [Float]) -> Bool {
    let squaredNorm = wall.reduce(0) { $0 + $1 * $1 }
    guard squaredNorm > 1 else { return false }
    let offsets = configuration.refineInsideOffsets
    let samples = profile.count / channels
    func sample(_ position: Int) -> ArraySlice<Float> {
      profile[(position * channels)..<((position + 1) * channels)]
    }
    if index + offsets.upperBound < samples, index - offsets.upperBound >= 0 {
      let inside = offsets.reduce(0) { $0 + sample(index - $1).reduce(0, +) }
      let outside = offsets.reduce(0) { $0 + sample(index + $1).reduce(0, +) }
      if inside >= outside { return false }
    }
    let tolerance = max(
      configuration.refineWallResidual, configuration.refineWallResidualFraction * squaredNorm.squareRoot())
    for offset in offsets {
      let position = index - offset
      guard position >= 0 else { break }
      let shade = Shade(of: Array(sample(position)), against: wall, squaredNorm: squaredNorm)
      if shade.brightness < configuration.wallDarkestShadow || shade.brightness > configuration.refineBrightestWall
        || shade.hueDistance > tolerance
      {
        return false
      }
    }
    return true
  }

  /// The half-width in samples of the Gaussian kernel of `sigma` samples (0 for no smoothing).
  private func smoothingRadius(_ sigma: Double) -> Int { sigma > 0 ? max(1, Int((3 * sigma).rounded(.up))) : 0 }

  /// Each channel of `profile` (`channels` values per sample) smoothed by a Gaussian of `sigma`
  /// samples (ends repeated).
  private func gaussianSmoothed(_ profile: [Float], channels: Int, sigma: Double) -> [Float] {
    guard sigma > 0, !profile.isEmpty else { return profile }
    let radius = smoothingRadius(sigma)
    let kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
    let total = kernel.reduce(0, +)
    let samples = profile.count / channels
    var result = [Float](repeating: 0, count: profile.count)
    for index in 0..<samples {
      // Away from the ends no sample is repeated: the same products without the clamping.
      let interior = index >= radius && index + radius < samples
      for channel in 0..<channels {
        var sum: Float = 0
        if interior {
          var position = (index - radius) * channels + channel
          for weight in kernel {
            sum += weight * profile[position]
            position += channels
          }
        } else {
          for k in -radius...radius {
            sum += kernel[k + radius] * profile[min(max(index + k, 0), samples - 1) * channels + channel]
          }
        }
        result[index * channels + channel] = sum / total
      }
    }
    return result
  }
}

/// Bilinear colour samples of an image at canonical points, on the 8-bit scale, alpha dropped;
/// points outside repeat the border.
struct ColourSampler {
  let colours: Int
  private let scale: Float
  /// The image's geometry and samples, read directly: the refinement takes millions of samples
  /// on a large photo, and going through ``ImageBuffer/sample(x:y:channel:)`` for each of the
  /// four neighbours and every channel cost several times the arithmetic.
  private let width: Int
  private let height: Int
  private let stride: Int
  private let eight: Bool
  private let samples8: [UInt8]
  private let samples16: [UInt16]

  init(_ image: ImageBuffer) {
    colours = image.layout.colorChannelCount
    scale = image.bitDepth == .eight ? 1 : 255.0 / 65535.0
    width = image.width
    height = image.height
    stride = image.channelCount
    eight = image.bitDepth == .eight
    samples8 = image.samples8
    samples16 = image.samples16
  }

  /// The sum of the colours at `start + direction * k` for `k` in `steps`, one lane per colour
  /// channel (the others 0): a profile's sample across its line, in registers.
  func sum(from start: Point, along direction: Point, steps: ClosedRange<Int>) -> SIMD4<Float> {
    var sum = SIMD4<Float>.zero
    for step in steps { sum += colour4(at: start + direction * Double(step)) }
    return sum
  }

  /// The colour at `point` (bilinear, points outside repeating the border), on the 8-bit scale,
  /// one lane per colour channel.
  @inline(__always)
  private func colour4(at point: Point) -> SIMD4<Float> {
    let x = min(max(point.x, 0), Double(width - 1))
    let y = min(max(point.y, 0), Double(height - 1))
    let x0 = Int(x)
    let y0 = Int(y)
    let x1 = min(x0 + 1, width - 1)
    let y1 = min(y0 + 1, height - 1)
    let fx = Float(x - Double(x0))
    let fy = Float(y - Double(y0))
    let a = load((y0 * width + x0) * stride)
    let b = load((y0 * width + x1) * stride)
    let c = load((y1 * width + x0) * stride)
    let d = load((y1 * width + x1) * stride)
    let top = a * (1 - fx) + b * fx
    let bottom = c * (1 - fx) + d * fx
    return (top * (1 - fy) + bottom * fy) * scale
  }

  /// The colour samples of the pixel whose first sample is at `index`, one per lane.
  @inline(__always)
  private func load(_ index: Int) -> SIMD4<Float> {
    var value = SIMD4<Float>.zero
    if eight {
      for channel in 0..<colours { value[channel] = Float(samples8[index + channel]) }
    } else {
      for channel in 0..<colours { value[channel] = Float(samples16[index + channel]) }
    }
    return value
  }
}
