import Foundation

/// A geometry and a luma gain and offset (`crop ≈ gain * patch + offset`) being estimated.
struct RegistrationEstimate {
  var geometry: PatchGeometry
  var gain: Double
  var offset: Double
}

extension PatchRegistration {
  /// The starting points for Gauss-Newton: every hypothesis (the answer's aspect readings times
  /// the configured uniform scales) at every whole-pixel shift of the coarsest level within the
  /// search range, scored two ways, and the best few distinct ones of each, best first:
  /// zero-mean normalised cross-correlation (blind to gain and offset, but fooled when the model
  /// repainted part of the surroundings), and a truncated squared difference after the median
  /// offset (blind to outliers, but not to a gain).
  static func coarseCandidates(
    level: RegistrationLevel, samples: [RegistrationSample], cropSize: PixelSize, aspectChange: Double,
    configuration: Configuration, keep: Int = 3
  ) -> [RegistrationEstimate] {
    var scales: [(Double, Double)] = []
    // The answer resized to the crop is stretched when the model kept the content's aspect: it
    // then fills the answer's width (x unchanged, y squeezed) or its height.
    var aspects = [(1.0, 1.0)]
    if abs(log(aspectChange)) > 1e-3 { aspects += [(1, aspectChange), (1 / aspectChange, 1)] }
    for (ax, ay) in aspects {
      for s in configuration.searchScales { scales.append((ax * s, ay * s)) }
    }
    let range = max(1, Int((configuration.searchRange * Double(max(level.width, level.height))).rounded(.up)))
    let centre = level.centre(of: cropSize)
    let f = Double(level.factor)
    typealias Scored = (score: Double, estimate: RegistrationEstimate, dx: Int, dy: Int, hypothesis: Int)
    var byCorrelation: [Scored] = []
    var byDifference: [Scored] = []
    var values = [Float](repeating: 0, count: samples.count)
    level.patch.withUnsafeBufferPointer { patch in
      for (hypothesis, (sx, sy)) in scales.enumerated() {
        for dy in -range...range {
          for dx in -range...range {
            let geometry = PatchGeometry(scaleX: sx, scaleY: sy, shiftX: Double(dx) * f, shiftY: Double(dy) * f)
            guard
              let (ncc, gain, offset) = correlation(
                patch, level: level, samples: samples, geometry: geometry, centre: centre, values: &values)
            else { continue }
            byCorrelation.append(
              (ncc, RegistrationEstimate(geometry: geometry, gain: gain, offset: offset), dx, dy, hypothesis))
            let (cost, shift) = truncatedDifference(values, samples: samples, limit: configuration.inlierLevel)
            byDifference.append(
              (-cost, RegistrationEstimate(geometry: geometry, gain: 1, offset: shift), dx, dy, hypothesis))
          }
        }
      }
    }
    var chosen: [(dx: Int, dy: Int, hypothesis: Int)] = []
    var result: [RegistrationEstimate] = []
    for list in [byCorrelation, byDifference] {
      var taken = 0
      for entry in list.sorted(by: { $0.score > $1.score }) where taken < keep {
        let distinct = chosen.allSatisfy {
          $0.hypothesis != entry.hypothesis || abs($0.dx - entry.dx) > 2 || abs($0.dy - entry.dy) > 2
        }
        guard distinct else { continue }
        chosen.append((entry.dx, entry.dy, entry.hypothesis))
        result.append(entry.estimate)
        taken += 1
      }
    }
    return result
  }

  /// The mean of `min((J - I - m)^2, (3 limit)^2)` over the samples that landed inside the patch
  /// (`values` holds I, NaN outside), with `m` the median of `J - I`; and `m`.
  static func truncatedDifference(_ values: [Float], samples: [RegistrationSample], limit: Double) -> (Double, Double) {
    var differences: [Float] = []
    differences.reserveCapacity(samples.count)
    for (k, sample) in samples.enumerated() where !values[k].isNaN { differences.append(sample.value - values[k]) }
    guard !differences.isEmpty else { return (.infinity, 0) }
    differences.sort()
    let median = Double(differences[differences.count / 2])
    let cap = 9 * limit * limit
    var sum = 0.0
    for d in differences {
      let r = Double(d) - median
      sum += min(r * r, cap)
    }
    return (sum / Double(differences.count), median)
  }

  /// Zero-mean NCC between the crop samples and the patch read through `geometry` (bilinear),
  /// with the least-squares gain and offset; nil when fewer than a quarter of the samples land
  /// inside the patch (a larger answer pushes much of a thin ring out of its frame) or either side
  /// is flat. `values` receives the patch values read (NaN outside).
  static func correlation(
    _ patch: UnsafeBufferPointer<Float>, level: RegistrationLevel, samples: [RegistrationSample],
    geometry: PatchGeometry, centre: Point, values: inout [Float]
  ) -> (ncc: Double, gain: Double, offset: Double)? {
    let f = Float(level.factor)
    let sx = Float(geometry.scaleX)
    let sy = Float(geometry.scaleY)
    let tx = Float(centre.x) + Float(geometry.shiftX) / f
    let ty = Float(centre.y) + Float(geometry.shiftY) / f
    let cx = Float(centre.x)
    let cy = Float(centre.y)
    var n = 0
    var sumJ: Double = 0
    var sumI: Double = 0
    var sumJJ: Double = 0
    var sumII: Double = 0
    var sumJI: Double = 0
    for (k, sample) in samples.enumerated() {
      let qx = tx + sx * (sample.x - cx)
      let qy = ty + sy * (sample.y - cy)
      guard PlaneSampler.bilinearFits(qx, qy, width: level.width, height: level.height) else {
        values[k] = .nan
        continue
      }
      let value = PlaneSampler.bilinear(patch, width: level.width, height: level.height, qx, qy)
      values[k] = value
      let i = Double(value)
      let j = Double(sample.value)
      n += 1
      sumJ += j
      sumI += i
      sumJJ += j * j
      sumII += i * i
      sumJI += j * i
    }
    guard n * 4 >= samples.count, n > 8 else { return nil }
    let count = Double(n)
    let varJ = sumJJ - sumJ * sumJ / count
    let varI = sumII - sumI * sumI / count
    let cov = sumJI - sumJ * sumI / count
    guard varJ > 1e-6 * count, varI > 1e-6 * count else { return nil }
    let gain = cov / varI
    return (cov / (varJ * varI).squareRoot(), gain, (sumJ - gain * sumI) / count)
  }
}
