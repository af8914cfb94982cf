import Foundation

/// A work area seen in blocks of `factor` x `factor` pixels (factor 1: the pixels themselves).
/// Planes are block means in linear light (glare is additive there, so the mean of a block's
/// glare is the glare of its mean); a block is inside the mask, or clipped, when any of its
/// pixels is. Work pixel (bx, by) covers area pixels bx * factor ..< (bx + 1) * factor.
struct WorkScale {
  /// The work area, in the image's coordinates.
  let area: PixelRect
  /// Full-resolution pixels per work pixel along each axis.
  let factor: Int

  /// Width in work pixels.
  var width: Int { (area.width + factor - 1) / factor }
  /// Height in work pixels.
  var height: Int { (area.height + factor - 1) / factor }

  /// The area's colour planes at the work scale.
  func planes(of image: ImageBuffer, linear: Bool) -> ColorPlanes {
    if factor == 1 { return ColorPlanes(image, rect: area, linear: linear) }
    let channels = image.layout.colorChannelCount
    var planes = ColorPlanes(width: width, height: height, channels: channels)
    var counts = [Float](repeating: 0, count: width * height)
    let table = SRGB.decodeTable(depth: image.bitDepth, linear: linear)
    for y in 0..<area.height {
      let row = (y / factor) * width
      for x in 0..<area.width {
        let b = row + x / factor
        counts[b] += 1
        for k in 0..<channels { planes.planes[k][b] += table[image.sample(x: area.x + x, y: area.y + y, channel: k)] }
      }
    }
    for k in 0..<channels {
      for b in 0..<counts.count { planes.planes[k][b] /= max(counts[b], 1) }
    }
    return planes
  }

  /// Whether each work pixel holds an inside pixel of `inside` (row-major over the area).
  func inside(_ inside: [Bool]) -> [Bool] {
    if factor == 1 { return inside }
    var result = [Bool](repeating: false, count: width * height)
    for y in 0..<area.height {
      for x in 0..<area.width where inside[y * area.width + x] { result[(y / factor) * width + x / factor] = true }
    }
    return result
  }

  /// For each colour channel, the work pixels where that channel is clipped (a sample at or
  /// above `clipLevel`), grown by `clipGrowth` full-resolution pixels.
  func clippedChannels(of image: ImageBuffer, configuration: LocalInpainter.Configuration) -> [[Bool]] {
    let limit = Int((configuration.clipLevel * Double(image.bitDepth.maxValue)).rounded(.up))
    let growth = (Double(configuration.clipGrowth) / Double(factor)).rounded(.up)
    return (0..<image.layout.colorChannelCount).map { k in
      var clipped = [Bool](repeating: false, count: width * height)
      for y in 0..<area.height {
        for x in 0..<area.width where image.sample(x: area.x + x, y: area.y + y, channel: k) >= limit {
          clipped[(y / factor) * width + x / factor] = true
        }
      }
      guard growth > 0 && clipped.contains(true) else { return clipped }
      let distance = DistanceTransform.distance(to: clipped, width: width, height: height)
      return distance.map { $0 <= Float(growth) }
    }
  }

  /// What the full-resolution write did, per area pixel.
  struct Outcome {
    /// 0 unchanged, 1 glare subtracted, 2 filled (membrane), 3 to be synthesised.
    var state: [UInt8]
    /// The glare amount (Euclidean over the planes, linear light) subtracted at each mask pixel
    /// of the area, in row-major order (one entry per mask pixel, not per area pixel: the
    /// area of a large mask can be millions of pixels, most of them outside it).
    var peaks: [Float]
    /// The pixels left to ``ExemplarFill`` (state 3), per area pixel; empty when no glare was
    /// found.
    var fill: [Bool]
  }

  /// Writes the estimate into `result` at the mask pixels of the area: the observed colour less
  /// the glare (read at full resolution, the glare interpolated bilinearly between block
  /// centres, and only the share ``glareShare(glare:observed:filled:)`` of it where it exceeds
  /// the observed light), clipped channels from the membrane fill (not below the sample less the
  /// glare where the other channels measured it). Pixels of large unexplained clipped parts are
  /// left for ``ExemplarFill`` and marked in the outcome; pixels off the support are not written.
  func write(
    _ estimate: Work.Estimate, image: ImageBuffer, into result: inout ImageBuffer, inside: [Bool],
    configuration: LocalInpainter.Configuration
  ) -> Outcome {
    let channels = image.layout.colorChannelCount
    let count = area.area
    var outcome = Outcome(
      state: [UInt8](repeating: 0, count: count),
      peaks: [Float](repeating: 0, count: inside.reduce(0) { $0 + ($1 ? 1 : 0) }),
      fill: [])
    guard !estimate.glare.isEmpty else { return outcome }
    let linear = configuration.linearLight
    let table = SRGB.decodeTable(depth: image.bitDepth, linear: linear)
    let maxValue = Float(image.bitDepth.maxValue)
    // Large unexplained clipped parts are synthesised from patches; small ones take the membrane.
    outcome.fill = synthesised(estimate, inside: inside, configuration: configuration)
    var values = [Float](repeating: 0, count: channels)
    var glare = [Float](repeating: 0, count: channels)
    var observed = [Float](repeating: 0, count: channels)
    let which = estimate.channelFilled
    var ordinal = 0
    for y in 0..<area.height {
      let v = (Float(y) + 0.5) / Float(factor) - 0.5
      for x in 0..<area.width where inside[y * area.width + x] {
        let p = y * area.width + x
        let b = (y / factor) * width + x / factor
        ordinal += 1
        guard estimate.support[b] else { continue }
        let u = (Float(x) + 0.5) / Float(factor) - 0.5
        for k in 0..<channels {
          glare[k] = sample(estimate.glare[k], u, v)
          observed[k] = table[image.sample(x: area.x + x, y: area.y + y, channel: k)]
        }
        let share = Self.glareShare(glare: glare, observed: observed) { k in which?[k][b] ?? false }
        var norm: Float = 0
        for k in 0..<channels {
          let g = glare[k] * share
          norm += g * g
          values[k] = max(observed[k] - g, 0)
        }
        if let filled = estimate.filled, let which {
          // A clipped sample is at most the paint plus the glare, so the paint is at least the
          // sample less the glare, when the pixel's other channels measured that glare. The
          // membrane, continued from the duller paint around, can fall below it (a pink speck
          // where a pale paint's green clipped under a green veil). Where the paint is gone
          // (`fillAll`) the samples are the reflection's and bound nothing.
          let bounded = !estimate.fillAll[b] && Self.measuresGlare(glare) { k in which[k][b] }
          for k in 0..<channels where which[k][b] {
            let fill = sample(filled[k], u, v)
            values[k] = bounded ? max(fill, values[k]) : fill
          }
        }
        outcome.peaks[ordinal - 1] = norm.squareRoot()
        outcome.state[p] = estimate.fillAll[b] ? (outcome.fill[p] ? 3 : 2) : 1
        if outcome.fill[p] { continue }
        for k in 0..<channels {
          let encoded = linear ? SRGB.encode(values[k]) : values[k]
          result.setSample(
            x: area.x + x, y: area.y + y, channel: k, Int(min(max(encoded * maxValue + 0.5, 0), maxValue)))
        }
      }
    }
    return outcome
  }

  /// The share of the estimated glare a pixel takes: 1 where the estimate fits under the observed
  /// light in every channel, else the square of the reciprocal of the largest ratio of the two.
  ///
  /// Glare is light added to the paint, so in no channel can it exceed the light observed. Where
  /// the estimate does, it is wrong at that pixel (a prediction of the paint too dark: a generous
  /// mask whose edge lies in a frame's shadow), the more so the further it exceeds; subtracted
  /// whole, it would empty that channel (the shadow turned pure red under a green streak's
  /// estimate). With the square, the emptied channel comes back continuously as the excess
  /// grows. Channels `filled(k)` (clipped, taken from the membrane) have no observed light to
  /// compare. Measured on `Benchmarks/local_eval.sh` (auto, tuning / held-out part): tight
  /// masks 26.90 -> 27.15 / 29.70 -> 29.81 dB, grown 24.91 -> 25.09 / 27.09 -> 27.18, their
  /// ring 39.20 -> 39.94 / 44.03 -> 44.52, glare-free paint 2.79 -> 2.73 / 1.82 -> 1.79 levels,
  /// signs 24.61 -> 24.69 / 24.45 -> 24.42; the real photos' glare-free paint 1.37 -> 1.35 (half
  /// size) and 1.09 -> 1.07 (full). The share to the first power (the estimate cut to the
  /// observed light) gained about half as much, the fourth power the same within 0.2 dB.
  static func glareShare(glare: [Float], observed: [Float], filled: (Int) -> Bool) -> Float {
    var excess: Float = 1
    for k in 0..<glare.count where glare[k] > 0 && !filled(k) {
      excess = max(excess, glare[k] / max(observed[k], .leastNormalMagnitude))
    }
    return 1 / (excess * excess)
  }

  /// Whether the channels not `filled(k)` carry enough of the glare's colour to have measured
  /// its amount at the pixel themselves (``GlareSubtraction/minimumCarried``, as for a vote).
  /// Elsewhere the glare under a clipped channel was only continued from around, and can be well
  /// short of the truth: a strong green streak's clipped core, whose sides are softer.
  ///
  /// Measured on `Benchmarks/local_eval.sh` (auto, tuning / held-out part), the bound where the
  /// glare was measured: tight masks 27.15 -> 27.26 / 29.81 -> 29.90 dB, grown 25.09 -> 25.14 /
  /// 27.18 -> 27.20, glare-free paint 2.73 -> 2.71 / 1.79 -> 1.79 levels, signs 24.69 -> 24.67 /
  /// 24.42 -> 24.36; the real photos' glare-free paint 1.35 -> 1.32 and 1.07 -> 1.05 (full
  /// size). On IMG_7690's pale paint under the green streak, the clipped pixels' green to red
  /// goes from 0.917 to 0.954, that of the bright unclipped paint beside them being 0.946. The
  /// bound everywhere gains as much but breaks the streak's core (`PaintWhitesTests`).
  static func measuresGlare(_ glare: [Float], filled: (Int) -> Bool) -> Bool {
    var carried: Float = 0
    var total: Float = 0
    for k in 0..<glare.count {
      total += glare[k] * glare[k]
      if !filled(k) { carried += glare[k] * glare[k] }
    }
    return total > 0 && carried >= GlareSubtraction.minimumCarried * total
  }

  /// Bilinear sample of a work-scale plane at work coordinates (u, v) (pixel centres at integers),
  /// clamped to the plane; exact at factor 1.
  func sample(_ plane: [Float], _ u: Float, _ v: Float) -> Float {
    if factor == 1 { return plane[Int(v + 0.5) * width + Int(u + 0.5)] }
    let cu = min(max(u, 0), Float(width - 1))
    let cv = min(max(v, 0), Float(height - 1))
    let x0 = Int(cu)
    let y0 = Int(cv)
    let x1 = min(x0 + 1, width - 1)
    let y1 = min(y0 + 1, height - 1)
    let fx = cu - Float(x0)
    let fy = cv - Float(y0)
    let top = plane[y0 * width + x0] * (1 - fx) + plane[y0 * width + x1] * fx
    let bottom = plane[y1 * width + x0] * (1 - fx) + plane[y1 * width + x1] * fx
    return top * (1 - fy) + bottom * fy
  }
}
