import Foundation

// Window reflections: a soft-edged rectangle of neutral added light.
//
// A window reflected in the glass adds the same light A (linear) to every pixel of a roughly
// axis-aligned rectangle, whatever paint lies under it, often split into panes by dark mullions.
// No seed test sees it over coloured or mid-tone paint, and the white-streak pass wants a band
// much longer than wide. What gives it away is its four edges: across each of them the linear
// colour steps up by about the same neutral A entering the rectangle, all along the edge, and
// the paint's texture goes on across it unchanged (the difference inside less outside is the
// light, not a change of paint). Paint rarely does that on all four sides at once: a picture in
// a mat is darker than the mat, a mat or a white label is a flat field beside textured paint,
// a painted white rectangle (Mondrian's cells) is flat inside a ring of dark lines.
//
// On the skylight pass's grid (cell means of the analysis image, linear light), the step across
// every cell boundary is measured, per channel, as the mean of `windowEdgeDepth` cells on one
// side less as many on the other, `windowEdgeGap` cells from the boundary (past the soft edge).
// Runs down a column boundary where the step (smoothed over three rows) is a neutral rise are
// left edges, neutral falls right edges; a left and a right edge facing each other over a
// plausible width, with overlapping extents, give candidate rectangles (over the rows they share,
// and over all the rows either runs along) whose four sides are then placed where their median
// step is strongest. It is kept when it is as large as the
// smallest window, and on each of its four sides the median step entering it is a neutral rise
// of a window's strength, most stations along the side rise by at least half of it and step by
// about the side's light in colour too (the paint goes on across the edge), the four sides'
// rises agree, their light is neutral and a veil's (not a white object's), the texture inside
// (second differences of the cells' linear luma) is about the texture in the ring outside, and
// no side is sharp at analysis resolution (a window's reflection is out of focus; paint's edges
// are hard; where the light clips, over a white mat, only the unclipped stretches are judged). A
// strong light must also stop at its edges: beyond the ring, the paint does not go on darkening
// away from the box (a painted form's highlight, modelled into darker paint, does); a moderate
// one may fall off somewhat, but not by much more than half its rise; only a faint one may fade
// like a glow (the pass takes soft spots' glows too). And no side may have paint far brighter
// beyond its ring than in it: a pale panel just inside a picture's dark edge, its mat a few cells
// further out. The cells inside whose lift would be visible are proposed.

extension GlareDetector {
  /// Proposes window reflections (see the file's comment) where nothing is proposed yet.
  /// - Parameters:
  ///   - codes: the proposal so far (blob codes, 0 none); window pixels get the white and window codes.
  ///   - allowed: per analysis pixel, whether it lies wholly inside the glass.
  func markWindows(_ codes: [UInt8], evidence: Evidence, allowed: [Bool], width: Int, height: Int) -> [UInt8] {
    let c = configuration
    guard c.windowGridSide > 0 else { return codes }
    let k = max(1, (max(width, height) + c.windowGridSide - 1) / c.windowGridSide)
    let gw = width / k
    let gh = height / k
    guard gw >= 32, gh >= 32 else { return codes }
    let grid = SkylightGrid(planes: evidence.linear, allowed: allowed, width: width, k: k, gw: gw, gh: gh)
    let steps = WindowSteps(grid: grid, gap: c.windowEdgeGap, depth: c.windowEdgeDepth)
    let lefts = windowEdges(steps, rising: true)
    let rights = windowEdges(steps, rising: false)
    let minWidth = max(2 * (c.windowEdgeGap + c.windowEdgeDepth), Int((c.windowMinSide * Double(gw)).rounded()))
    let maxWidth = Int((c.windowMaxSide * Double(gw)).rounded())
    let texture = Self.cellTexture(grid)
    var seen = Set<[Int]>()
    var marked = [Bool](repeating: false, count: gw * gh)
    var tried = 0
    pairs: for left in lefts {
      for right in rights where right.at - left.at >= minWidth && right.at - left.at <= maxWidth {
        let top = max(left.from, right.from)
        let bottom = min(left.to, right.to)
        let longer = max(left.to - left.from, right.to - right.from) + 1
        let overlap = bottom - top + 1
        guard Double(overlap) >= c.windowOverlap * Double(longer) else { continue }
        // The rows both edges run along, and all the rows either runs along: a mullion's bar or
        // paint that takes the light differently can cut one edge's run short, and the rows
        // they share are then one pane, whose side at the bar does not step.
        var spans = [(top, bottom)]
        let union = (min(left.from, right.from), max(left.to, right.to))
        if union != (top, bottom) { spans.append(union) }
        for (y0, y1) in spans {
          tried += 1
          guard tried <= c.windowMaxCandidates else { break pairs }
          let box = steps.place(x0: left.at, x1: right.at, y0: y0, y1: y1 + 1, reach: c.windowPlacementReach)
          guard seen.insert([box.x0, box.x1, box.y0, box.y1]).inserted,
            Double(box.x1 - box.x0) >= c.windowMinBox * Double(gw),
            Double(box.y1 - box.y0) >= c.windowMinBox * Double(gh)
          else { continue }
          guard let light = windowLight(steps, box: box, texture: texture) else { continue }
          let sharpness = windowSharpness(evidence.linear, width: width, k: k, box: box)
          guard sharpness <= c.windowMaxSharpness else { continue }
          let luma = Self.luma(light)
          let falloff = windowFalloff(steps, box: box)
          guard falloff.highest <= c.windowMaxFalloff,
            luma <= c.windowShadedLight || falloff.lowest >= c.windowLeastFalloff,
            luma <= c.windowFalloffLight || falloff.lowest >= c.windowMinFalloff
          else { continue }
          markWindow(grid, box: box, light: light, into: &marked)
        }
      }
    }
    return Self.marking(
      marked, into: codes, code: SeedKind.white | SeedKind.window, allowed: allowed, width: width, k: k, gw: gw)
  }

  /// A straight run of window edge along a column boundary: boundary `at` (between cells
  /// `at - 1` and `at`), rows `from...to`.
  struct WindowEdge {
    var at: Int
    var from: Int
    var to: Int
  }

  /// The runs down column boundaries where the step, averaged over three rows, is a neutral
  /// rise (`rising`: a left edge) or fall (a right edge) of at least ``Configuration/windowMinStep``.
  func windowEdges(_ steps: WindowSteps, rising: Bool) -> [WindowEdge] {
    let c = configuration
    let gw = steps.width
    let gh = steps.height
    let minRun = max(4, Int((c.windowMinSide * Double(gh)).rounded()))
    var result: [WindowEdge] = []
    var pass = [Bool](repeating: false, count: gh)
    for b in 0...gw {
      var any = false
      for y in 0..<gh {
        pass[y] = false
        var sum = SIMD3<Float>.zero
        var count = 0
        for r in max(0, y - 1)...min(gh - 1, y + 1) {
          if let s = steps.across(column: b, row: r) {
            sum += s
            count += 1
          }
        }
        guard count == 3 || (count > 0 && steps.across(column: b, row: y) != nil) else { continue }
        let step = (rising ? sum : -sum) / Float(count)
        if Self.luma(step) >= c.windowMinStep && step.min() >= c.windowNeutralShare * step.max() {
          pass[y] = true
          any = true
        }
      }
      guard any else { continue }
      for rows in Self.runs(pass, maxGap: c.windowMaxGap) where rows.count >= minRun {
        result.append(WindowEdge(at: b, from: rows[0], to: rows[rows.count - 1]))
      }
    }
    return result
  }

  /// The light of a window in `box`, when each of its four sides is the edge of the same
  /// neutral added light and the texture inside is the paint's outside; nil otherwise.
  func windowLight(_ steps: WindowSteps, box: WindowBox, texture: [Float]) -> SIMD3<Float>? {
    let c = configuration
    var sides: [SIMD3<Float>] = []
    for side in 0..<4 {
      let stations = steps.side(side, of: box)
      guard stations.count >= 3, let median = Self.medianColour(stations) else { return nil }
      let rise = Self.luma(median)
      guard rise >= c.windowMinStep, median.min() >= c.windowSideNeutralShare * median.max() else { return nil }
      let rising = stations.count(where: { Self.luma($0) >= c.windowStationShare * rise })
      guard Float(rising) >= c.windowConsistency * Float(stations.count) else { return nil }
      // The paint goes on across the edge: most stations step by the side's light itself, in
      // colour as in strength (a white patch between red stripes steps cyan beside the red).
      let strength = (median * median).sum().squareRoot()
      let close = stations.count(where: { station in
        let off = station - median
        return (off * off).sum().squareRoot() <= c.windowStationTolerance * strength
      })
      guard Float(close) >= c.windowCloseShare * Float(stations.count) else { return nil }
      sides.append(median)
    }
    let rises = sides.map { Self.luma($0) }
    guard let low = rises.min(), let high = rises.max(), high <= c.windowSideRatio * low else { return nil }
    // The texture inside (away from the soft edges) against the texture of the ring outside.
    let gw = steps.width
    let gh = steps.height
    let margin = c.windowEdgeGap + 1
    var inside: [Float] = []
    var outside: [Float] = []
    let reach = c.windowEdgeGap + c.windowEdgeDepth
    for y in max(0, box.y0 - reach)..<min(gh, box.y1 + reach) {
      for x in max(0, box.x0 - reach)..<min(gw, box.x1 + reach) {
        let cell = y * gw + x
        guard steps.grid.inside[cell] else { continue }
        if x >= box.x0 + margin, x < box.x1 - margin, y >= box.y0 + margin, y < box.y1 - margin {
          inside.append(texture[cell])
        } else if x < box.x0 - c.windowEdgeGap || x >= box.x1 + c.windowEdgeGap || y < box.y0 - c.windowEdgeGap
          || y >= box.y1 + c.windowEdgeGap
        {
          outside.append(texture[cell])
        }
      }
    }
    guard !inside.isEmpty, !outside.isEmpty else { return nil }
    let textureInside = Self.percentile(inside, 0.5)
    let textureOutside = Self.percentile(outside, 0.5)
    guard textureInside >= c.windowMinTextureRatio * textureOutside,
      textureInside <= c.windowMaxTextureRatio * max(textureOutside, 1e-5)
    else { return nil }
    guard let light = Self.medianColour(sides), light.min() >= c.windowLightNeutralShare * light.max(),
      Self.luma(light) <= c.windowMaxLight
    else { return nil }
    return light
  }

  /// The sharpest of the box's four edges at analysis resolution: per side, the linear-luma
  /// profile across the edge (averaged along the side, corners left out), its steepest rise
  /// between neighbouring pixels as a share of its whole rise (from `2k...3k` pixels outside to as
  /// far inside). A soft window edge spreads its rise over several pixels; a painted one does
  /// not.
  ///
  /// Where the light clips inside (a window running on over a white mat), clipping cuts the soft
  /// edge's rise short and makes it look sharp. So each side is first judged only along the
  /// stations whose inside (`0..<3k` pixels) holds no clipped pixel, a side counting when at
  /// least half of its stations are left; when three or four sides count, their sharpest is the
  /// box's. Otherwise (a clipped white label, all clipped), all four sides whole.
  func windowSharpness(_ planes: [Plane<Float>], width: Int, k: Int, box: WindowBox) -> Float {
    let unclipped = windowSharpness(planes, width: width, k: k, box: box, unclippedOnly: true)
    if unclipped.sides >= 3 { return unclipped.sharpest }
    return windowSharpness(planes, width: width, k: k, box: box, unclippedOnly: false).sharpest
  }

  /// ``windowSharpness(_:width:k:box:)`` over all stations, or only the unclipped ones (then
  /// leaving out the sides with fewer than half of them); also how many sides were judged.
  func windowSharpness(
    _ planes: [Plane<Float>], width: Int, k: Int, box: WindowBox, unclippedOnly: Bool
  ) -> (sharpest: Float, sides: Int) {
    let height = planes[0].height
    func luma(_ x: Int, _ y: Int) -> Float {
      let i = y * width + x
      return Luma.linear(planes[0].values[i], planes[1].values[i], planes[2].values[i])
    }
    let clip = SRGB.decode(Float(configuration.clipLevel) / 255)
    func clipped(_ x: Int, _ y: Int) -> Bool {
      guard x >= 0, x < width, y >= 0, y < height else { return false }
      let i = y * width + x
      return min(planes[0].values[i], planes[1].values[i], planes[2].values[i]) >= clip
    }
    var sharpest: Float = 0
    var sides = 0
    for side in 0..<4 {
      let vertical = side < 2
      let edge = (vertical ? (side == 0 ? box.x0 : box.x1) : (side == 2 ? box.y0 : box.y1)) * k
      let sign = side == 0 || side == 2 ? 1 : -1
      let from = ((vertical ? box.y0 : box.x0) + 1) * k
      let to = ((vertical ? box.y1 : box.x1) - 1) * k
      guard to > from else { continue }
      var stations = Array(from..<to)
      if unclippedOnly {
        stations.removeAll { along in
          (0..<3 * k).contains { d in
            let across = edge + sign * d - (sign < 0 ? 1 : 0)
            return vertical ? clipped(across, along) : clipped(along, across)
          }
        }
        guard 2 * stations.count >= to - from else { continue }
      }
      sides += 1
      var profile = [Float](repeating: 0, count: 6 * k)
      for (slot, d) in (-3 * k..<3 * k).enumerated() {
        let across = edge + sign * d - (sign < 0 ? 1 : 0)
        var sum: Float = 0
        var count = 0
        for along in stations {
          let (x, y) = vertical ? (across, along) : (along, across)
          guard x >= 0, x < width, y >= 0, y < height else { continue }
          sum += luma(x, y)
          count += 1
        }
        profile[slot] = count > 0 ? sum / Float(count) : 0
      }
      let outside = profile[0..<k].reduce(0, +) / Float(k)
      let inside = profile[(5 * k)..<(6 * k)].reduce(0, +) / Float(k)
      let rise = inside - outside
      guard rise > 0 else { return (.infinity, 4) }
      var steepest: Float = 0
      for slot in 1..<(6 * k) { steepest = max(steepest, profile[slot] - profile[slot - 1]) }
      sharpest = max(sharpest, steepest / rise)
    }
    return (sharpest, sides)
  }

  /// How far the paint outside keeps falling away from the box: per side, the median along it of
  /// the linear luma of the `depth` cells beyond the ring the steps are measured from, less that
  /// ring's, as a share of the side's median rise; the lowest and the highest of the four sides
  /// (infinity and minus infinity when no side is measurable). A window's light stops at its soft
  /// edge, so past it the paint is as bright as in the ring (about 0); a painted form's highlight,
  /// modelled into darker paint around it, goes on darkening (below 0); a pale panel whose rise
  /// is the dark edge of a picture, a white mat a few cells beyond it, is far brighter past the
  /// ring (several times the rise).
  func windowFalloff(_ steps: WindowSteps, box: WindowBox) -> (lowest: Float, highest: Float) {
    let grid = steps.grid
    let gw = grid.width
    let gap = steps.gap
    let depth = steps.depth
    var lowest = Float.infinity
    var highest = -Float.infinity
    for side in 0..<4 {
      let vertical = side < 2
      let along = vertical ? (box.y0 + 1)..<max(box.y0 + 1, box.y1 - 1) : (box.x0 + 1)..<max(box.x0 + 1, box.x1 - 1)
      let limit = vertical ? gw : grid.height
      var differences: [Float] = []
      stations: for a in along {
        var sum: Float = 0
        for d in 0..<depth {
          // The ring's cell `d` out from it and the cell `depth` further out, across the side.
          let (ring, beyond): (Int, Int)
          switch side {
          case 0: (ring, beyond) = (box.x0 - gap - 1 - d, box.x0 - gap - depth - 1 - d)
          case 1: (ring, beyond) = (box.x1 + gap + d, box.x1 + gap + depth + d)
          case 2: (ring, beyond) = (box.y0 - gap - 1 - d, box.y0 - gap - depth - 1 - d)
          default: (ring, beyond) = (box.y1 + gap + d, box.y1 + gap + depth + d)
          }
          guard min(ring, beyond) >= 0, max(ring, beyond) < limit else { continue stations }
          let ringCell = vertical ? a * gw + ring : ring * gw + a
          let beyondCell = vertical ? a * gw + beyond : beyond * gw + a
          guard grid.inside[ringCell], grid.inside[beyondCell] else { continue stations }
          sum += Self.luma(grid.colours[beyondCell]) - Self.luma(grid.colours[ringCell])
        }
        differences.append(sum / Float(depth))
      }
      guard differences.count >= 3, let rise = Self.medianColour(steps.side(side, of: box)).map({ Self.luma($0) }),
        rise > 0
      else { continue }
      let share = Self.percentile(differences, 0.5) / rise
      lowest = min(lowest, share)
      highest = max(highest, share)
    }
    return (lowest, highest)
  }

  /// Marks the cells of `box` whose lift by `light` would be visible (some encoded channel
  /// changes by at least ``Configuration/windowMinLevels`` levels).
  private func markWindow(_ grid: SkylightGrid, box: WindowBox, light: SIMD3<Float>, into marked: inout [Bool]) {
    let c = configuration
    for y in box.y0..<box.y1 {
      for x in box.x0..<box.x1 {
        let cell = y * grid.width + x
        guard grid.inside[cell] else { continue }
        let observed = grid.colour(cell)
        let under = pointwiseMax(observed - light, .zero)
        var visible: Float = 0
        for ch in 0..<3 {
          visible = max(visible, SRGB.encode(min(observed[ch], 1)) - SRGB.encode(min(under[ch], 1)))
        }
        if visible >= c.windowMinLevels / 255 { marked[cell] = true }
      }
    }
  }

  /// Per grid cell, the smaller absolute second difference (across and down) of the cells'
  /// linear luma: the paint's texture at the grid's scale, which added light leaves as it was.
  static func cellTexture(_ grid: SkylightGrid) -> [Float] {
    let gw = grid.width
    let gh = grid.height
    let luma: [Float] = grid.colours.map { Self.luma($0) }
    var result = [Float](repeating: 0, count: gw * gh)
    for y in 1..<(gh - 1) {
      for x in 1..<(gw - 1) {
        let i = y * gw + x
        let twice: Float = 2 * luma[i]
        let across: Float = abs(twice - luma[i - 1] - luma[i + 1])
        let down: Float = abs(twice - luma[i - gw] - luma[i + gw])
        result[i] = min(across, down)
      }
    }
    return result
  }
}

/// A candidate window on the grid: columns `x0..<x1`, rows `y0..<y1`.
struct WindowBox {
  var x0: Int
  var x1: Int
  var y0: Int
  var y1: Int
}

/// The steps across the cell boundaries of a ``SkylightGrid``: across column boundary `b`
/// (between cells `b - 1` and `b`), the mean colour of cells `b + gap ..< b + gap + depth` less
/// that of cells `b - gap - depth ..< b - gap` (left to right); across row boundaries likewise
/// (top to bottom). Nil where a cell is outside the grid or the glass.
struct WindowSteps {
  let grid: SkylightGrid
  let gap: Int
  let depth: Int
  var width: Int { grid.width }
  var height: Int { grid.height }
  /// Index `row * (width + 1) + b`.
  private var columns: [SIMD3<Float>?]
  /// Index `b * width + column`.
  private var rows: [SIMD3<Float>?]

  init(grid: SkylightGrid, gap: Int, depth: Int) {
    self.grid = grid
    self.gap = gap
    self.depth = depth
    let gw = grid.width
    let gh = grid.height
    columns = [SIMD3<Float>?](repeating: nil, count: gh * (gw + 1))
    rows = [SIMD3<Float>?](repeating: nil, count: (gh + 1) * gw)
    func mean(_ cells: [Int]) -> SIMD3<Float>? {
      var sum = SIMD3<Float>.zero
      for cell in cells {
        guard grid.inside[cell] else { return nil }
        sum += grid.colours[cell]
      }
      return sum / Float(cells.count)
    }
    for y in 0..<gh {
      for b in (gap + depth)...max(gap + depth, gw - gap - depth) where b + gap + depth <= gw {
        let after = mean(((b + gap)..<(b + gap + depth)).map { y * gw + $0 })
        let before = mean(((b - gap - depth)..<(b - gap)).map { y * gw + $0 })
        if let after, let before { columns[y * (gw + 1) + b] = after - before }
      }
    }
    for b in (gap + depth)...max(gap + depth, gh - gap - depth) where b + gap + depth <= gh {
      for x in 0..<gw {
        let after = mean(((b + gap)..<(b + gap + depth)).map { $0 * gw + x })
        let before = mean(((b - gap - depth)..<(b - gap)).map { $0 * gw + x })
        if let after, let before { rows[b * gw + x] = after - before }
      }
    }
  }

  /// The step across column boundary `b` at `row`.
  func across(column b: Int, row: Int) -> SIMD3<Float>? {
    guard b >= 0, b <= width, row >= 0, row < height else { return nil }
    return columns[row * (width + 1) + b]
  }

  /// The step across row boundary `b` at `column`.
  func across(row b: Int, column: Int) -> SIMD3<Float>? {
    guard b >= 0, b <= height, column >= 0, column < width else { return nil }
    return rows[b * width + column]
  }

  /// The steps entering `box` across its side (0 left, 1 right, 2 top, 3 bottom), at each
  /// station along it but the first and last (corners), where measurable.
  func side(_ side: Int, of box: WindowBox) -> [SIMD3<Float>] {
    switch side {
    case 0: return ((box.y0 + 1)..<max(box.y0 + 1, box.y1 - 1)).compactMap { across(column: box.x0, row: $0) }
    case 1:
      return ((box.y0 + 1)..<max(box.y0 + 1, box.y1 - 1)).compactMap { across(column: box.x1, row: $0).map { -$0 } }
    case 2: return ((box.x0 + 1)..<max(box.x0 + 1, box.x1 - 1)).compactMap { across(row: box.y0, column: $0) }
    default:
      return ((box.x0 + 1)..<max(box.x0 + 1, box.x1 - 1)).compactMap { across(row: box.y1, column: $0).map { -$0 } }
    }
  }

  /// The box near (`x0`, `x1`, `y0`, `y1`) whose sides are where the median step entering it is
  /// strongest, each side moved at most `reach` cells (two rounds: the sides' extents depend on
  /// each other).
  func place(x0: Int, x1: Int, y0: Int, y1: Int, reach: Int) -> WindowBox {
    var box = WindowBox(x0: x0, x1: x1, y0: y0, y1: y1)
    func strength(_ side: Int, _ candidate: WindowBox) -> Float {
      let stations = self.side(side, of: candidate)
      guard stations.count >= 3, let median = GlareDetector.medianColour(stations) else { return -.infinity }
      return GlareDetector.luma(median)
    }
    for _ in 0..<2 {
      for side in [2, 3, 0, 1] {
        var best = box
        var bestStrength = -Float.infinity
        for shift in -reach...reach {
          var candidate = box
          switch side {
          case 0: candidate.x0 += shift
          case 1: candidate.x1 += shift
          case 2: candidate.y0 += shift
          default: candidate.y1 += shift
          }
          guard candidate.x1 - candidate.x0 >= 4, candidate.y1 - candidate.y0 >= 4 else { continue }
          let s = strength(side, candidate)
          if s > bestStrength {
            bestStrength = s
            best = candidate
          }
        }
        box = best
      }
    }
    return box
  }
}
