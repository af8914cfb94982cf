import Foundation

// Seed blobs: which ones are kept (size, the edge of their half-level region, blown cores and the
// light they cast around them), and bounded growth of the kept ones into their halos.

extension GlareDetector {
  /// Per-blob statistics gathered in one pass over the labels.
  private struct BlobStats {
    var blown = 0
    var coloured = 0
    var glowing = 0
    var pixels: [Int] = []
  }

  /// A seed blob that passed the blob tests.
  struct AcceptedBlob {
    /// Its seed pixels (analysis indices).
    var pixels: [Int]
    /// Its kind (``SeedKind`` bits: blown for specular cores, coloured or white, sign).
    var code: UInt8
    /// Its amplitude: the 90th percentile of its colour excess (coloured, linear light) or of its
    /// luma elevation (white, 8-bit levels).
    var amplitude: Float
    /// Whether the growth steps may grow it (see ``Configuration/minGrowingCoreElevation``).
    var grows = true
  }

  /// The seed blobs that pass the blob tests.
  /// - Parameter measurable: pixels whose neighbours all lie inside the glass; the edge tests
  ///   look at boundary pixels there only.
  /// - Parameter panelsOnly: keep only sign panels (for ``Evidence/redSeeds``).
  /// - Parameter gradients: the soft gradients of the evidence's luma and colour excess, when
  ///   already computed (the red panels' pass reuses the first pass's).
  func acceptedSeeds(
    _ seeds: [UInt8], evidence: Evidence, width: Int, height: Int, measurable: [Bool], panelsOnly: Bool = false,
    gradients: (luma: Plane<Float>, colour: Plane<Float>)? = nil
  ) -> [AcceptedBlob] {
    let c = configuration
    let components = ConnectedComponents(
      width: width, height: height, connectivity: .eight, foreground: seeds.map { $0 != 0 })
    // With no seed blob, the red panels below may still be found.
    guard components.count > 0 || !panelsOnly else { return [] }
    let (lumaGradient, colourGradient) =
      gradients
      ?? {
        let planes = [evidence.luma, Plane(width: width, height: height, values: evidence.colourExcess)]
        let soft = Parallel.map(planes.count) { Self.softGradient(planes[$0]) }
        return (soft[0], soft[1])
      }()
    var stats = [BlobStats](repeating: BlobStats(), count: components.count)
    let labels = components.labels
    for i in 0..<(width * height) where labels[i] != 0 {
      let b = Int(labels[i]) - 1
      let kind = seeds[i]
      if kind & SeedKind.blown != 0 { stats[b].blown += 1 }
      if kind & SeedKind.coloured != 0 { stats[b].coloured += 1 }
      if kind & SeedKind.glowing != 0 { stats[b].glowing += 1 }
      stats[b].pixels.append(i)
    }
    let minArea = c.minBlobFraction * Double(width * height)
    let glassCells = Double(max(1, measurable.count { $0 }))
    let maxBlown = c.maxBlownFraction * glassCells
    var accepted: [AcceptedBlob] = []
    var region = HalfLevelRegion(width: width, height: height, measurable: measurable)
    var panels: [AcceptedBlob] = []
    var borderDistance: [Float]?
    for (b, blob) in stats.enumerated() {
      let area = blob.pixels.count
      // Specular cores are kept whatever their size, if they fade into a halo (clipped paint
      // stops at its painted outline instead).
      let blown =
        blob.blown >= c.minBlownCells && Double(blob.blown) <= maxBlown
        && Double(area) <= c.maxSpotFraction * glassCells
      let largeSpot = Double(blob.blown) > c.largeSpotFraction * glassCells
      guard blown || Double(area) >= minArea else { continue }
      let compact = Double(area) <= c.maxSignFraction * glassCells
      let coloured = !blown && (blob.coloured + blob.glowing) * 2 > area
      // A lit sign: glowing light over dark paint, or a solid panel of coloured light (which,
      // not glowing, must add light like any veil: the deficit test exempts glowing signs only).
      let glows = blob.glowing * 2 > area
      let shape = coloured && compact ? panelShape(blob.pixels, width: width, height: height) : (fill: 0, aspect: 0)
      let panel = c.signPanelAspect.contains(shape.aspect)
      let sign = coloured && compact && (glows || (panel && shape.fill >= c.minSignPanelFill))
      // A solid panel may be held to a lower glow (``Configuration/minSolidPanelFill``).
      let solid = sign && panel && shape.fill >= c.minSolidPanelFill
      if panelsOnly && !sign { continue }
      if coloured && !(sign && glows)
        && deficit(blob.pixels, evidence: evidence) > (sign ? c.maxSignPanelDeficit : c.maxColourDeficit)
      {
        continue
      }
      let amplitude: Float
      let level: (Int) -> Bool
      if coloured {
        let excess = evidence.colourExcess
        amplitude = max(Self.percentile(blob.pixels.map { excess[$0] }, 0.9), 1e-3)
        let threshold = c.halfLevel * amplitude
        level = { excess[$0] >= threshold }
      } else {
        let luma = evidence.luma.values
        amplitude = max(Self.percentile(blob.pixels.map { evidence.elevation[$0] }, 0.9), 1)
        let base = Self.percentile(blob.pixels.map { evidence.lumaOpening.values[$0] }, 0.5)
        let peak = Self.percentile(blob.pixels.map { luma[$0] }, 0.9)
        let threshold = base + c.halfLevel * (peak - base)
        level = { luma[$0] >= threshold }
      }
      let stamp = Int32(b + 1)
      let boundary = region.boundary(from: blob.pixels, stamp: stamp, within: level)
      guard !boundary.isEmpty else { continue }
      let gradient = coloured ? colourGradient.values : lumaGradient.values
      let q = coloured ? c.colourEdgePercentile : c.whiteEdgePercentile
      let edge = Self.percentile(boundary.map { gradient[$0] }, q)
      let limit =
        blown
        ? (largeSpot ? c.maxLargeSpotEdgeSharpness : c.maxBlownEdgeSharpness)
        : sign ? c.maxSignEdgeSharpness : coloured ? c.maxColourEdgeSharpness : c.maxEdgeSharpness
      // The halo is measured at most once per blob (HalfLevelRegion searches around a stamp once).
      let softEdges = edge / amplitude <= limit
      let cores = blown ? blob.pixels.filter { seeds[$0] & SeedKind.blown != 0 } : []
      guard
        softEdges
          || (blown && haloSurrounds(cores, stamp: stamp, region: &region, luma: evidence.luma.values))
      else { continue }
      let code = (blown ? SeedKind.blown : 0) | (coloured ? SeedKind.coloured : SeedKind.white)
      if blown {
        let holes = Self.enclosedShare(blob.pixels, width: width, height: height)
        // Lit: soft edges and light around the core. A core kept for its halo alone, its edges
        // sharp, is not lit: clipped white paint (a spacesuit's folds) ends as sharply, and many
        // of its fragments pass the halo test (counting them lit: draw 8's spacesuit 0.98 % ->
        // 1.56 % proposed, and the clipped white texture test fails).
        let lit =
          softEdges && (holes >= c.maxCoreHoleShare || amplitude < c.minGrowingCoreElevation)
          && haloSurrounds(cores, stamp: stamp, region: &region, luma: evidence.luma.values)
        // A white ring (a helmet, a halo painted round a head) encloses paint that a lamp's
        // light would have lifted with it: paint, unless its own light surrounds it.
        if holes >= c.maxCoreHoleShare && !lit { continue }
        // A core that barely stands above white paint, with no light around it, may be the
        // paint's own clipped texture: kept, not grown over the white.
        let grows = amplitude >= c.minGrowingCoreElevation || lit
        let pixels = Self.nearCore(blob.pixels, cores: cores, reach: c.maxCoreReach, width: width, height: height)
        accepted.append(AcceptedBlob(pixels: pixels, code: code, amplitude: amplitude, grows: grows))
        continue
      }
      if sign {
        // A lit sign glows: its own colour spills a little way beyond its region, more than
        // farther out.
        let rings = region.rings(
          around: boundary, stamp: stamp, bands: [c.glowDistances, c.glowReference, c.continuationDistances])
        let glow = self.glow(blob.pixels, near: rings[0], far: rings[1], evidence: evidence) / amplitude
        // A solid panel that does not glow must still add light, glowing or not.
        let glowEnough =
          glow >= c.minSignGlow
          || (solid && glow >= c.minSolidPanelGlow
            && (!glows || deficit(blob.pixels, evidence: evidence) <= c.maxSignPanelDeficit))
        if glowEnough
          && !goesOn(blob.pixels, into: rings[2], coloured: true, amplitude: amplitude, evidence: evidence)
        {
          let kept = AcceptedBlob(pixels: blob.pixels, code: code | SeedKind.sign, amplitude: amplitude)
          if glows && !solid { accepted.append(kept) } else { panels.append(kept) }
        }
        continue
      }
      // A mat: white light that lies along the glass's edge, on three sides or four, is the
      // band of mat around the picture, not glare (glare crosses the glass or sits in it).
      if !coloured && c.matBand > 0 {
        let distance =
          borderDistance ?? DistanceTransform.distance(to: measurable.map { !$0 }, width: width, height: height)
        borderDistance = distance
        if Self.liesAlongEdges(blob.pixels, distance: distance, width: width, height: height, c: c) { continue }
      }
      // Added white light keeps its own colour over a tinted background; whiter paint cancels the
      // background's tint.
      if !coloured && whitensPaint(blob.pixels, evidence: evidence) { continue }
      // Glare fades: a little way beyond its region the paint looks different from the blob.
      let ring = region.ring(around: boundary, stamp: stamp, distances: c.continuationDistances)
      if !goesOn(blob.pixels, into: ring, coloured: coloured, amplitude: amplitude, evidence: evidence) {
        accepted.append(AcceptedBlob(pixels: blob.pixels, code: code, amplitude: amplitude))
      }
    }
    // Red signs, which seed no coloured blob, as panels (GlareDetector+Signs.swift).
    if !panelsOnly {
      let red = zip(evidence.redSeeds, measurable).map { $1 ? $0 : 0 }
      panels += acceptedSeeds(
        red, evidence: evidence, width: width, height: height, measurable: measurable, panelsOnly: true,
        gradients: (lumaGradient, colourGradient))
    }
    // A glass reflects one or two lit signs; many compact glowing patches are saturated paint.
    // Solid panels are counted apart: glowing paint does not make a panel less of a sign.
    if accepted.count(where: { $0.code & SeedKind.sign != 0 }) > c.maxSigns {
      accepted.removeAll { $0.code & SeedKind.sign != 0 }
    }
    return accepted + (panels.count > c.maxSigns ? [] : panels)
  }

  /// Whether a blob lies along the glass's edge like a mat: at least ``Configuration/matShare``
  /// of its pixels within ``Configuration/matBand`` of the shorter glass side from the glass's
  /// edge (`distance`: to the nearest pixel outside the glass), and such pixels along at least
  /// half of three of the glass's four sides (its bounding box's): a band of light along one
  /// side reaches the two sides beside it only at its ends.
  static func liesAlongEdges(
    _ pixels: [Int], distance: [Float], width: Int, height: Int, c: Configuration
  ) -> Bool {
    var x0 = width
    var x1 = -1
    var y0 = height
    var y1 = -1
    for i in 0..<distance.count where distance[i] > 0 {
      x0 = min(x0, i % width)
      x1 = max(x1, i % width)
      y0 = min(y0, i / width)
      y1 = max(y1, i / width)
    }
    guard x1 > x0, y1 > y0 else { return false }
    let band = Float(c.matBand * Double(min(x1 - x0, y1 - y0) + 1))
    var near = 0
    // Per side (left, right, top, bottom), the extent along it of the pixels near it.
    var low = [Int](repeating: Int.max, count: 4)
    var high = [Int](repeating: Int.min, count: 4)
    func reach(_ side: Int, _ along: Int) {
      low[side] = min(low[side], along)
      high[side] = max(high[side], along)
    }
    for i in pixels where distance[i] <= band {
      near += 1
      let x = i % width
      let y = i / width
      if Float(x - x0) <= band { reach(0, y) }
      if Float(x1 - x) <= band { reach(1, y) }
      if Float(y - y0) <= band { reach(2, x) }
      if Float(y1 - y) <= band { reach(3, x) }
    }
    let lengths = [y1 - y0, y1 - y0, x1 - x0, x1 - x0]
    let sides = (0..<4).count { high[$0] >= low[$0] && 2 * (high[$0] - low[$0]) >= lengths[$0] }
    return Double(near) >= c.matShare * Double(pixels.count) && sides >= 3
  }

  /// The share of a blob's filled outline (``fillHoles(_:width:height:)``) that its holes take.
  static func enclosedShare(_ pixels: [Int], width: Int, height: Int) -> Double {
    let filled = fillHoles(pixels, width: width, height: height).count
    return filled == 0 ? 0 : 1 - Double(pixels.count) / Double(filled)
  }

  /// Whether a white blob is whiter paint rather than added light: over a tinted background
  /// (``Configuration/whitePaintTintedGround``), its lift cancels the background's tint, carrying
  /// ``Configuration/whitePaintTintShare`` of it or less (``TintShare``).
  private func whitensPaint(_ pixels: [Int], evidence: Evidence) -> Bool {
    var lift = SIMD3<Float>(repeating: 0)
    var base = SIMD3<Float>(repeating: 0)
    for i in pixels {
      for ch in 0..<3 {
        lift[ch] += evidence.linear[ch].values[i] - evidence.background[ch].values[i]
        base[ch] += evidence.background[ch].values[i]
      }
    }
    let c = configuration
    guard let share = TintShare.of(lift: lift, over: base, tintedGround: c.whitePaintTintedGround) else {
      return false
    }
    return share <= c.whitePaintTintShare
  }

  /// How much the blob lowers its most lowered channel, as a fraction of how much it raises
  /// its most raised one: the median over its pixels of `-min / max` of the three linear
  /// channels' differences from the background (0 or less when no channel is lowered).
  private func deficit(_ pixels: [Int], evidence: Evidence) -> Float {
    let ratios = pixels.map { i in
      let d0 = evidence.linear[0].values[i] - evidence.background[0].values[i]
      let d1 = evidence.linear[1].values[i] - evidence.background[1].values[i]
      let d2 = evidence.linear[2].values[i] - evidence.background[2].values[i]
      return -min(d0, d1, d2) / max(d0, d1, d2, 1e-4)
    }
    return Self.percentile(ratios, 0.5)
  }

  /// Whether the light of a blob's clipped `core` surrounds it: see
  /// ``Configuration/haloSectors``. Distances are steps from the core; pixels of the blob's
  /// half-level region (the white paint the core clipped over) and outside the glass's
  /// measurable part are not looked at.
  func haloSurrounds(
    _ core: [Int], stamp: Int32, region: inout HalfLevelRegion, luma: [Float]
  ) -> Bool {
    let c = configuration
    let width = region.width
    var cx = 0.0
    var cy = 0.0
    for i in core {
      cx += Double(i % width)
      cy += Double(i / width)
    }
    cx /= Double(core.count)
    cy /= Double(core.count)
    let sectors = max(1, c.haloSectors)
    var near = [[Float]](repeating: [], count: sectors)
    var far = [[Float]](repeating: [], count: sectors)
    for (i, steps) in region.steps(from: core, stamp: stamp, farthest: c.haloFar.upperBound)
    where region.measurable[i] && !region.contains(i, stamp: stamp) {
      let inNear = c.haloNear.contains(steps)
      guard inNear || c.haloFar.contains(steps) else { continue }
      let angle = atan2(Double(i / width) - cy, Double(i % width) - cx)
      let s = min(max(Int((angle + Double.pi) / (2 * Double.pi) * Double(sectors)), 0), sectors - 1)
      if inNear { near[s].append(luma[i]) } else { far[s].append(luma[i]) }
    }
    // Sectors where both rings reach paint outside the white: the near one lifted, or not.
    var lifted = 0
    var unlifted = 0
    for s in 0..<sectors where near[s].count >= 3 && far[s].count >= 3 {
      if Self.percentile(near[s], 0.1) - Self.percentile(far[s], 0.1) >= c.minHaloLift {
        lifted += 1
      } else {
        unlifted += 1
      }
    }
    return lifted >= c.minHaloSectors && unlifted <= c.maxUnliftedSectors
  }

  /// Whether the blob's look goes on in `ring` (more than ``Configuration/maxContinuation`` of it
  /// within ``Configuration/continuationTolerance`` of the blob's median): then the blob is
  /// paint its background estimate misjudged (sky in the corner of a dark frame), not light on
  /// the glass, which ends. An empty ring says nothing.
  private func goesOn(_ pixels: [Int], into ring: [Int], coloured: Bool, amplitude: Float, evidence: Evidence) -> Bool {
    guard !ring.isEmpty else { return false }
    let tolerance = configuration.continuationTolerance * amplitude
    let alike: Int
    if coloured {
      let planes = evidence.linear
      let reference = planes.map { plane in Self.percentile(pixels.map { plane.values[$0] }, 0.5) }
      alike = ring.count { j in (0..<3).allSatisfy { abs(planes[$0].values[j] - reference[$0]) <= tolerance } }
    } else {
      let luma = evidence.luma.values
      let reference = Self.percentile(pixels.map { luma[$0] }, 0.5)
      alike = ring.count { abs(luma[$0] - reference) <= tolerance }
    }
    return Float(alike) > configuration.maxContinuation * Float(ring.count)
  }

  /// How much more of the blob's own colour lies in the `near` ring than in the `far` one: the
  /// difference of their medians of the observed colour projected on the blob's excess colour
  /// (the unit vector of its median per-channel excess over the background), linear light.
  private func glow(_ pixels: [Int], near: [Int], far: [Int], evidence: Evidence) -> Float {
    guard !near.isEmpty, !far.isEmpty else { return 0 }
    let excess = (0..<3).map { c in
      Self.percentile(pixels.map { evidence.linear[c].values[$0] - evidence.background[c].values[$0] }, 0.5)
    }
    let norm = max((excess[0] * excess[0] + excess[1] * excess[1] + excess[2] * excess[2]).squareRoot(), 1e-6)
    func along(_ ring: [Int]) -> Float {
      Self.percentile(
        ring.map { j in (0..<3).reduce(Float(0)) { $0 + evidence.linear[$1].values[j] * excess[$1] / norm } }, 0.5)
    }
    return along(near) - along(far)
  }

  /// Gradient magnitude of a lightly smoothed plane, then the largest value within 2 px (5x5),
  /// so a blob boundary a pixel or two inside a paint edge still sees the edge.
  static func softGradient(_ plane: Plane<Float>) -> Plane<Float> {
    Morphology.dilate(gradientMagnitude(plane), size: 5)
  }

  /// Gradient magnitude (central differences, one-sided at the edges) of `plane` lightly
  /// smoothed (two 3x3 box blurs), in the plane's units per pixel.
  static func gradientMagnitude(_ plane: Plane<Float>) -> Plane<Float> {
    let smooth = BoxFilter.blur(BoxFilter.blur(plane, radius: 1), radius: 1)
    let width = plane.width
    let height = plane.height
    var magnitude = Plane<Float>(width: width, height: height, repeating: 0)
    for y in 0..<height {
      for x in 0..<width {
        let left = smooth[max(x - 1, 0), y]
        let right = smooth[min(x + 1, width - 1), y]
        let up = smooth[x, max(y - 1, 0)]
        let down = smooth[x, min(y + 1, height - 1)]
        let gx = (right - left) / Float(max(1, min(x + 1, width - 1) - max(x - 1, 0)))
        let gy = (down - up) / Float(max(1, min(y + 1, height - 1) - max(y - 1, 0)))
        magnitude[x, y] = (gx * gx + gy * gy).squareRoot()
      }
    }
    return magnitude
  }

  /// The q-quantile (0...1, nearest rank) of `values`; 0 for an empty array.
  static func percentile(_ values: [Float], _ q: Double) -> Float {
    guard !values.isEmpty else { return 0 }
    let rank = Int((q * Double(values.count - 1)).rounded())
    // By selection: the value a sort would put at the rank, without sorting the whole array.
    return OrderStatistic.value(at: min(max(rank, 0), values.count - 1), of: values)
  }

  /// The pixels of a blown seed blob within `reach` times its clipped core's radius (the radius
  /// of a disc of its `cores`' area, its blown seeds) of those seeds, counted through the blob
  /// (``Configuration/maxCoreReach``): a lamp's light fades within a few radii of its core, and
  /// pale paint joined to the core farther out (a white passage between dark lines) is paint.
  static func nearCore(_ pixels: [Int], cores: [Int], reach: Double, width: Int, height: Int) -> [Int] {
    let steps = (reach * (Double(cores.count) / Double.pi).squareRoot()).rounded(.up)
    // Every pixel of the blob lies within its size in steps of the core.
    guard steps < Double(pixels.count) else { return pixels }
    var start = [UInt8](repeating: 0, count: width * height)
    for i in cores { start[i] = 1 }
    var blob = [Bool](repeating: false, count: width * height)
    for i in pixels { blob[i] = true }
    let reached = grow(start, within: blob, width: width, height: height, radius: Int(steps))
    return pixels.filter { reached[$0] != 0 }
  }

  /// Geodesic growth: pixels of `region` reachable from `seeds` (non-zero codes) in at most
  /// `radius` 8-connected steps through `region` (breadth-first, each pixel visited once); a
  /// reached pixel takes the code of the pixel that reached it.
  static func grow(_ seeds: [UInt8], within region: [Bool], width: Int, height: Int, radius: Int) -> [UInt8] {
    var result = seeds
    var frontier: [Int] = []
    for i in 0..<seeds.count where seeds[i] != 0 { frontier.append(i) }
    var step = 0
    while !frontier.isEmpty && step < radius {
      var next: [Int] = []
      for i in frontier {
        let code = result[i]
        Neighbours.eight(of: i, width: width, height: height) { j in
          if region[j] && result[j] == 0 {
            result[j] = code
            next.append(j)
          }
        }
      }
      frontier = next
      step += 1
    }
    return result
  }
}
