import Foundation

// The glare's amount varies slowly along a reflection and fast across it: a window's streak is
// nearly constant along its length and may have sharp sides. A user paints the mask around the
// glare, so the mask's level lines (of its distance to the outside) follow the glare's: along a
// streak, around a bloom. Averaging the residual along those lines, and hardly across them, keeps
// a sharp side sharp and still averages the paint's texture away. The direction is the
// smallest-eigenvalue eigenvector of the structure tensor of the distance map; where that tensor
// is not coherent (the middle of a blob) the isotropic average is used instead.
//
// Under a generous mask the glare is estimated again over the part of the mask where it was found
// (`GlareEvidence.swift`), and the lines stay the mask's: that part's edge is where a threshold
// fell, ragged wherever the paint lifts or lowers the first estimate, so its level lines cut
// across a streak's stripes and average them into their gaps. Measured on
// `Benchmarks/local_eval.sh --quick` (auto), inside the glare: masks grown by 25 px 24.92 ->
// 25.26 dB on the tuning part (26.86 -> 27.03 held out), tight masks 26.83 -> 26.92 (29.55 ->
// 29.69); the added ring 38.97 -> 39.12 dB (45.71 -> 46.25); glare-free paint and signs unchanged.
//
// The mask's lines need not follow the glare's sharp edge: a detected mask grown by a margin, or
// a brush stroke, has a wavy edge, and its lines cross the streak's edge at a slant. A line's
// samples then hold two values, the glare's and the clean paint's (about nothing), and its mean
// lies between: the glare is smeared over the clean paint beside its edge (pink beside a green
// streak) and thinned just inside it. So in the last estimate each pixel also climbs from its
// own neighbourhood's amount to the nearest mode of its line's samples (mean shift, with the
// line's range kernel), and keeps that share of its amount (at most `modeCap`), applied with the
// brightness share after the support is found (docs/local-method.md, "A pixel's own mode").

extension GlareSubtraction {
  /// The voters' projected residual averaged along the mask's level lines, blended by coherence
  /// with the isotropic average.
  /// - Parameters:
  ///   - projected: residual along the glare colour, for the pixels of `area` (0 off the voters).
  ///   - votes: 1 for voting pixels of `area`, 0 elsewhere.
  ///   - isotropic: the isotropic average of the same, used where the direction is unclear.
  ///   - members: true for the pixels of `area` that belong to the component (the only ones
  ///     computed; the others keep the isotropic value).
  ///   - area: the component's box, in the work rect.
  ///   - orientation: the mask's level lines over `area` (see `maskOrientation`).
  ///   - alongSigma: sigma of the average along the lines, in pixels.
  ///   - rangeRelative: width of the range kernel as a fraction of the plain mean (0: none).
  ///   - rangeFloor: smallest width of the range kernel (linear light).
  ///   - modeStarts: if given, each pixel's own neighbourhood's amount, from which its mode along
  ///     the line is found with the range kernel (so only with `rangeRelative` above 0).
  /// - Returns: the average for every pixel of `area`, and the mode if `modeStarts` was given
  ///   (both blended by coherence with the isotropic average alike).
  static func averageAlongMask(
    projected: consuming [Float], votes: [Float], isotropic: consuming [Float], members: [Bool], area: PixelRect,
    orientation: MaskOrientation, alongSigma: Double, rangeRelative: Float, rangeFloor: Float,
    modeStarts: [Float]? = nil
  ) -> (amounts: [Float], modes: [Float]?) {
    let width = area.width
    let height = area.height
    precondition(modeStarts == nil || rangeRelative > 0, "a mode needs the range kernel")
    var modes = modeStarts == nil ? [] : isotropic
    // Both inputs are taken over and updated in place: on a long streak each is a full-size plane.
    var weighted = consume projected
    for p in 0..<weighted.count { weighted[p] *= votes[p] }
    let taps = alongTaps(sigma: alongSigma)
    var result = consume isotropic  // each pixel reads its isotropic value before writing it
    var sampledValue = [Float](repeating: 0, count: taps.count)
    var sampledWeight = [Float](repeating: 0, count: taps.count)
    weighted.withUnsafeBufferPointer { values in
      votes.withUnsafeBufferPointer { weights in
        // Hot loop: taps x pixels of the component; unchecked pointers.
        forEachLinePixel(members: members, orientation: orientation, width: width, height: height) {
          a, x, y, dx, dy, coherence in
          // The plain mean along the line first, then again with samples far from it
          // down-weighted (a range kernel): the mean then stops at the end of a streak or a
          // sudden change along it instead of smearing it, while the paint's small deviations
          // still average away.
          var numerator: Float = 0
          var denominator: Float = 0
          for (t, tap) in taps.enumerated() {
            let corners = BilinearCorners(
              x: Float(x) + tap.offset * dx, y: Float(y) + tap.offset * dy, width: width, height: height)
            sampledValue[t] = corners.sample(values)
            sampledWeight[t] = corners.sample(weights)
            numerator += tap.weight * sampledValue[t]
            denominator += tap.weight * sampledWeight[t]
          }
          var along = denominator > 1e-6 ? numerator / denominator : result[a]
          if rangeRelative > 0 && denominator > 1e-6 {
            let h = max(rangeFloor, rangeRelative * abs(along))
            let rangeScale = -0.5 / (h * h)
            // The range-weighted mean of the samples around `centre` (nil if none weighs).
            func rangeMean(around centre: Float) -> Float? {
              var numerator: Float = 0
              var denominator: Float = 0
              for (t, tap) in taps.enumerated() where sampledWeight[t] > 1e-6 {
                let d = sampledValue[t] / sampledWeight[t] - centre
                let weight = tap.weight * expf(rangeScale * d * d)
                numerator += weight * sampledValue[t]
                denominator += weight * sampledWeight[t]
              }
              return denominator > 1e-6 ? numerator / denominator : nil
            }
            let plain = along
            along = rangeMean(around: plain) ?? plain
            if let modeStarts {
              // Mean shift from the pixel's own amount, with the same kernel: the mode of the
              // line's samples nearest it.
              var mode = modeStarts[a]
              for _ in 0..<modeSteps {
                guard let next = rangeMean(around: mode) else { break }
                mode = next
              }
              modes[a] = coherence * mode + (1 - coherence) * modes[a]
            }
          }
          result[a] = coherence * along + (1 - coherence) * result[a]
        }
      }
    }
    return (result, modeStarts == nil ? nil : modes)
  }

  /// Mean-shift steps to a pixel's mode along its line (3 gave tight masks 0.07 dB less).
  private static let modeSteps = 6

  /// The weighted mean of each of `planes` along the mask's level lines (a plain Gaussian, no
  /// range kernel), blended by coherence with `isotropic` (the same planes' isotropic means),
  /// which it updates in place and returns. Only `members` are computed.
  static func meanAlongMask(
    _ planes: [[Float]], weights: [Float], isotropic: consuming [[Float]], members: [Bool], area: PixelRect,
    orientation: MaskOrientation, alongSigma: Double
  ) -> [[Float]] {
    let width = area.width
    let height = area.height
    let channels = planes.count
    // The weighted planes one after another in one buffer: plane k starts at k * area.area.
    var weighted = [Float](repeating: 0, count: channels * area.area)
    for k in 0..<channels {
      for p in 0..<area.area { weighted[k * area.area + p] = planes[k][p] * weights[p] }
    }
    let taps = alongTaps(sigma: alongSigma)
    var result = consume isotropic
    var numerator = [Float](repeating: 0, count: channels)
    weighted.withUnsafeBufferPointer { values in
      weights.withUnsafeBufferPointer { weights in
        // Hot loop: taps x pixels x planes of the component; the corners are found once per tap.
        forEachLinePixel(members: members, orientation: orientation, width: width, height: height) {
          a, x, y, dx, dy, coherence in
          for k in 0..<channels { numerator[k] = 0 }
          var denominator: Float = 0
          for tap in taps {
            let corners = BilinearCorners(
              x: Float(x) + tap.offset * dx, y: Float(y) + tap.offset * dy, width: width, height: height)
            denominator += tap.weight * corners.sample(weights)
            for k in 0..<channels { numerator[k] += tap.weight * corners.sample(values, offset: k * area.area) }
          }
          guard denominator > 1e-6 else { return }
          for k in 0..<channels {
            result[k][a] = coherence * numerator[k] / denominator + (1 - coherence) * result[k][a]
          }
        }
      }
    }
    return result
  }

  /// Calls `body` with every member of a `width` x `height` area whose level line is coherent
  /// enough to follow: its index, position, the line's direction and its coherence.
  @inline(__always)
  private static func forEachLinePixel(
    members: [Bool], orientation: MaskOrientation, width: Int, height: Int,
    _ body: (_ a: Int, _ x: Int, _ y: Int, _ dx: Float, _ dy: Float, _ coherence: Float) -> Void
  ) {
    for y in 0..<height {
      for x in 0..<width {
        let a = y * width + x
        guard members[a] else { continue }
        let (dx, dy, coherence) = orientation.direction(x: x, y: y)
        guard coherence > 0.01 else { continue }
        body(a, x, y, dx, dy, coherence)
      }
    }
  }

  /// Sparse taps of a Gaussian of `sigma` along a line: a step of sigma / 6 (at least a pixel)
  /// out to three sigma. Against one tap per pixel they lose under 0.1 dB and keep the cost per
  /// pixel fixed.
  private static func alongTaps(sigma: Double) -> [(offset: Float, weight: Float)] {
    let step = max(1, Float(sigma) / 6)
    let reach = Int((3 * Float(sigma) / step).rounded(.up))
    return (-reach...reach).map { t in
      let offset = Float(t) * step
      return (offset, expf(-0.5 * offset * offset / Float(sigma * sigma)))
    }
  }

  /// The smoothed structure tensor of the lightly smoothed distance map around `area`, from
  /// which ``MaskOrientation/direction(x:y:)`` gives the direction of the mask's level lines.
  static func maskOrientation(
    area: PixelRect, distance: [Float], workWidth: Int, workHeight: Int, tensorSigma: Double
  ) -> MaskOrientation {
    // Work on the area grown by the tensor's reach so that its smoothing sees real neighbours.
    let pad = Int((3 * tensorSigma).rounded(.up)) + 3
    let region = area.padded(by: pad, within: PixelRect(x: 0, y: 0, width: workWidth, height: workHeight))
    let width = region.width
    let height = region.height
    var field = [Float](repeating: 0, count: region.area)
    for y in 0..<height {
      for x in 0..<width { field[y * width + x] = distance[(region.y + y) * workWidth + region.x + x] }
    }
    PlaneFilter.gaussian(&field, width: width, height: height, sigma: 1)
    var xx = [Float](repeating: 0, count: region.area)
    var xy = xx
    var yy = xx
    for y in 0..<height {
      for x in 0..<width {
        let left = field[y * width + max(x - 1, 0)]
        let right = field[y * width + min(x + 1, width - 1)]
        let up = field[max(y - 1, 0) * width + x]
        let down = field[min(y + 1, height - 1) * width + x]
        let gx = (right - left) / Float(min(x + 1, width - 1) - max(x - 1, 0))
        let gy = (down - up) / Float(min(y + 1, height - 1) - max(y - 1, 0))
        xx[y * width + x] = gx * gx
        xy[y * width + x] = gx * gy
        yy[y * width + x] = gy * gy
      }
    }
    field = []  // not needed any more: free it before the smoothing allocates its scratch
    for index in 0..<3 {
      switch index {
      case 0: PlaneFilter.gaussian(&xx, width: width, height: height, sigma: tensorSigma)
      case 1: PlaneFilter.gaussian(&xy, width: width, height: height, sigma: tensorSigma)
      default: PlaneFilter.gaussian(&yy, width: width, height: height, sigma: tensorSigma)
      }
    }
    return MaskOrientation(
      xx: xx, xy: xy, yy: yy, width: width, offsetX: area.x - region.x, offsetY: area.y - region.y)
  }
}

/// The structure tensor of a mask's distance map (row-major over a region around a component's
/// box). The direction is computed per pixel when asked rather than stored: three full-size
/// planes fewer on a long streak.
struct MaskOrientation {
  let xx: [Float]
  let xy: [Float]
  let yy: [Float]
  /// Row stride of the tensor planes.
  let width: Int
  /// Position of the box's corner in the tensor's region.
  let offsetX: Int
  let offsetY: Int

  /// Direction of the mask's level lines (unit vector) and its coherence (0...1) at pixel
  /// (x, y) of the box.
  func direction(x: Int, y: Int) -> (x: Float, y: Float, coherence: Float) {
    let r = (offsetY + y) * width + offsetX + x
    let half = (xx[r] - yy[r]) / 2
    let trace = xx[r] + yy[r]
    // The larger eigenvalue's eigenvector (across the lines) is at half the angle of
    // (xx - yy, 2 xy); the line runs perpendicular to it. Read from the angle, not from
    // (xy, smaller eigenvalue - xx): where the mask's edge is straight, xy is tiny but not zero,
    // both of those are rounding noise, and the line came out across the edge (a rectangle's
    // top rows were averaged downwards into the glare below them).
    let angle = 0.5 * atan2f(2 * xy[r], xx[r] - yy[r])
    let ratio = trace > 1e-12 ? 2 * (half * half + xy[r] * xy[r]).squareRoot() / trace : 0
    return (-sinf(angle), cosf(angle), ratio * ratio)
  }
}

/// The four pixels around a point of a `width` x `height` area and their bilinear weights; a
/// corner outside the area weighs nothing (and reads pixel 0), so a point off the area samples 0.
struct BilinearCorners {
  private var index: (Int, Int, Int, Int) = (0, 0, 0, 0)
  private var weight: (Float, Float, Float, Float) = (0, 0, 0, 0)

  @inline(__always)
  init(x: Float, y: Float, width: Int, height: Int) {
    let fx0 = x.rounded(.down)
    let fy0 = y.rounded(.down)
    guard fx0 >= -1, fy0 >= -1, fx0 < Float(width), fy0 < Float(height) else { return }
    let x0 = Int(fx0)
    let y0 = Int(fy0)
    let fx = x - fx0
    let fy = y - fy0
    let left = x0 >= 0
    let right = x0 + 1 < width
    if y0 >= 0 {
      if left { (index.0, weight.0) = (y0 * width + x0, (1 - fx) * (1 - fy)) }
      if right { (index.1, weight.1) = (y0 * width + x0 + 1, fx * (1 - fy)) }
    }
    if y0 + 1 < height {
      if left { (index.2, weight.2) = ((y0 + 1) * width + x0, (1 - fx) * fy) }
      if right { (index.3, weight.3) = ((y0 + 1) * width + x0 + 1, fx * fy) }
    }
  }

  /// The bilinear sample of the plane that starts at `offset` in `planes` (each row-major over
  /// the area).
  @inline(__always)
  func sample(_ planes: UnsafeBufferPointer<Float>, offset: Int = 0) -> Float {
    weight.0 * planes[offset + index.0] + weight.1 * planes[offset + index.1] + weight.2 * planes[offset + index.2]
      + weight.3 * planes[offset + index.3]
  }
}
