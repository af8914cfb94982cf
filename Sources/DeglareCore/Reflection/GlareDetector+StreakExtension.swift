// A streak goes on along its axis: extending it against its own flanks.
//
// The seeds of a streak pass only where its light stands out from the paint the way the seed
// tests measure it: a cyan streak over a dark trunk is coloured, the same streak over gold leaf
// looks whitish to the colour test and its halo stops at the trunk's painted edge. But light
// added by the glass crosses the paint's edges without following them: along the streak's axis,
// beyond where the seeds end, the band is still lighter than both of its flanks by the same
// light, whatever paint lies under it. Each streak-shaped proposed blob (not a specular core,
// not a sign) is followed along its principal axis, station by station, in both directions: at
// each station the median colour across the band (linear light) is compared with the median of
// each flank just beyond it; the station continues the streak when the band stands above the
// brighter flank by a fair part of the streak's own lift, in the streak's own colour (the lift
// measured the same way inside the blob). The band may drift a pixel across per station, so a
// slightly bent streak or an axis a few degrees off is followed; the walk ends after a band's
// width of stations that fail (a paint edge crossing the band fails for about that long), or
// at the glass. Pixels of a continuing station whose own lift over the flank reaches the
// threshold are proposed as part of the blob.

extension GlareDetector {
  /// Extends each streak-shaped blob of `codes` along its axis (see the file's comment).
  /// - Parameters:
  ///   - codes: the proposal so far (blob codes, 0 none); extended pixels take their blob's code.
  ///   - allowed: per analysis pixel, whether it lies wholly inside the glass.
  func extendStreaks(_ codes: [UInt8], evidence: Evidence, allowed: [Bool], width: Int, height: Int) -> [UInt8] {
    let c = configuration
    guard c.streakExtensionFraction > 0 else { return codes }
    let (_, members, code) = Self.proposedBlobs(codes, width: width, height: height)
    var result = codes
    let planes = evidence.linear
    for (b, pixels) in members.enumerated() {
      guard pixels.count >= 6, code[b] & (SeedKind.blown | SeedKind.sign) == 0 else { continue }
      guard let axis = Axis(pixels, width: width), axis.elongation >= c.streakElongation,
        !runsAlongGlassEdge(axis, allowed: allowed, width: width, height: height)
      else { continue }
      let halfWidth = max(3, 2 * axis.minorDeviation)
      let walker = StationSampler(
        planes: planes, allowed: allowed, width: width, height: height, axis: axis, halfWidth: halfWidth, gap: 1)
      // The streak's own lift: the per-channel median over stations inside the blob.
      var inner: [[Float]] = []
      for k in 1...7 {
        let t = axis.minAlong + (axis.maxAlong - axis.minAlong) * Double(k) / 8
        if let station = walker.station(along: t, across: 0) { inner.append(station.lift) }
      }
      guard inner.count >= 3 else { continue }
      let reference = (0..<3).map { ch in Self.percentile(inner.map { $0[ch] }, 0.5) }
      let strength = (reference[0] * reference[0] + reference[1] * reference[1] + reference[2] * reference[2])
        .squareRoot()
      guard strength >= c.streakExtensionMinLift else { continue }
      let colour = reference.map { $0 / strength }
      let threshold = max(c.streakExtensionFraction * strength, c.streakExtensionMinLift)
      let allowedMisses = max(3, Int(halfWidth.rounded()))
      let blobCode = codes[pixels[0]]
      for direction in [1.0, -1.0] {
        var t = direction > 0 ? axis.maxAlong : axis.minAlong
        var offset = 0.0
        var misses = 0
        for _ in 0..<(width + height) {
          t += direction
          var best: (along: Float, drift: Double, station: StationSampler.Station)?
          for drift in [-1.0, 0, 1] {
            guard let station = walker.station(along: t, across: offset + drift) else { continue }
            let along = zip(station.lift, colour).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            if best == nil || along > best?.along ?? 0 { best = (along, drift, station) }
          }
          guard let (along, drift, station) = best else { break }
          offset += drift
          let lift = station.lift
          let norm = (lift[0] * lift[0] + lift[1] * lift[1] + lift[2] * lift[2]).squareRoot()
          let visible = (0..<3).contains { ch in
            SRGB.encode(min(station.flank[ch] + max(along, 0) * colour[ch], 1)) - SRGB.encode(station.flank[ch])
              >= c.streakExtensionMinLevels / 255
          }
          guard along >= threshold, along >= c.streakExtensionCosine * norm, visible else {
            misses += 1
            if misses > allowedMisses { break }
            continue
          }
          misses = 0
          for j in station.band where result[j] == 0 {
            let own = (0..<3).reduce(Float(0)) { $0 + (planes[$1].values[j] - station.flank[$1]) * colour[$1] }
            if own >= threshold { result[j] = blobCode }
          }
        }
      }
    }
    return result
  }

  /// The 8-connected blobs of a proposal: their labels (0 none, blob `b` is `b + 1`), each one's
  /// pixels and the union of its codes.
  static func proposedBlobs(
    _ codes: [UInt8], width: Int, height: Int
  ) -> (components: ConnectedComponents, members: [[Int]], code: [UInt8]) {
    let components = ConnectedComponents(
      width: width, height: height, connectivity: .eight, foreground: codes.map { $0 != 0 })
    var members = [[Int]](repeating: [], count: components.count)
    var code = [UInt8](repeating: 0, count: components.count)
    for i in 0..<(width * height) where components.labels[i] != 0 {
      let b = Int(components.labels[i]) - 1
      members[b].append(i)
      code[b] |= codes[i]
    }
    return (components, members, code)
  }

  /// Whether a streak's axis is parallel to the glass's sides (within
  /// ``Configuration/frameParallelSine``) and its centroid lies within
  /// ``Configuration/frameEdgeReach`` of the glass's edge across it: a frame's lip, a mat's bevel
  /// or the shadow along them, which go on along the frame as light does along its streak.
  func runsAlongGlassEdge(_ axis: Axis, allowed: [Bool], width: Int, height: Int) -> Bool {
    let c = configuration
    guard min(abs(axis.ux), abs(axis.uy)) <= c.frameParallelSine else { return false }
    let reach = Int((c.frameEdgeReach * Double(min(width, height))).rounded())
    // Across the axis: along the image's other axis.
    let (dx, dy) = abs(axis.ux) >= abs(axis.uy) ? (0, 1) : (1, 0)
    let x = Int(axis.x.rounded())
    let y = Int(axis.y.rounded())
    for sign in [-1, 1] {
      for step in 1...max(1, reach) {
        let px = x + sign * dx * step
        let py = y + sign * dy * step
        if px < 0 || py < 0 || px >= width || py >= height || !allowed[py * width + px] { return true }
      }
    }
    return false
  }

  /// The principal axis of a set of pixels (from their second moments).
  struct Axis {
    /// The centroid.
    var x: Double
    var y: Double
    /// The unit vector along the major axis.
    var ux: Double
    var uy: Double
    /// Standard deviation across the axis (analysis pixels).
    var minorDeviation: Double
    /// Square root of the ratio of the principal second moments.
    var elongation: Double
    /// The pixels' extent along the axis, relative to the centroid.
    var minAlong: Double
    var maxAlong: Double

    /// The axis of `pixels` (indices into a plane `width` wide); nil when they are one point.
    init?(_ pixels: [Int], width: Int) {
      guard pixels.count > 1, let axes = Moments(pixels, width: width).principal else { return nil }
      x = axes.x
      y = axes.y
      ux = axes.ux
      uy = axes.uy
      minorDeviation = axes.minor.squareRoot()
      elongation = (axes.major / axes.minor).squareRoot()
      var low = Double.infinity
      var high = -Double.infinity
      for i in pixels {
        let along = (Double(i % width) - x) * ux + (Double(i / width) - y) * uy
        low = min(low, along)
        high = max(high, along)
      }
      minAlong = low
      maxAlong = high
    }
  }

  /// Samples the profile across a streak's axis at one station: the band (within `halfWidth` of
  /// the axis) and a flank on each side (from `halfWidth + gap` out to three half-widths).
  struct StationSampler {
    /// One station's measurements.
    struct Station {
      /// Per channel (linear): the band's median less the brighter flank's median.
      var lift: [Float]
      /// Per channel (linear): the larger of the two flanks' medians.
      var flank: [Float]
      /// The band's pixels.
      var band: [Int]
    }

    let planes: [Plane<Float>]
    let allowed: [Bool]
    let width: Int
    let height: Int
    let axis: Axis
    let halfWidth: Double
    let gap: Double

    /// The station `along` pixels from the centroid along the axis, shifted `across` pixels;
    /// nil when any of its samples falls outside the glass.
    func station(along: Double, across: Double) -> Station? {
      let cx = axis.x + along * axis.ux - across * axis.uy
      let cy = axis.y + along * axis.uy + across * axis.ux
      let reach = Int((3 * halfWidth + gap).rounded())
      var band: [Int] = []
      var left: [[Float]] = [[], [], []]
      var right: [[Float]] = [[], [], []]
      var centre: [[Float]] = [[], [], []]
      for o in -reach...reach {
        let offset = Double(o)
        let px = Int((cx - offset * axis.uy).rounded())
        let py = Int((cy + offset * axis.ux).rounded())
        guard px >= 0, py >= 0, px < width, py < height, allowed[py * width + px] else { return nil }
        let j = py * width + px
        if abs(offset) <= halfWidth {
          band.append(j)
          for ch in 0..<3 { centre[ch].append(planes[ch].values[j]) }
        } else if offset < -halfWidth - gap {
          for ch in 0..<3 { left[ch].append(planes[ch].values[j]) }
        } else if offset > halfWidth + gap {
          for ch in 0..<3 { right[ch].append(planes[ch].values[j]) }
        }
      }
      guard !band.isEmpty, !left[0].isEmpty, !right[0].isEmpty else { return nil }
      let median = { (values: [[Float]]) in values.map { GlareDetector.percentile($0, 0.5) } }
      let middle = median(centre)
      let a = median(left)
      let b = median(right)
      // The band must stand above both flanks: the per-channel larger of the two.
      let flank = (0..<3).map { max(a[$0], b[$0]) }
      return Station(lift: (0..<3).map { middle[$0] - flank[$0] }, flank: flank, band: band)
    }
  }
}
