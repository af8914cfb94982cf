import Foundation

// Skylight in the glass: a cyan veil band.
//
// A window or the sky reflected in the glass lays a broad, faint veil of bluish light over the
// paint. No seed test sees it: it is neither bright, nor unsaturated over coloured paint, nor
// strong enough against the coloured test's wide median. What gives it away is that it is the
// same light wherever it lies: across a band, the band is lighter than both of its flanks by a
// lift that is tinted cyan (red the weakest channel, blue the strongest) and that keeps its
// colour all along the band, over whatever paint lies under it. Painted objects are lighter than
// their surroundings too, but in their own colours, which change along any line across them.
//
// On a coarse grid (cell means of the analysis image, linear light) the grid is scanned along
// lines at every `skylightAngleStep` degrees, the axis-parallel ones included (a mat's bevel or
// a frame's lip is refused by the checks below, not by its angle). On each line and for a few
// band widths, the band's mean colour is compared with the brighter of its two flanks (box
// means, cheap); a long enough run of stations whose lift is cyan and consistent in colour is a
// candidate (short gaps are bridged: a white figure standing in the veil interrupts the lift,
// not the light). It is then measured again with median flanks: a white garment wider than the
// band fills part of a box-mean flank with dark ground and looks lifted, its median flank does
// not; the run must still be a cyan lift of a veil's strength (its mean and its strongest cell
// not much more) at most of its stations, and still tinted like skylight over each flank alone,
// beside paint that is not near-white (a veil barely shows there). Of the stations whose own
// lift is the run's (its colour, at most twice its strength), the cells of the band whose lift
// over the flank goes the veil's way and is visible are proposed.

extension GlareDetector {
  /// Proposes cyan skylight veils (see the file's comment) where nothing is proposed yet.
  /// - Parameters:
  ///   - codes: the proposal so far (blob codes, 0 none); veil pixels get the coloured code.
  ///   - allowed: per analysis pixel, whether it lies wholly inside the glass.
  func markSkylightVeils(_ codes: [UInt8], evidence: Evidence, allowed: [Bool], width: Int, height: Int) -> [UInt8] {
    let c = configuration
    guard c.skylightGridSide > 0, c.skylightAngleStep > 0, !c.skylightBandFractions.isEmpty else { return codes }
    let k = max(1, (max(width, height) + c.skylightGridSide - 1) / c.skylightGridSide)
    let gw = width / k
    let gh = height / k
    guard gw >= 16, gh >= 16 else { return codes }
    let grid = SkylightGrid(planes: evidence.linear, allowed: allowed, width: width, k: k, gw: gw, gh: gh)
    let shorter = Double(min(gw, gh))
    let minRun = max(4, Int((c.skylightMinRun * Double(max(gw, gh))).rounded(.up)))
    let maxGap = Int((c.skylightMaxGap * Double(max(gw, gh))).rounded())
    let reach = Int((Double(gw * gw + gh * gh).squareRoot() / 2).rounded(.up)) + 1
    let angles = Array(stride(from: 0, to: 180, by: c.skylightAngleStep))
    let marked = Self.markedAlong(angles, grid: grid, reach: reach) { line, degrees, marked in
      let n = line.n
      let theta = Double(degrees) * .pi / 180
      line.resample(cos: cos(theta), sin: sin(theta))
      for fraction in c.skylightBandFractions {
        let h = max(2, Int((fraction * shorter).rounded()))
        let span = 3 * h + 1
        guard n > 2 * span + 1 else { continue }
        for v in span..<(n - span) {
          var lift = [SIMD3<Float>](repeating: .zero, count: n)
          var pass = [Bool](repeating: false, count: n)
          for t in 0..<n where line.count(t, v - span, v + span) == 2 * span + 1 {
            let band = line.mean(t, v - h, v + h)
            let flank = pointwiseMax(line.mean(t, v - span, v - h - 2), line.mean(t, v + h + 2, v + span))
            lift[t] = band - flank
            pass[t] = Self.luma(lift[t]) >= c.skylightMinLift
          }
          // Runs of lifted stations, bridging gaps of at most `maxGap` stations (paint brighter
          // than the veil, or a cut in the glass, interrupts the lift but not the light).
          for stations in Self.runs(pass, maxGap: maxGap)
          where stations.count >= minRun && isCyanVeil(stations.map { lift[$0] }, strict: false) {
            markRun(line, v: v, h: h, stations: stations, into: &marked)
          }
        }
      }
    }
    return Self.marking(marked, into: codes, code: SeedKind.coloured, allowed: allowed, width: width, k: k, gw: gw)
  }

  /// The grid cells that `scan` marks at any of `angles` (degrees), `scan` being given lines
  /// through `grid` reaching `reach` cells from its centre to resample at its angle. The angles
  /// are independent: each core scans every few of them over its own lines into its own cells,
  /// and their markings are merged, so the result is the sequential loop's.
  static func markedAlong(
    _ angles: [Int], grid: SkylightGrid, reach: Int,
    scan: @Sendable (_ line: inout SkylightLines, _ degrees: Int, _ marked: inout [Bool]) -> Void
  ) -> [Bool] {
    let workers = Parallel.workers(for: angles.count)
    let markings = Parallel.map(workers) { worker in
      var marked = [Bool](repeating: false, count: grid.width * grid.height)
      // The lines' storage (megabytes on the white-streak grid) is reused from angle to angle.
      var line = SkylightLines(grid: grid, reach: reach)
      for index in stride(from: worker, to: angles.count, by: workers) { scan(&line, angles[index], &marked) }
      return marked
    }
    var marked = [Bool](repeating: false, count: grid.width * grid.height)
    for marking in markings {
      for cell in marking.indices where marking[cell] { marked[cell] = true }
    }
    return marked
  }

  /// The runs of `true` in `pass`, bridging gaps of at most `maxGap` stations: each run's
  /// stations, in order (the skylight and white-streak passes).
  static func runs(_ pass: [Bool], maxGap: Int) -> [[Int]] {
    var result: [[Int]] = []
    let n = pass.count
    var t = 0
    while t < n {
      guard pass[t] else {
        t += 1
        continue
      }
      var stations: [Int] = []
      var last = t
      var u = t
      while u < n, u - last <= maxGap + 1 {
        if pass[u] {
          stations.append(u)
          last = u
        }
        u += 1
      }
      result.append(stations)
      t = last + 1
    }
    return result
  }

  /// `codes` with `code` given to every allowed, not yet proposed analysis pixel of a `marked`
  /// cell of a grid `gw` cells wide whose cells are `k` x `k` pixels.
  static func marking(
    _ marked: [Bool], into codes: [UInt8], code: UInt8, allowed: [Bool], width: Int, k: Int, gw: Int
  ) -> [UInt8] {
    guard marked.contains(true) else { return codes }
    let gh = marked.count / gw
    var result = codes
    for y in 0..<(gh * k) {
      for x in 0..<(gw * k) where marked[(y / k) * gw + x / k] {
        let i = y * width + x
        if allowed[i], result[i] == 0 { result[i] = code }
      }
    }
    return result
  }

  /// Linear luma of a linear colour (``Luma/linear(_:_:_:)``).
  static func luma(_ colour: SIMD3<Float>) -> Float { Luma.linear(colour.x, colour.y, colour.z) }

  /// Whether the lifts of a run of stations are a cyan veil's: their per-channel median is cyan
  /// (red at most ``Configuration/skylightRedShare`` of the strongest channel, green and blue at
  /// least their shares), and most stations' lifts point its way.
  /// - Parameter strict: also require the median's strength to be at most a veil's
  ///   (``Configuration/skylightMaxLift``), for the median-flank measurement, whose stations
  ///   agree less (``Configuration/skylightMedianConsistency``).
  func isCyanVeil(_ lifts: [SIMD3<Float>], strict: Bool) -> Bool {
    let c = configuration
    guard let reference = Self.medianColour(lifts) else { return false }
    let strongest = reference.max()
    guard strongest > 0, reference.x <= c.skylightRedShare * strongest,
      reference.y >= c.skylightGreenShare * strongest, reference.z >= c.skylightBlueShare * strongest
    else { return false }
    let strength = (reference * reference).sum().squareRoot()
    if strict, Self.luma(reference) < c.skylightMinLift || strength > c.skylightMaxLift { return false }
    let agreeing = lifts.count(where: { lift in
      let norm = (lift * lift).sum().squareRoot()
      return norm > 0 && (lift * reference).sum() >= c.skylightCosine * norm * strength
    })
    let consistency = strict ? c.skylightMedianConsistency : c.skylightConsistency
    return Float(agreeing) >= consistency * Float(lifts.count)
  }

  /// Whether a band's median lift over one of its flanks alone is still skylight's tint: red not
  /// its strongest channel, blue at least ``Configuration/skylightSideBlueShare`` of it. A veil
  /// lifts the paint under it the same way whichever side it is compared with; a pale passage
  /// between two different paints (a wainscot between a red wall and a dark floor, a pale strip
  /// beside a gold moulding) only looks cyan against the channel-wise brighter of the two.
  func isSkylightTint(_ lift: SIMD3<Float>?) -> Bool {
    guard let lift else { return false }
    let strongest = lift.max()
    return strongest > 0 && lift.x < strongest && lift.z >= configuration.skylightSideBlueShare * strongest
  }

  /// Measures a candidate run again with median flanks and, if it is still a cyan veil, marks
  /// the cells of its band whose lift goes the veil's way and is visible.
  private func markRun(_ line: SkylightLines, v: Int, h: Int, stations: [Int], into marked: inout [Bool]) {
    let c = configuration
    var flanks: [SIMD3<Float>] = []
    var lifts: [SIMD3<Float>] = []
    var peaks: [Float] = []
    // The lift over each flank alone (the channel-wise brighter flank mixes the two sides).
    var overOneSide: [SIMD3<Float>] = []
    var overOtherSide: [SIMD3<Float>] = []
    for t in stations {
      let oneSide = line.median(t, v - 3 * h - 1, v - h - 2)
      let otherSide = line.median(t, v + h + 2, v + 3 * h + 1)
      let flank = pointwiseMax(oneSide, otherSide)
      let band = line.mean(t, v - h, v + h)
      flanks.append(flank)
      lifts.append(band - flank)
      overOneSide.append(band - oneSide)
      overOtherSide.append(band - otherSide)
      var peak: Float = 0
      for r in (v - h)...(v + h) {
        if let cell = line.cell(t, r) { peak = max(peak, Self.luma(line.grid.colour(cell) - flank)) }
      }
      peaks.append(peak)
    }
    let lifted = lifts.count(where: { Self.luma($0) >= c.skylightMinLift })
    guard Float(lifted) >= c.skylightLiftedShare * Float(lifts.count), isCyanVeil(lifts, strict: true),
      Self.percentile(peaks, 0.5) <= c.skylightMaxPeak,
      Self.percentile(flanks.map { Self.luma($0) }, 0.5) <= c.skylightMaxPaintLuma,
      isSkylightTint(Self.medianColour(overOneSide)), isSkylightTint(Self.medianColour(overOtherSide)),
      let reference = Self.medianColour(lifts)
    else { return }
    let strength = (reference * reference).sum().squareRoot()
    let unit = reference / strength
    for (index, t) in stations.enumerated() {
      // The station's own lift must be the veil's: its colour, and not much stronger (white
      // blossoms on gold further along the line lift cyan too, but many times as much).
      let own = lifts[index]
      let norm = (own * own).sum().squareRoot()
      guard norm > 0, (own * reference).sum() >= c.skylightCosine * norm * strength,
        Self.luma(own) <= c.skylightStationRatio * Self.luma(reference)
      else { continue }
      Self.markLitCells(
        line, station: t, rows: (v - h)...(v + h), flank: flanks[index], unit: unit,
        minAlong: c.skylightMarkFraction * strength, minLevels: c.skylightMinLevels, into: &marked)
    }
  }

  /// Marks the cells of `rows` across `line` at `station` that hold the run's light (the
  /// skylight and white-streak passes): the cell's colour stands at least `minAlong` above
  /// `flank` along the light's `unit` colour, and taking that light away changes some channel by
  /// at least `minLevels` 8-bit levels.
  static func markLitCells(
    _ line: SkylightLines, station t: Int, rows: ClosedRange<Int>, flank: SIMD3<Float>, unit: SIMD3<Float>,
    minAlong: Float, minLevels: Float, into marked: inout [Bool]
  ) {
    for r in rows {
      guard let cell = line.cell(t, r) else { continue }
      let observed = line.grid.colour(cell)
      let along = ((observed - flank) * unit).sum()
      guard along >= minAlong else { continue }
      let under = observed - along * unit
      var visible: Float = 0
      for ch in 0..<3 {
        visible = max(visible, SRGB.encode(min(observed[ch], 1)) - SRGB.encode(min(under[ch], 1)))
      }
      if visible >= minLevels / 255 { marked[cell] = true }
    }
  }

  /// The per-channel median of colours; nil when there are none.
  static func medianColour(_ colours: [SIMD3<Float>]) -> SIMD3<Float>? {
    guard !colours.isEmpty else { return nil }
    // Closures, not key paths: `\.x` of a SIMD vector is projected at run time (swift_getAtKeyPath),
    // which was a tenth of a raw photo's detect through the window pass's side placement.
    return SIMD3(
      percentile(colours.map { $0.x }, 0.5), percentile(colours.map { $0.y }, 0.5),
      percentile(colours.map { $0.z }, 0.5))
  }
}

/// The coarse grid of the skylight pass (and of the window and sheen passes): cell means of the
/// analysis image's linear colour, and whether each cell lies wholly inside the glass.
struct SkylightGrid {
  let width: Int
  let height: Int
  var colours: [SIMD3<Float>]
  var inside: [Bool]

  init(planes: [Plane<Float>], allowed: [Bool], width: Int, k: Int, gw: Int, gh: Int) {
    self.width = gw
    self.height = gh
    colours = [SIMD3<Float>](repeating: .zero, count: gw * gh)
    inside = [Bool](repeating: true, count: gw * gh)
    let area = Float(k * k)
    for gy in 0..<gh {
      for gx in 0..<gw {
        var sum = SIMD3<Float>.zero
        var all = true
        for y in (gy * k)..<(gy * k + k) {
          for x in (gx * k)..<(gx * k + k) {
            let i = y * width + x
            sum += SIMD3(planes[0].values[i], planes[1].values[i], planes[2].values[i])
            all = all && allowed[i]
          }
        }
        colours[gy * gw + gx] = sum / area
        inside[gy * gw + gx] = all
      }
    }
  }

  func colour(_ cell: Int) -> SIMD3<Float> { colours[cell] }
}

/// The grid resampled along lines at one angle: station `t` along, offset `v` across (both
/// 0..<n, the grid's centre at `reach`), nearest cell; with prefix sums across for box means.
struct SkylightLines {
  let grid: SkylightGrid
  let n: Int
  /// Cell at (t, v), -1 outside the grid or the glass; index `v * n + t`.
  private var cells: [Int32]
  /// Prefix sums across: index `v * n + t` holds the sum of rows 0..<v.
  private var sums: [SIMD3<Float>]
  private var counts: [Int32]

  /// Storage for lines through `grid` reaching `reach` cells from its centre; ``resample(cos:sin:)``
  /// fills it for an angle.
  init(grid: SkylightGrid, reach: Int) {
    self.grid = grid
    let n = 2 * reach + 1
    self.n = n
    cells = [Int32](repeating: -1, count: n * n)
    sums = [SIMD3<Float>](repeating: .zero, count: (n + 1) * n)
    counts = [Int32](repeating: 0, count: (n + 1) * n)
  }

  /// Resamples the grid along lines of direction (`cos`, `sin`), in the storage of the previous
  /// angle: the passes scan a dozen angles, and fresh storage per angle (megabytes on the
  /// white-streak grid) cost more than filling it.
  mutating func resample(cos: Double, sin: Double) {
    let n = n
    let reach = (n - 1) / 2
    let gridWidth = grid.width
    let gridHeight = grid.height
    let centreX = Double(gridWidth - 1) / 2
    let centreY = Double(gridHeight - 1) / 2
    // The products of the per-cell expression `centre + along * cos - across * sin`, once per
    // station and offset: the same values, so the same cells.
    let alongCos = (0..<n).map { Double($0 - reach) * cos }
    let alongSin = (0..<n).map { Double($0 - reach) * sin }
    // Hot loop (n * n cells per angle, a dozen angles per pass): unsafe indexing inside the
    // scoped accessors. v * n + t < n * n and (v + 1) * n + t < (n + 1) * n, the sizes of the
    // buffers; a cell is indexed only once its x and y are checked against the grid's size. Row
    // 0 of the prefix sums stays zero; row v + 1 is row v plus the cell at (t, v), as before.
    let colours = grid.colours
    let inside = grid.inside
    cells.withUnsafeMutableBufferPointer { cells in
      sums.withUnsafeMutableBufferPointer { sums in
        counts.withUnsafeMutableBufferPointer { counts in
          colours.withUnsafeBufferPointer { colours in
            inside.withUnsafeBufferPointer { inside in
              for v in 0..<n {
                let across = Double(v - reach)
                let acrossSin = across * sin
                let acrossCos = across * cos
                for t in 0..<n {
                  var cell = -1
                  let x = Self.nearest(centreX + alongCos[t] - acrossSin)
                  if x >= 0, x < gridWidth {
                    let y = Self.nearest(centreY + alongSin[t] + acrossCos)
                    if y >= 0, y < gridHeight, inside[y * gridWidth + x] { cell = y * gridWidth + x }
                  }
                  cells[v * n + t] = Int32(cell)
                  let value = cell >= 0 ? colours[cell] : .zero
                  sums[(v + 1) * n + t] = sums[v * n + t] + value
                  counts[(v + 1) * n + t] = counts[v * n + t] + (cell >= 0 ? 1 : 0)
                }
              }
            }
          }
        }
      }
    }
  }

  /// `Int(value.rounded())` (halves away from zero) for |value| < 2^52, without the library
  /// call: the integer part truncated toward zero and the exact remainder compared with a half.
  @inline(__always)
  static func nearest(_ value: Double) -> Int {
    let whole = Int(value)
    let rest = value - Double(whole)
    if rest >= 0.5 { return whole + 1 }
    if rest <= -0.5 { return whole - 1 }
    return whole
  }

  /// The cell at station `t`, offset `v`; nil outside the grid or the glass.
  @inline(__always)
  func cell(_ t: Int, _ v: Int) -> Int? {
    let cell = cells[v * n + t]
    return cell >= 0 ? Int(cell) : nil
  }

  /// How many cells of rows `a...b` at station `t` are inside.
  @inline(__always)
  func count(_ t: Int, _ a: Int, _ b: Int) -> Int { Int(counts[(b + 1) * n + t] - counts[a * n + t]) }

  /// The mean colour of rows `a...b` at station `t` (all inside).
  @inline(__always)
  func mean(_ t: Int, _ a: Int, _ b: Int) -> SIMD3<Float> {
    (sums[(b + 1) * n + t] - sums[a * n + t]) / Float(b - a + 1)
  }

  /// The white-streak pass's stations at offset `v` (``GlareDetector/BandLayout``): per station
  /// `t`, whether rows `v - span ... v + span` are all inside (`valid`), and if so the flank (the
  /// pointwise larger mean of rows `v - span ... v - inner` and `v + inner ... v + span`) and the
  /// lift (the mean of rows `v - h ... v + h` less the flank, zero where not valid); with
  /// prefix sums along the line of the lifts and of the valid stations (index t + 1 holds
  /// stations 0...t). The same arithmetic as ``mean(_:_:_:)`` per station.
  /// - Precondition: `span <= v < n - span`, `h < inner <= span`; the arrays hold `n` (`n + 1`
  ///   for the sums) elements.
  func bandLifts(
    v: Int, h: Int, inner: Int, span: Int, valid: inout [Bool], lift: inout [SIMD3<Float>],
    flank: inout [SIMD3<Float>], liftSums: inout [SIMD3<Float>], validCounts: inout [Int]
  ) {
    precondition(v >= span && v + span < n && h < inner && inner <= span)
    precondition(valid.count == n && lift.count == n && flank.count == n)
    precondition(liftSums.count == n + 1 && validCounts.count == n + 1)
    let n = n
    let full = Int32(2 * span + 1)
    let bandWidth = Float(2 * h + 1)
    let flankWidth = Float(span - inner + 1)
    // Row offsets into the prefix sums: rows `a...b` at station t are `[(b + 1) * n + t]` less
    // `[a * n + t]`; all rows lie in 0...n by the precondition.
    let outerLow = (v - span) * n
    let outerHigh = (v + span + 1) * n
    let bandLow = (v - h) * n
    let bandHigh = (v + h + 1) * n
    let leftHigh = (v - inner + 1) * n
    let rightLow = (v + inner) * n
    // Hot loop (every station of every offset, band width and angle): unsafe indexing inside the
    // scoped accessors, t < n and the rows above bounded by the precondition.
    sums.withUnsafeBufferPointer { sums in
      counts.withUnsafeBufferPointer { counts in
        valid.withUnsafeMutableBufferPointer { valid in
          lift.withUnsafeMutableBufferPointer { lift in
            flank.withUnsafeMutableBufferPointer { flank in
              liftSums.withUnsafeMutableBufferPointer { liftSums in
                validCounts.withUnsafeMutableBufferPointer { validCounts in
                  // The running sums in registers: the same additions, without reading back the
                  // element just stored.
                  var runningLift = liftSums[0]
                  var runningCount = validCounts[0]
                  for t in 0..<n {
                    let inside = counts[outerHigh + t] - counts[outerLow + t] == full
                    valid[t] = inside
                    var l = SIMD3<Float>.zero
                    if inside {
                      let band = (sums[bandHigh + t] - sums[bandLow + t]) / bandWidth
                      let left = (sums[leftHigh + t] - sums[outerLow + t]) / flankWidth
                      let right = (sums[outerHigh + t] - sums[rightLow + t]) / flankWidth
                      let f = pointwiseMax(left, right)
                      l = band - f
                      flank[t] = f
                    }
                    lift[t] = l
                    runningLift = runningLift + l
                    runningCount = runningCount + (inside ? 1 : 0)
                    liftSums[t + 1] = runningLift
                    validCounts[t + 1] = runningCount
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The per-channel median colour of rows `a...b` at station `t` (all inside).
  func median(_ t: Int, _ a: Int, _ b: Int) -> SIMD3<Float> {
    let colours = (a...b).compactMap { cell(t, $0).map { grid.colours[$0] } }
    return GlareDetector.medianColour(colours) ?? .zero
  }
}
