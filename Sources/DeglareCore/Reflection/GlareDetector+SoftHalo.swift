// The soft halo of an accepted blob: what a user paints over.
//
// The seeds and their half-level regions are the bright middle of a reflection; the light goes on
// beyond them, fading into the paint, and a user's brush follows it out to where it can no longer
// be seen. Each accepted blob grows, breadth-first and a bounded distance, through the pixels its
// own light still lifts: white blobs through luma elevation above the opening, coloured ones
// through the excess over the median background along the blob's own excess colour. It stops
// where that lift falls below a fraction of the blob's amplitude, where it rises again (brighter
// paint beyond the halo, not the light fading), and at paint edges (a step in the lift, sharper
// than light spreading on glass). Only specular cores and streak-shaped blobs grow: the false
// blobs the detector still accepts sit on pale paint, are neither, and their "halo" is more paint.
// A streak of coloured light over near-black paint outshines the paint and passes the sign tests;
// it grows like any streak (a lit sign's reflection is compact, and does not).

extension GlareDetector {
  /// Grows each blob of `accepted` into its soft halo (see the file's comment) and marks the
  /// reached pixels with the blob's code.
  /// - Parameters:
  ///   - codes: the codes already proposed (nonzero pixels are kept as they are).
  ///   - allowed: per analysis pixel, whether it lies wholly inside the glass.
  func growSoftHalos(
    _ accepted: [AcceptedBlob], into codes: [UInt8], evidence: Evidence, allowed: [Bool], width: Int, height: Int
  ) -> [UInt8] {
    let c = configuration
    let shorter = min(width, height)
    let radius = Int((c.softHaloRadiusFraction * Double(shorter)).rounded())
    guard !accepted.isEmpty, radius > 0 else { return codes }
    var result = codes
    var stamps = [Int32](repeating: 0, count: width * height)
    var lumaSteps: Plane<Float>?
    var colourSteps: Plane<Float>?
    // Only specular cores and streak-shaped blobs grow: a round or ragged blob of pale light may
    // be pale paint the background misjudged, and its "halo" would be more of that paint; a
    // compact sign's glow was measured by the sign test, and what lies beyond it is paint.
    for (n, blob) in accepted.enumerated() {
      guard blob.code & SeedKind.blown != 0 || isElongated(Moments(blob.pixels, width: width)) else { continue }
      let stamp = Int32(n + 1)
      let coloured = blob.code & SeedKind.coloured != 0
      let lift: (Int) -> Float
      let steps: Plane<Float>
      let floor: Float
      if coloured {
        if colourSteps == nil {
          colourSteps = Self.gradientMagnitude(
            Plane(width: width, height: height, values: evidence.colourExcess))
        }
        steps = colourSteps ?? Plane(width: width, height: height, repeating: 0)
        lift = Self.liftAlongExcess(
          of: blob.pixels, evidence: evidence, maxAngleCosine: c.softHaloMinCosine,
          minLevels: c.softHaloMinElevation)
        floor = c.softHaloMinExcess
      } else {
        if lumaSteps == nil {
          lumaSteps = Self.gradientMagnitude(Plane(width: width, height: height, values: evidence.elevation))
        }
        steps = lumaSteps ?? Plane(width: width, height: height, repeating: 0)
        let elevation = evidence.elevation
        lift = { elevation[$0] }
        floor = c.softHaloMinElevation
      }
      let threshold = max(c.softHaloFraction * blob.amplitude, floor)
      let rise = c.softHaloRise * blob.amplitude
      let maxStep = c.softHaloMaxStep * blob.amplitude
      var frontier: [(index: Int, lift: Float)] = []
      for i in blob.pixels where stamps[i] != stamp {
        stamps[i] = stamp
        frontier.append((i, lift(i)))
      }
      var reached: [Int] = []
      var widest = 0
      var step = 0
      while !frontier.isEmpty && step < radius {
        var next: [(index: Int, lift: Float)] = []
        for (i, from) in frontier {
          Neighbours.eight(of: i, width: width, height: height) { j in
            guard stamps[j] != stamp, allowed[j] else { return }
            let value = lift(j)
            guard value >= threshold, value <= from + rise, steps.values[j] <= maxStep else { return }
            stamps[j] = stamp
            reached.append(j)
            next.append((j, value))
          }
        }
        widest = max(widest, next.count)
        frontier = next
        step += 1
      }
      // Light ends: a halo still spreading as wide as it ever did when the radius runs out is
      // paint its background estimate misjudged (a pale passage of lilies, sky), not glare.
      if Float(frontier.count) > c.softHaloMaxOpen * Float(widest) { continue }
      for j in reached where result[j] == 0 { result[j] = blob.code }
    }
    return result
  }

  /// The lift of a coloured blob's light at a pixel: its excess over the median background
  /// projected on the blob's excess colour (the unit vector of the blob's median per-channel
  /// excess), linear light; 0 where the excess points more than `maxAngleCosine` away from it
  /// (other paint, not this light) or where no channel's encoded value rises `minLevels` 8-bit
  /// levels above the background's (light too faint to see on that paint).
  static func liftAlongExcess(
    of pixels: [Int], evidence: Evidence, maxAngleCosine: Float, minLevels: Float
  ) -> (Int) -> Float {
    let linear = evidence.linear
    let background = evidence.background
    let median = (0..<3).map { c in
      percentile(pixels.map { linear[c].values[$0] - background[c].values[$0] }, 0.5)
    }
    let norm = max((median[0] * median[0] + median[1] * median[1] + median[2] * median[2]).squareRoot(), 1e-6)
    let u = median.map { $0 / norm }
    return { j in
      let d0 = linear[0].values[j] - background[0].values[j]
      let d1 = linear[1].values[j] - background[1].values[j]
      let d2 = linear[2].values[j] - background[2].values[j]
      let along = d0 * u[0] + d1 * u[1] + d2 * u[2]
      let length = (d0 * d0 + d1 * d1 + d2 * d2).squareRoot()
      guard along > 0, along >= maxAngleCosine * length else { return 0 }
      let visible = (0..<3).contains { c in
        SRGB.encode(linear[c].values[j]) - SRGB.encode(background[c].values[j]) >= minLevels / 255
      }
      return visible ? along : 0
    }
  }
}
