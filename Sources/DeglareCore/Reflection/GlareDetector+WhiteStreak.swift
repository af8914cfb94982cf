import Foundation

// Soft white streaks and windows: a narrow band of near-neutral added light.
//
// A lamp or a window reflected in the glass lays a soft band of white light over the paint. Over
// gold leaf, paper or a photograph the paint shows through it, so the band is neither
// unsaturated nor many times brighter than the paint: no seed test sees it, and the skylight
// pass's grid is too coarse for a band a few cells wide. What gives it away is that its light is
// *added*: in linear light the band stands above both of its flanks by about the same amount in
// every channel (white), all along a straight run much longer than it is wide; and the paint's
// texture goes on under it unchanged (added light keeps the paint's linear texture, while a pale
// painted stripe or real sunlight on a wall multiplies it).
//
// On a grid of cell means at about half the analysis resolution (linear light), the grid is
// scanned along lines at every `whiteStreakAngleStep` degrees, the axis-parallel ones skipped (a
// mat's edge and bevel, a frame's lip run parallel to the glass's sides). On each line and for a
// few band widths, a station is lifted when the band's mean colour stands above the brighter of
// its two flanks (box means, one gap apart, pointwise) by a near-neutral lift of some strength.
// A run of lifted stations at least `whiteStreakElongation` band widths long is measured as a
// whole: its median lift must be neutral and not many times the paint's, the band's texture
// (second differences of the encoded luma at analysis resolution) not much above that of the
// calmer flank, the paint beside it neither pale (a white band beside pale paint is a white
// object, and glare barely shows there) nor grey (greyscale photographs behind glass have white
// bands of their own), and its band must not hold glare another pass proposed (that glare's pass
// followed it as far as it found it). The cells of the band whose own lift is the run's white
// light and visible are proposed.

extension GlareDetector {
  /// Proposes soft white streaks (see the file's comment) where nothing is proposed yet.
  /// - Parameters:
  ///   - codes: the proposal so far (blob codes, 0 none); streak pixels get the white code.
  ///   - allowed: per analysis pixel, whether it lies wholly inside the glass.
  func markWhiteStreaks(_ codes: [UInt8], evidence: Evidence, allowed: [Bool], width: Int, height: Int) -> [UInt8] {
    let c = configuration
    guard c.whiteStreakGridSide > 0, c.whiteStreakAngleStep > 0, !c.whiteStreakBandFractions.isEmpty else {
      return codes
    }
    let k = max(1, (max(width, height) + c.whiteStreakGridSide - 1) / c.whiteStreakGridSide)
    let gw = width / k
    let gh = height / k
    guard gw >= 32, gh >= 32 else { return codes }
    let grid = SkylightGrid(planes: evidence.linear, allowed: allowed, width: width, k: k, gw: gw, gh: gh)
    let texture = Self.textureGrid(grid, luma: evidence.luma, k: k)
    // Grid cells holding a pixel another pass proposed: a run lying over them is that glare's,
    // already followed as far as its own pass found it.
    let proposed = {
      var proposed = [Bool](repeating: false, count: gw * gh)
      for y in 0..<(gh * k) {
        for x in 0..<(gw * k) where codes[y * width + x] != 0 { proposed[(y / k) * gw + x / k] = true }
      }
      return proposed
    }()
    let shorter = Double(min(gw, gh))
    let minRun = max(6, Int((c.whiteStreakMinRun * Double(max(gw, gh))).rounded(.up)))
    let reach = Int((Double(gw * gw + gh * gh).squareRoot() / 2).rounded(.up)) + 1
    let angles = stride(from: 0, to: 180, by: c.whiteStreakAngleStep).filter { $0 % 90 != 0 }
    let marked = Self.markedAlong(angles, grid: grid, reach: reach) { line, degrees, marked in
      scanWhiteLines(
        &line, degrees: degrees, texture: texture, proposed: proposed, shorter: shorter, minRun: minRun, into: &marked)
    }
    return Self.marking(marked, into: codes, code: SeedKind.white, allowed: allowed, width: width, k: k, gw: gw)
  }

  /// Scans the white-streak pass's lines at one angle (see the file's comment) and marks the
  /// cells of the runs it accepts.
  private func scanWhiteLines(
    _ line: inout SkylightLines, degrees: Int, texture: [Float], proposed: [Bool], shorter: Double, minRun: Int,
    into marked: inout [Bool]
  ) {
    let c = configuration
    let n = line.n
    let theta = Double(degrees) * .pi / 180
    line.resample(cos: cos(theta), sin: sin(theta))
    for fraction in c.whiteStreakBandFractions {
      let h = max(1, Int((fraction * shorter).rounded()))
      let layout = BandLayout(h: h)
      let span = layout.span
      guard n > 2 * span + 1 else { continue }
      let runLength = max(minRun, Int((c.whiteStreakElongation * Double(2 * h + 1)).rounded(.up)))
      var lift = [SIMD3<Float>](repeating: .zero, count: n)
      var flank = [SIMD3<Float>](repeating: .zero, count: n)
      var pass = [Bool](repeating: false, count: n)
      var valid = [Bool](repeating: false, count: n)
      // Prefix sums along the line of the stations' lifts, to test each station's lift averaged
      // over a square stretch of the band (one station's band is a few noisy cells).
      var sums = [SIMD3<Float>](repeating: .zero, count: n + 1)
      var counts = [Int](repeating: 0, count: n + 1)
      let along = h
      // Offsets a quarter of the band's width apart keep it within an eighth of its width of
      // any streak's axis.
      for v in stride(from: span, to: n - span, by: max(1, h / 2)) {
        line.bandLifts(
          v: v, h: h, inner: layout.inner, span: span, valid: &valid, lift: &lift, flank: &flank, liftSums: &sums,
          validCounts: &counts)
        for t in 0..<n {
          pass[t] = false
          guard valid[t] else { continue }
          let a = max(0, t - along)
          let b = min(n, t + along + 1)
          let l = (sums[b] - sums[a]) / Float(counts[b] - counts[a])
          pass[t] = Self.luma(l) >= c.whiteStreakMinLift && l.min() >= c.whiteStreakNeutralShare * l.max()
        }
        for stations in Self.runs(pass, maxGap: c.whiteStreakMaxGap) where stations.count >= runLength {
          markWhiteRun(
            line, texture: texture, v: v, layout: layout, stations: stations, lifts: stations.map { lift[$0] },
            flanks: stations.map { flank[$0] }, proposed: proposed, into: &marked)
        }
      }
    }
  }

  /// Rows across a line of the white-streak pass: the band `v - h ... v + h`, a gap of
  /// `max(1, h / 2)` rows, then a flank of `max(2, h)` rows on each side.
  struct BandLayout {
    let h: Int
    /// Offset of a flank's first row from the band's centre.
    let inner: Int
    /// Offset of a flank's last row from the band's centre.
    let span: Int

    init(h: Int) {
      self.h = h
      inner = h + max(1, h / 2) + 1
      span = inner + max(2, h) - 1
    }
  }

  /// The grid's texture: per cell, the mean over its analysis pixels of the smallest absolute
  /// second difference of the encoded luma along the four directions of the pixel grid.
  /// Encoded, not linear: the camera's noise and the codec's error are even in encoded levels, so
  /// added light leaves this texture as it was (it even damps the paint's own), while paint
  /// lighter by a factor keeps its texture's share of its level and so shows more of it.
  static func textureGrid(_ grid: SkylightGrid, luma: Plane<Float>, k: Int) -> [Float] {
    var result = [Float](repeating: 0, count: grid.width * grid.height)
    let width = luma.width
    let height = luma.height
    let values = luma.values
    var detail = [Float](repeating: 0, count: width * height)
    // The smallest of the second differences along the four directions of the pixel grid: along
    // a band's axis (within 22.5 degrees of one of them) its own soft profile barely curves, so
    // what remains is the paint's texture and the noise.
    for y in 1..<(height - 1) {
      for x in 1..<(width - 1) {
        let i = y * width + x
        let twice = 2 * values[i]
        let horizontal = abs(twice - values[i - 1] - values[i + 1])
        let vertical = abs(twice - values[i - width] - values[i + width])
        let falling = abs(twice - values[i - width - 1] - values[i + width + 1])
        let rising = abs(twice - values[i - width + 1] - values[i + width - 1])
        detail[i] = min(horizontal, vertical, falling, rising) / 2
      }
    }
    let area = Float(k * k)
    for gy in 0..<grid.height {
      for gx in 0..<grid.width {
        var sum: Float = 0
        for y in (gy * k)..<(gy * k + k) {
          for x in (gx * k)..<(gx * k + k) { sum += detail[y * width + x] }
        }
        result[gy * grid.width + gx] = sum / area
      }
    }
    return result
  }

  /// Measures a candidate run as a whole and, if it is added white light over paint that is
  /// neither pale nor grey, marks the cells of its band whose lift is the run's and visible.
  private func markWhiteRun(
    _ line: SkylightLines, texture: [Float], v: Int, layout: BandLayout, stations: [Int],
    lifts: [SIMD3<Float>], flanks: [SIMD3<Float>], proposed: [Bool], into marked: inout [Bool]
  ) {
    let c = configuration
    let h = layout.h
    let taken = stations.count(where: { t in
      ((v - h)...(v + h)).contains(where: { r in line.cell(t, r).map { proposed[$0] } ?? false })
    })
    guard Float(taken) <= c.whiteStreakMaxProposed * Float(stations.count) else { return }
    guard let reference = Self.medianColour(lifts), let paint = Self.medianColour(flanks) else { return }
    let strongest = reference.max()
    guard strongest > 0, reference.min() >= c.whiteStreakNeutralShare * strongest else { return }
    // The paint beside the band: not pale, not grey, and not far darker than the lift (white
    // paint beside dark paint stands many times above it; a veil of light over paint that
    // shows through it does not).
    guard Self.luma(paint) <= c.whiteStreakMaxPaintLuma,
      Self.luma(reference) <= c.whiteStreakMaxLiftRatio * Self.luma(paint)
    else { return }
    let encoded = SIMD3(SRGB.encode(paint.x), SRGB.encode(paint.y), SRGB.encode(paint.z))
    guard 255 * (encoded.max() - encoded.min()) >= c.whiteStreakMinPaintChroma else { return }
    // The texture under the band is the paint's, not more.
    var bandTexture: Float = 0
    var flankTexture: Float = 0
    func mean(_ t: Int, _ a: Int, _ b: Int) -> Float {
      var sum: Float = 0
      for r in a...b { sum += line.cell(t, r).map { texture[$0] } ?? 0 }
      return sum / Float(b - a + 1)
    }
    for t in stations {
      bandTexture += mean(t, v - h, v + h)
      flankTexture += min(mean(t, v - layout.span, v - layout.inner), mean(t, v + layout.inner, v + layout.span))
    }
    guard bandTexture <= c.whiteStreakTextureRatio * flankTexture else { return }
    let strength = (reference * reference).sum().squareRoot()
    let unit = reference / strength
    for (index, t) in stations.enumerated() {
      let own = lifts[index]
      let norm = (own * own).sum().squareRoot()
      guard norm > 0, (own * reference).sum() >= c.whiteStreakCosine * norm * strength else { continue }
      Self.markLitCells(
        line, station: t, rows: (v - h)...(v + h), flank: flanks[index], unit: unit,
        minAlong: c.whiteStreakMarkFraction * strength, minLevels: c.whiteStreakMinLevels, into: &marked)
    }
  }
}
