import Foundation

// A lamp's reflection is round: its halo, ring by ring.
//
// The soft halo of a specular core grows pixel by pixel through the luma elevation above the
// opening, so it stops short wherever the paint under the halo is darker or textured (a flower,
// a dark line), leaving a ragged blob with bays and holes, and where the halo is wider than the
// opening sees. But a lamp's light falls off with the distance from its core whatever paint it
// lies on. So each proposed specular spot is measured in rings about its centre (ellipses of its
// own shape, from its second moments): the median linear luma of each ring, against the median
// of the rings far out (the paint without the lamp). The spot is filled out to the radius up to
// which every ring is at least half proposed already, then grown ring by ring while the ring's
// median still stands visibly above the far rings and does not rise again (paint brighter than
// the halo, not light falling off).
//
// A clipped fold at the edge of a white garment is not a lamp, though its rings stand above the
// far ones: most of each ring lies on the garment. A lamp's light is added on every side of it,
// so each ring is also read in sectors, each against its own far rings: the growth stops at a
// ring whose light is one-sided (the median of its sectors' lifts under half of the ring's lift)
// and no longer falls off (its lift above `spotRingFalloff` of the lift some rings inward), the
// garment's flat field, where a lamp's halo beside a dark or a white passage still falls off.

extension GlareDetector {
  /// Fills and grows each specular spot of `codes` in rings (see the file's comment).
  /// - Parameters:
  ///   - codes: the proposal so far (blob codes, 0 none); added pixels take their spot's code.
  ///   - allowed: per analysis pixel, whether it lies wholly inside the glass.
  func growSpotRings(_ codes: [UInt8], evidence: Evidence, allowed: [Bool], width: Int, height: Int) -> [UInt8] {
    let c = configuration
    guard c.spotRingRadiusFraction > 0 else { return codes }
    let (components, members, code) = Self.proposedBlobs(codes, width: width, height: height)
    let spots = members.indices.filter {
      code[$0] & SeedKind.blown != 0 && code[$0] & SeedKind.sign == 0 && members[$0].count >= 3
    }
    guard !spots.isEmpty else { return codes }
    let planes = evidence.linear
    let luma = (0..<(width * height)).map {
      Luma.linear(planes[0].values[$0], planes[1].values[$0], planes[2].values[$0])
    }
    let shorter = Double(min(width, height))
    var result = codes
    for b in spots {
      let pixels = members[b]
      guard let shape = Axis(pixels, width: width) else { continue }
      let ratio = max(shape.elongation, 1)
      // Distance in the spot's own shape: along its major axis divided by its elongation.
      func frame(_ i: Int) -> (along: Double, across: Double) {
        let dx = Double(i % width) - shape.x
        let dy = Double(i / width) - shape.y
        return ((dx * shape.ux + dy * shape.uy) / ratio, -dx * shape.uy + dy * shape.ux)
      }
      func distance(_ i: Int) -> Double {
        let (along, across) = frame(i)
        return (along * along + across * across).squareRoot()
      }
      let sectors = c.spotRingSectors
      func sector(_ i: Int) -> Int {
        let (along, across) = frame(i)
        let turn = (atan2(across, along) + .pi) / (2 * .pi)
        return min(sectors - 1, Int(turn * Double(sectors)))
      }
      let own = Self.percentile(pixels.map { Float(distance($0)) }, 0.95)
      let outer = max(own + 3, Float(c.spotRingRadiusFraction * shorter / ratio.squareRoot()))
      let rings = Int(outer) + 1
      // Ring index of every allowed pixel within reach (a box around the spot bounds the scan).
      let reach = Int((Double(outer) * ratio).rounded(.up)) + 1
      let x0 = max(0, Int(shape.x) - reach)
      let x1 = min(width - 1, Int(shape.x) + reach)
      let y0 = max(0, Int(shape.y) - reach)
      let y1 = min(height - 1, Int(shape.y) + reach)
      var values = [[Float]](repeating: [], count: rings)
      var ringPixels = [[Int]](repeating: [], count: rings)
      var proposed = [Int](repeating: 0, count: rings)
      for y in y0...y1 {
        for x in x0...x1 where allowed[y * width + x] {
          let i = y * width + x
          let d = distance(i)
          guard d <= Double(outer) else { continue }
          let ring = Int(d)
          values[ring].append(luma[i])
          ringPixels[ring].append(i)
          if components.labels[i] == Int32(b + 1) { proposed[ring] += 1 }
        }
      }
      // Filled out to where every ring is at least half proposed already.
      var filled = 0
      while filled + 1 < rings, !ringPixels[filled + 1].isEmpty,
        Float(proposed[filled + 1]) >= c.spotRingCover * Float(ringPixels[filled + 1].count)
      {
        filled += 1
      }
      let medians = values.map { $0.isEmpty ? Float.nan : Self.percentile($0, 0.5) }
      let far = Int(Double(outer) * (1 - c.spotRingBackground))
      let background = Self.percentile(medians[min(far, rings - 1)...].filter { !$0.isNaN }, 0.5)
      // Each sector's own far paint, then the median of a ring's sectors' lifts over theirs.
      var farValues = [[Float]](repeating: [], count: sectors)
      for r in min(far, rings - 1)..<rings { for i in ringPixels[r] { farValues[sector(i)].append(luma[i]) } }
      let farSectors = farValues.map { $0.count < 3 ? Float.nan : Self.percentile($0, 0.5) }
      func sectorLift(_ r: Int) -> Float? {
        var bySector = [[Float]](repeating: [], count: sectors)
        for i in ringPixels[r] { bySector[sector(i)].append(luma[i]) }
        let lifts = (0..<sectors).compactMap { s -> Float? in
          bySector[s].count < 2 || farSectors[s].isNaN ? nil : Self.percentile(bySector[s], 0.5) - farSectors[s]
        }.sorted()
        guard lifts.count >= 4 else { return nil }
        return (lifts[(lifts.count - 1) / 2] + lifts[lifts.count / 2]) / 2
      }
      var reached = filled
      var lowest = Float.infinity
      var ring = filled
      while ring < far {
        let value = medians[ring]
        if value.isNaN || value > lowest + c.spotRingRise { break }
        if SRGB.encode(min(value, 1)) - SRGB.encode(min(background, 1)) < c.spotRingMinLevels / 255 { break }
        // One-sided light that no longer falls off: bright paint beside the core, not its halo.
        let lift = value - background
        let span = c.spotRingFalloffSpan
        if ring >= filled + span, lift > c.spotRingFalloff * (medians[ring - span] - background),
          let sides = sectorLift(ring), sides < c.spotRingOneSided * lift
        {
          break
        }
        lowest = min(lowest, value)
        reached = ring
        ring += 1
      }
      let spotCode = codes[pixels[0]]
      for r in 0...min(reached, rings - 1) {
        for i in ringPixels[r] where result[i] == 0 && distance(i) <= Double(reached) + 0.5 { result[i] = spotCode }
      }
    }
    return result
  }
}
