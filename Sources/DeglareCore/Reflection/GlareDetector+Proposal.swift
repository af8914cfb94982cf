// The analysis-resolution steps of the detector (see GlareDetector.swift for the outline).

extension GlareDetector {
  /// Per-pixel evidence at analysis resolution.
  struct Evidence {
    /// Luma elevation above the luma opening (8-bit levels).
    var elevation: [Float]
    /// Largest per-channel linear excess over the per-channel opening.
    var colourExcess: [Float]
    /// Seed kinds: 1 white, 2 blown, 4 coloured (bit set), 0 none.
    var seeds: [UInt8]
    /// Pixels seeds may grow into.
    var halo: [Bool]
    /// Luma (8-bit levels), for the edge test.
    var luma: Plane<Float>
    /// The luma opening (8-bit levels): the background the white test measures elevation from.
    var lumaOpening: Plane<Float>
    /// The observed colour in linear light (0...1), red, green and blue planes.
    var linear: [Plane<Float>]
  }

  /// The proposal at analysis resolution, one flag per analysis pixel.
  func propose(_ image: AnalysisImage, marginBand band: Int) -> [Bool] {
    let width = image.width
    let height = image.height
    let count = width * height
    let shorter = min(width, height)
    guard shorter >= 3 else { return [Bool](repeating: false, count: count) }
    let evidence = gatherEvidence(image)
    var seeds = evidence.seeds
    var halo = evidence.halo
    // Analysis cells that touch the margin band.
    let bandCells = (band + image.factor - 1) / image.factor
    if bandCells > 0 {
      for y in 0..<height {
        for x in 0..<width where x < bandCells || y < bandCells || x >= width - bandCells || y >= height - bandCells {
          seeds[y * width + x] = 0
          halo[y * width + x] = false
        }
      }
    }
    let accepted = acceptedSeeds(seeds, evidence: evidence, width: width, height: height, bandCells: bandCells)
    let radius = max(1, Int((configuration.growRadiusFraction * Double(shorter)).rounded()))
    return Self.grow(accepted, within: halo, width: width, height: height, radius: radius)
  }

  /// Odd square side for a fraction of the shorter side (at least 3).
  static func squareSide(_ fraction: Double, shorter: Int) -> Int {
    max(3, Int((fraction * Double(shorter)).rounded()) | 1)
  }

  func gatherEvidence(_ image: AnalysisImage) -> Evidence {
    let c = configuration
    let width = image.width
    let height = image.height
    let count = width * height
    let shorter = min(width, height)
    var luma = Plane<Float>(width: width, height: height, repeating: 0)
    var saturation = [Float](repeating: 0, count: count)
    var linear = [Plane<Float>](repeating: Plane(width: width, height: height, repeating: 0), count: 3)
    for i in 0..<count {
      let r = image.red.values[i]
      let g = image.green.values[i]
      let b = image.blue.values[i]
      luma.values[i] = Luma.of(r, g, b)
      let high = max(r, g, b)
      saturation[i] = high > 1 ? (high - min(r, g, b)) / high : 0
      linear[0].values[i] = SRGB.linear(r)
      linear[1].values[i] = SRGB.linear(g)
      linear[2].values[i] = SRGB.linear(b)
    }
    let detail = Self.squareSide(c.detailClosingFraction, shorter: shorter)
    let lumaOpening = Morphology.open(
      Morphology.close(luma, size: detail), size: Self.squareSide(c.luminanceOpeningFraction, shorter: shorter))
    let cell = max(1, c.backgroundCellSize)
    let window = max(3, Int((c.colourBackgroundFraction * Double(shorter) / Double(cell)).rounded()) | 1)
    let background = linear.map { Self.coarseMedian($0, cell: cell, window: window) }
    var elevation = [Float](repeating: 0, count: count)
    var excess = [Float](repeating: 0, count: count)
    var seeds = [UInt8](repeating: 0, count: count)
    var halo = [Bool](repeating: false, count: count)
    let relax = c.haloColourRelaxation
    for i in 0..<count {
      let l = luma.values[i]
      let opened = lumaOpening.values[i]
      let t = max(0, l - opened)
      elevation[i] = t
      let s = saturation[i]
      var kind: UInt8 = 0
      if l >= c.minLuma && s <= c.maxSaturation && t >= c.minElevation
        && SRGB.linear(l) >= c.minLinearRatio * max(SRGB.linear(opened), 1e-3)
      {
        kind |= 1
      }
      if image.clippedFraction.values[i] >= c.minClippedFraction && t >= c.blownMinElevation { kind |= 2 }
      // Coloured additive test in linear light.
      let b0 = background[0].values[i]
      let b1 = background[1].values[i]
      let b2 = background[2].values[i]
      let l0 = linear[0].values[i]
      let l1 = linear[1].values[i]
      let l2 = linear[2].values[i]
      let d0 = l0 - b0
      let d1 = l1 - b1
      let d2 = l2 - b2
      let dMax = max(d0, d1, d2)
      let dMin = min(d0, d1, d2)
      excess[i] = dMax
      let purity = dMax > 1e-4 ? (dMax - dMin) / dMax : 0
      let dMean = (d0 + d1 + d2) / 3
      let bMean = (b0 + b1 + b2) / 3
      let e0 = d0 - dMean
      let e1 = d1 - dMean
      let e2 = d2 - dMean
      let f0 = b0 - bMean
      let f1 = b1 - bMean
      let f2 = b2 - bMean
      let excessChroma = e0 * e0 + e1 * e1 + e2 * e2
      let norms = (excessChroma * (f0 * f0 + f1 * f1 + f2 * f2)).squareRoot()
      let agreement = (e0 * f0 + e1 * f1 + e2 * f2) / max(norms, 1e-10)
      // Tint: the observed chroma along the excess's chroma, relative to the excess's chroma.
      let lMean = (l0 + l1 + l2) / 3
      let tint = (l0 - lMean) * e0 + (l1 - lMean) * e1 + (l2 - lMean) * e2
      let hueDeparts = agreement >= c.minHueAgreement && tint >= c.minTint * excessChroma
      let veils = dMax <= c.maxColourContrast * max(max(b0, b1, b2), 0.05)
      if dMax >= c.minColourExcess && purity >= c.minColourPurity && agreement <= c.maxHueAgreement && hueDeparts
        && veils
      {
        kind |= 4
      }
      seeds[i] = kind
      halo[i] =
        kind != 0 || (t >= c.haloElevation && s <= c.haloSaturation)
        || (dMax >= c.minColourExcess * relax && purity >= c.minColourPurity * (1 + relax) / 2
          && agreement <= c.maxHueAgreement + relax * 0.6 && hueDeparts)
    }
    return Evidence(
      elevation: elevation, colourExcess: excess, seeds: seeds, halo: halo, luma: luma, lumaOpening: lumaOpening,
      linear: linear)
  }
}
