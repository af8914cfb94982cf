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
  ///   - distance: each work-rect pixel's distance to the outside of the mask.
  ///   - workWidth: width of the work rect (the row stride of `distance`).
  ///   - alongSigma: sigma of the average along the lines, in pixels.
  ///   - tensorSigma: sigma of the structure tensor's smoothing, in pixels.
  ///   - rangeRelative: width of the range kernel as a fraction of the plain mean (0: none).
  ///   - rangeFloor: smallest width of the range kernel (linear light).
  /// - Returns: the average for every pixel of `area`.
  static func averageAlongMask(
    projected: consuming [Float], votes: [Float], isotropic: consuming [Float], members: [Bool], area: PixelRect,
    distance: [Float],
    workWidth: Int,
    workHeight: Int, alongSigma: Double, tensorSigma: Double, rangeRelative: Float, rangeFloor: Float
  ) -> [Float] {
    let orientation = maskOrientation(
      area: area, distance: distance, workWidth: workWidth, workHeight: workHeight, tensorSigma: tensorSigma)
    let width = area.width
    let height = area.height
    // Both inputs are taken over and updated in place: on a long streak each is a full-size plane.
    var weighted = consume projected
    for p in 0..<weighted.count { weighted[p] *= votes[p] }
    // Sparse taps (a step of sigma / 6, 37 taps) lose under 0.1 dB against one per pixel and
    // keep the cost per pixel fixed.
    let step = max(1, Float(alongSigma) / 6)
    let reach = Int((3 * Float(alongSigma) / step).rounded(.up))
    let taps: [(offset: Float, weight: Float)] = (-reach...reach).map { t in
      let offset = Float(t) * step
      return (offset, expf(-0.5 * offset * offset / Float(alongSigma * alongSigma)))
    }
    var result = consume isotropic  // each pixel reads its isotropic value before writing it
    var sampledValue = [Float](repeating: 0, count: taps.count)
    var sampledWeight = [Float](repeating: 0, count: taps.count)
    weighted.withUnsafeBufferPointer { values in
      votes.withUnsafeBufferPointer { weights in
        // Bilinear samples of both planes of the area at (x, y), zero outside it.
        func sample(_ x: Float, _ y: Float) -> (value: Float, weight: Float) {
          let fx0 = x.rounded(.down)
          let fy0 = y.rounded(.down)
          guard fx0 >= -1, fy0 >= -1, fx0 < Float(width), fy0 < Float(height) else { return (0, 0) }
          let x0 = Int(fx0)
          let y0 = Int(fy0)
          let fx = x - fx0
          let fy = y - fy0
          var value: Float = 0
          var weight: Float = 0
          if y0 >= 0 {
            if x0 >= 0 {
              let w = (1 - fx) * (1 - fy)
              value += w * values[y0 * width + x0]
              weight += w * weights[y0 * width + x0]
            }
            if x0 + 1 < width {
              let w = fx * (1 - fy)
              value += w * values[y0 * width + x0 + 1]
              weight += w * weights[y0 * width + x0 + 1]
            }
          }
          if y0 + 1 < height {
            if x0 >= 0 {
              let w = (1 - fx) * fy
              value += w * values[(y0 + 1) * width + x0]
              weight += w * weights[(y0 + 1) * width + x0]
            }
            if x0 + 1 < width {
              let w = fx * fy
              value += w * values[(y0 + 1) * width + x0 + 1]
              weight += w * weights[(y0 + 1) * width + x0 + 1]
            }
          }
          return (value, weight)
        }
        // Hot loop: taps x pixels of the component; unchecked pointers.
        for y in 0..<height {
          for x in 0..<width {
            let a = y * width + x
            guard members[a] else { continue }
            let (dx, dy, coherence) = orientation.direction(x: x, y: y)
            guard coherence > 0.01 else { continue }
            // The plain mean along the line first, then again with samples far from it
            // down-weighted (a range kernel): the mean then stops at the end of a streak or a
            // sudden change along it instead of smearing it, while the paint's small deviations
            // still average away.
            var numerator: Float = 0
            var denominator: Float = 0
            for (t, tap) in taps.enumerated() {
              let sampled = sample(Float(x) + tap.offset * dx, Float(y) + tap.offset * dy)
              sampledValue[t] = sampled.value
              sampledWeight[t] = sampled.weight
              numerator += tap.weight * sampled.value
              denominator += tap.weight * sampled.weight
            }
            var along = denominator > 1e-6 ? numerator / denominator : result[a]
            if rangeRelative > 0 && denominator > 1e-6 {
              let centre = along
              let h = max(rangeFloor, rangeRelative * abs(centre))
              let rangeScale = -0.5 / (h * h)
              numerator = 0
              denominator = 0
              for (t, tap) in taps.enumerated() where sampledWeight[t] > 1e-6 {
                let d = sampledValue[t] / sampledWeight[t] - centre
                let weight = tap.weight * expf(rangeScale * d * d)
                numerator += weight * sampledValue[t]
                denominator += weight * sampledWeight[t]
              }
              if denominator > 1e-6 { along = numerator / denominator }
            }
            result[a] = coherence * along + (1 - coherence) * result[a]
          }
        }
      }
    }
    return result
  }

  /// The smoothed structure tensor of the lightly smoothed distance map around `area`, from
  /// which ``MaskOrientation/direction(x:y:)`` gives the direction of the mask's level lines.
  private static func maskOrientation(
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
    let trace = xx[r] + yy[r]
    let determinant = xx[r] * yy[r] - xy[r] * xy[r]
    let spread = max(trace * trace / 4 - determinant, 0).squareRoot()
    let large = trace / 2 + spread
    let small = trace / 2 - spread
    // Eigenvector of the smaller eigenvalue: the direction the distance changes least.
    var ex: Float
    var ey: Float
    if abs(xy[r]) > 1e-12 {
      ex = xy[r]
      ey = small - xx[r]
    } else if xx[r] < yy[r] {
      ex = 1
      ey = 0
    } else {
      ex = 0
      ey = 1
    }
    let norm = (ex * ex + ey * ey).squareRoot()
    let ratio = large + small > 1e-12 ? (large - small) / (large + small) : 0
    return (norm > 0 ? ex / norm : 1, norm > 0 ? ey / norm : 0, ratio * ratio)
  }
}
