import Foundation

// Gauss-Newton on one pyramid level, with Tukey's biweight re-computed every iteration
// (iteratively reweighted least squares). The model, per usable crop pixel p of the level:
//
//   r(p) = gain * I(q) + offset - J(p),   q = c + t / f + S (p - c)
//
// with I the patch's luma read bicubically, J the crop's luma, c the crop's centre at this level,
// f the level's factor, S = diag(scaleX, scaleY) and t the shift in level-0 pixels. The six
// unknowns are (scaleX, scaleY, tx, ty, gain, offset); the Jacobian uses the patch's central
// differences read bilinearly. The normal equations are solved after scaling every unknown to
// unit diagonal (Jacobi), so shifts in pixels and scales near 1 are equally well conditioned.

extension PatchRegistration {
  /// The outcome of refining on one level.
  struct Refinement {
    /// The refined estimate.
    var estimate: RegistrationEstimate
    /// Mean of `min(r^2, inlierLevel^2)` over the samples that land inside the patch: how well
    /// the patch agrees where it can be compared, comparable between starting points. (A sample
    /// that leaves the patch is not counted against it: an answer whose content is larger than
    /// the crop pushes the crop's outer ring, often most of the surroundings, out of its frame;
    /// counting those as outliers made the right, larger scale lose to a wrong, smaller one.
    /// ``refine(_:level:samples:gradients:cropSize:nominalScale:configuration:)`` still requires
    /// a quarter of the samples inside.)
    var cost: Double
  }

  /// Refines `start` on `level`; nil when it runs away (a scale or gain out of range, under a
  /// quarter of the samples left inside the patch, or a singular system). A quarter, not half:
  /// content 10 % larger than the crop leaves only about a third of a 12 % padding's ring inside
  /// the answer's frame.
  static func refine(
    _ start: RegistrationEstimate, level: RegistrationLevel, samples: [RegistrationSample],
    gradients: (x: [Float], y: [Float]), cropSize: PixelSize, nominalScale: (Double, Double),
    configuration: Configuration
  ) -> Refinement? {
    var estimate = start
    let centre = level.centre(of: cropSize)
    let f = Double(level.factor)
    let count = samples.count
    var predicted = [Float](repeating: 0, count: count)
    var slopeX = [Float](repeating: 0, count: count)
    var slopeY = [Float](repeating: 0, count: count)
    var residuals = [Float](repeating: .nan, count: count)
    var cost = Double.infinity
    for _ in 0..<max(1, configuration.iterations) {
      let geometry = estimate.geometry
      let a = Float(estimate.gain)
      let b = Float(estimate.offset)
      var inside = 0
      var truncated: Double = 0
      let limit = configuration.inlierLevel * configuration.inlierLevel
      level.patch.withUnsafeBufferPointer { patch in
        gradients.x.withUnsafeBufferPointer { gx in
          gradients.y.withUnsafeBufferPointer { gy in
            let sx = Float(geometry.scaleX)
            let sy = Float(geometry.scaleY)
            let ox = Float(centre.x + geometry.shiftX / f)
            let oy = Float(centre.y + geometry.shiftY / f)
            let cx = Float(centre.x)
            let cy = Float(centre.y)
            for (k, sample) in samples.enumerated() {
              let qx = ox + sx * (sample.x - cx)
              let qy = oy + sy * (sample.y - cy)
              guard PlaneSampler.bicubicFits(qx, qy, width: level.width, height: level.height) else {
                residuals[k] = .nan
                continue
              }
              let value = PlaneSampler.bicubic(patch, width: level.width, qx, qy)
              predicted[k] = value
              slopeX[k] = PlaneSampler.bilinear(gx, width: level.width, height: level.height, qx, qy)
              slopeY[k] = PlaneSampler.bilinear(gy, width: level.width, height: level.height, qx, qy)
              let r = a * value + b - sample.value
              residuals[k] = r
              inside += 1
              truncated += min(Double(r * r), limit)
            }
          }
        }
      }
      guard inside * 4 >= count, inside >= 16 else { return nil }
      cost = truncated / Double(inside)
      let sigma = max(configuration.minimumSigma, 1.4826 * medianMagnitude(residuals))
      let cutoff = Float(configuration.tukeyCutoff * sigma)
      var normal = [Double](repeating: 0, count: 36)
      var rhs = [Double](repeating: 0, count: 6)
      for (k, sample) in samples.enumerated() {
        let r = residuals[k]
        guard !r.isNaN, abs(r) < cutoff else { continue }
        let u = r / cutoff
        let w = Double((1 - u * u) * (1 - u * u))
        let dx = Double(sample.x) - centre.x
        let dy = Double(sample.y) - centre.y
        let gxv = Double(a * slopeX[k])
        let gyv = Double(a * slopeY[k])
        let jacobian = SIMD8<Double>(gxv * dx, gyv * dy, gxv / f, gyv / f, Double(predicted[k]), 1, 0, 0)
        for i in 0..<6 {
          let wi = w * jacobian[i]
          rhs[i] += wi * Double(r)
          for j in i..<6 { normal[i * 6 + j] += wi * jacobian[j] }
        }
      }
      guard let step = solveSymmetric(normal, rhs) else { return nil }
      estimate.geometry.scaleX -= step[0]
      estimate.geometry.scaleY -= step[1]
      estimate.geometry.shiftX -= step[2]
      estimate.geometry.shiftY -= step[3]
      estimate.gain -= step[4]
      estimate.offset -= step[5]
      guard plausible(estimate, nominalScale: nominalScale, cropSize: cropSize, configuration: configuration) else {
        return nil
      }
      // Converged when no crop pixel moves by more than a hundredth of a level pixel.
      let reach = Double(max(cropSize.width, cropSize.height)) / 2
      let movement = max(abs(step[0]), abs(step[1])) * reach + max(abs(step[2]), abs(step[3]))
      if movement < 0.01 * f { break }
    }
    return Refinement(estimate: estimate, cost: cost)
  }

  /// Whether the estimate is in the range a model's answer can plausibly have.
  static func plausible(
    _ estimate: RegistrationEstimate, nominalScale: (Double, Double), cropSize: PixelSize,
    configuration: Configuration
  ) -> Bool {
    let g = estimate.geometry
    let limit = configuration.maximumScale
    let scales = [g.scaleX / nominalScale.0, g.scaleY / nominalScale.1]
    guard scales.allSatisfy({ $0.isFinite && $0 > 1 / limit && $0 < limit }) else { return false }
    guard abs(g.shiftX) < Double(cropSize.width) / 2, abs(g.shiftY) < Double(cropSize.height) / 2 else { return false }
    return estimate.gain.isFinite && estimate.gain > 0.25 && estimate.gain < 4 && estimate.offset.isFinite
  }

  /// The median of `|r|` over the non-NaN values, from a histogram of 1/32-level bins up to 256
  /// levels (larger values fall in the last bin).
  static func medianMagnitude(_ values: [Float]) -> Double {
    let bins = 256 * 32
    var histogram = [Int](repeating: 0, count: bins + 1)
    var total = 0
    for value in values where !value.isNaN {
      histogram[min(bins, Int(abs(value) * 32))] += 1
      total += 1
    }
    guard total > 0 else { return 0 }
    var seen = 0
    for (bin, n) in histogram.enumerated() {
      seen += n
      if seen * 2 >= total { return (Double(bin) + 0.5) / 32 }
    }
    return 256
  }

  /// Solves `A x = b` for the symmetric 6 x 6 `A` given by its upper triangle (row-major),
  /// scaled to unit diagonal first; nil when singular.
  static func solveSymmetric(_ upper: [Double], _ b: [Double]) -> [Double]? {
    let n = b.count
    var scale = [Double](repeating: 1, count: n)
    for i in 0..<n {
      let d = upper[i * n + i]
      guard d > 0, d.isFinite else { return nil }
      scale[i] = 1 / d.squareRoot()
    }
    var rows = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
    for i in 0..<n {
      for j in 0..<n {
        let value = i <= j ? upper[i * n + j] : upper[j * n + i]
        rows[i][j] = value * scale[i] * scale[j] * (i == j ? 1 + 1e-9 : 1)
      }
      rows[i][n] = b[i] * scale[i]
    }
    guard let y = Homography.solve(rows) else { return nil }
    return (0..<n).map { y[$0] * scale[$0] }
  }
}
