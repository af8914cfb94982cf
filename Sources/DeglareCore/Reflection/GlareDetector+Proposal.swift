import Foundation

// The analysis-resolution steps of the detector (see GlareDetector.swift for the outline).

/// The bits of a seed pixel's kind (several can be set).
enum SeedKind {
  /// Unsaturated light well above the luma background.
  static let white: UInt8 = 1
  /// Clipped in all channels and above the background: a specular core.
  static let blown: UInt8 = 2
  /// Coloured light added to the paint.
  static let coloured: UInt8 = 4
  /// A lit sign: strong, saturated coloured light with a glow (set on accepted blobs only).
  static let sign: UInt8 = 8
  /// Coloured light that outshines the paint under it many times over: a lit sign's reflection,
  /// or a lit coloured object against dark paint (the blob test tells them apart by the glow).
  static let glowing: UInt8 = 16
  /// A window's reflection: a soft-edged rectangle of neutral added light
  /// (GlareDetector+Window.swift; set with ``white``).
  static let window: UInt8 = 32
  /// A sheen: a broad, weak veil of neutral light over dark ground (GlareDetector+Sheen.swift;
  /// set with ``white``).
  static let sheen: UInt8 = 64
}

extension GlareDetector {
  /// Per-pixel evidence at analysis resolution.
  struct Evidence {
    /// Luma elevation above the luma opening (8-bit levels).
    var elevation: [Float]
    /// Largest per-channel linear excess over the per-channel opening.
    var colourExcess: [Float]
    /// Seed kinds (``SeedKind`` bits), 0 none.
    var seeds: [UInt8]
    /// Seeds of red light (``Configuration/signPanelHues``), which the coloured test leaves out
    /// and only a sign's panel may use (GlareDetector+Signs.swift): ``SeedKind/coloured``, 0 none.
    var redSeeds: [UInt8]
    /// Pixels seeds may grow into.
    var halo: [Bool]
    /// Luma (8-bit levels), for the edge test.
    var luma: Plane<Float>
    /// The luma opening (8-bit levels): the background the white test measures elevation from.
    var lumaOpening: Plane<Float>
    /// The observed colour in linear light (0...1), red, green and blue planes.
    var linear: [Plane<Float>]
    /// The coloured test's background (per-channel coarse median), linear light.
    var background: [Plane<Float>]
  }

  /// What one proposed blob at analysis resolution is.
  struct BlobDescription {
    /// Its kind.
    var kind: GlareBlob.Kind
    /// Whether the coloured test found it.
    var coloured: Bool
  }

  /// The proposal at analysis resolution.
  struct Proposal {
    /// Per analysis pixel: the number of its proposed blob (1...), 0 when not proposed.
    var blobs: [Int32]
    /// `kinds[n - 1]` describes blob n.
    var kinds: [BlobDescription]
  }

  /// The proposal at analysis resolution.
  /// - Parameter allowed: per analysis pixel, whether it lies wholly inside the glass.
  func propose(_ image: AnalysisImage, allowed: [Bool]) -> Proposal {
    let width = image.width
    let height = image.height
    let count = width * height
    let shorter = min(width, height)
    let none = Proposal(blobs: [Int32](repeating: 0, count: count), kinds: [])
    guard shorter >= 3, allowed.contains(true) else { return none }
    let evidence = gatherEvidence(image)
    var seeds = evidence.seeds
    var halo = evidence.halo
    for i in 0..<count where !allowed[i] {
      seeds[i] = 0
      halo[i] = false
    }
    // Boundary pixels next to a cell outside the glass (or the grid's edge) say nothing about a
    // blob's edge: the picture is cut there, not faded.
    var measurable = allowed
    for y in 0..<height {
      for x in 0..<width where allowed[y * width + x] {
        if x == 0 || y == 0 || x == width - 1 || y == height - 1 {
          measurable[y * width + x] = false
          continue
        }
        var all = true
        Neighbours.eight(of: y * width + x, width: width, height: height) { j in all = all && allowed[j] }
        measurable[y * width + x] = all
      }
    }
    var accepted = acceptedSeeds(seeds, evidence: evidence, width: width, height: height, measurable: measurable)
    accepted += faintCores(
      clipped: image.clippedFraction.values, accepted: accepted, evidence: evidence, width: width, height: height,
      measurable: measurable)
    var codes = [UInt8](repeating: 0, count: count)
    for blob in accepted where blob.grows {
      for i in blob.pixels { codes[i] = blob.code }
    }
    let radius = max(1, Int((configuration.growRadiusFraction * Double(shorter)).rounded()))
    let grown = Self.grow(codes, within: halo, width: width, height: height, radius: radius)
    let haloed = growSoftHalos(
      accepted, into: grown, evidence: evidence, allowed: allowed, width: width, height: height)
    let extended = extendStreaks(haloed, evidence: evidence, allowed: allowed, width: width, height: height)
    let ringed = growSpotRings(extended, evidence: evidence, allowed: allowed, width: width, height: height)
    let extents = growExtents(ringed, evidence: evidence, allowed: allowed, width: width, height: height)
    let veiled = markSkylightVeils(extents, evidence: evidence, allowed: allowed, width: width, height: height)
    let streaked = markWhiteStreaks(veiled, evidence: evidence, allowed: allowed, width: width, height: height)
    let windowed = markWindows(streaked, evidence: evidence, allowed: allowed, width: width, height: height)
    let sheened = markSheens(windowed, evidence: evidence, allowed: allowed, width: width, height: height)
    // Cores held back from growth keep their clipped pixels: the partly clipped cells they
    // reach (their seed cells are at least half clipped).
    var proposed = sheened
    if accepted.contains(where: { !$0.grows }) {
      var held = [UInt8](repeating: 0, count: count)
      for blob in accepted where !blob.grows {
        for i in blob.pixels where sheened[i] == 0 { held[i] = blob.code }
      }
      let clipped = image.clippedFraction.values
      let free = (0..<count).map { allowed[$0] && clipped[$0] > 0 && sheened[$0] == 0 }
      let reached = Self.grow(held, within: free, width: width, height: height, radius: count)
      for i in 0..<count where proposed[i] == 0 { proposed[i] = reached[i] }
    }
    return describe(proposed, width: width, height: height)
  }

  /// Numbers the grown blobs and gives each its kind: from its seed (sign, window, specular core,
  /// sheen, coloured or white light) and, for plain light, its shape (elongated: a streak).
  func describe(_ grown: [UInt8], width: Int, height: Int) -> Proposal {
    let components = ConnectedComponents(
      width: width, height: height, connectivity: .eight, foreground: grown.map { $0 != 0 })
    var code = [UInt8](repeating: 0, count: components.count)
    var moments = [Moments](repeating: Moments(), count: components.count)
    for i in 0..<(width * height) where components.labels[i] != 0 {
      let b = Int(components.labels[i]) - 1
      code[b] |= grown[i]
      moments[b].add(i % width, i / width)
    }
    let kinds = (0..<components.count).map { b -> BlobDescription in
      let seed = code[b]
      let coloured = seed & SeedKind.coloured != 0
      if seed & SeedKind.sign != 0 { return BlobDescription(kind: .sign, coloured: true) }
      if seed & SeedKind.window != 0 { return BlobDescription(kind: .window, coloured: coloured) }
      if seed & SeedKind.blown != 0 { return BlobDescription(kind: .spot, coloured: coloured) }
      if seed & SeedKind.sheen != 0 { return BlobDescription(kind: .sheen, coloured: coloured) }
      return BlobDescription(kind: isElongated(moments[b]) ? .streak : .patch, coloured: coloured)
    }
    return Proposal(blobs: components.labels, kinds: kinds)
  }

  /// Second moments of a set of pixels.
  struct Moments {
    var n = 0.0
    var x = 0.0
    var y = 0.0
    var xx = 0.0
    var yy = 0.0
    var xy = 0.0

    /// Adds the pixel at (`px`, `py`).
    mutating func add(_ px: Int, _ py: Int) {
      let x = Double(px)
      let y = Double(py)
      n += 1
      self.x += x
      self.y += y
      xx += x * x
      yy += y * y
      xy += x * y
    }

    /// The moments of `pixels` (indices into a plane `width` wide).
    init(_ pixels: [Int] = [], width: Int = 1) {
      for i in pixels { add(i % width, i / width) }
    }

    /// The centroid, the principal second moments (a single pixel counts as 1/12 across) and
    /// the unit vector of the major axis; nil when there are no pixels.
    var principal: (x: Double, y: Double, major: Double, minor: Double, ux: Double, uy: Double)? {
      guard n > 0 else { return nil }
      let mx = x / n
      let my = y / n
      let sxx = xx / n - mx * mx
      let syy = yy / n - my * my
      let sxy = xy / n - mx * my
      let spread = ((sxx - syy) * (sxx - syy) + 4 * sxy * sxy).squareRoot()
      let major = (sxx + syy + spread) / 2
      let minor = max((sxx + syy - spread) / 2, 1.0 / 12)
      // The eigenvector of the larger eigenvalue.
      var vx = sxy
      var vy = major - sxx
      if abs(vx) + abs(vy) < 1e-12 { (vx, vy) = sxx >= syy ? (1, 0) : (0, 1) }
      let length = (vx * vx + vy * vy).squareRoot()
      return (mx, my, major, minor, vx / length, vy / length)
    }
  }

  /// Whether pixels with these moments are at least ``Configuration/streakElongation`` times as
  /// long as wide (square root of the ratio of the principal second moments; a single pixel
  /// counts as 1/12 across).
  func isElongated(_ m: Moments) -> Bool {
    guard let axes = m.principal else { return false }
    return (axes.major / axes.minor).squareRoot() >= configuration.streakElongation
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
    let opening = Self.squareSide(c.luminanceOpeningFraction, shorter: shorter)
    let cell = max(1, c.backgroundCellSize)
    let window = max(3, Int((c.colourBackgroundFraction * Double(shorter) / Double(cell)).rounded()) | 1)
    // The luma's opening and the three channels' median backgrounds are independent: one core each.
    let (lumaOpening, background) = {
      let sources = [luma] + linear
      var planes = Parallel.map(sources.count) { index in
        index == 0
          ? Morphology.open(Morphology.close(sources[0], size: detail), size: opening)
          : Self.coarseMedian(sources[index], cell: cell, window: window)
      }
      let opened = planes.removeFirst()
      return (opened, planes)
    }()
    var elevation = [Float](repeating: 0, count: count)
    var excess = [Float](repeating: 0, count: count)
    var seeds = [UInt8](repeating: 0, count: count)
    var redSeeds = [UInt8](repeating: 0, count: count)
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
        kind |= SeedKind.white
      }
      if image.clippedFraction.values[i] >= c.minClippedFraction && t >= c.blownMinElevation { kind |= SeedKind.blown }
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
      // The excess's hue angle (0 red, 120 green, 240 blue) must be a light's: green to sky blue.
      var hue = atan2(0.866_025_4 * (e1 - e2), e0 - 0.5 * (e1 + e2)) * (180 / Float.pi)
      if dMax >= c.minColourExcess && purity >= c.minColourPurity && c.signPanelHues.contains(hue)
        && tint >= c.minTint * excessChroma
      {
        redSeeds[i] = SeedKind.coloured
      }
      if hue < 0 { hue += 360 }
      let lightHue = c.lightHues.contains(hue)
      let hueDeparts = agreement >= c.minHueAgreement && tint >= c.minTint * excessChroma && lightHue
      let veils = dMax <= c.maxColourContrast * max(max(b0, b1, b2), 0.05)
      if dMax >= c.minColourExcess && purity >= c.minColourPurity && agreement <= c.maxHueAgreement && hueDeparts
        && veils
      {
        kind |= SeedKind.coloured
      } else if !veils && dMax >= c.minGlowExcess && purity >= c.minColourPurity && lightHue
        && tint >= c.minTint * excessChroma
      {
        // Light that outshines the paint many times over is not a veil: a lit sign, or a lit
        // coloured object against dark paint (its blob must glow and end). Its own glow tints the
        // median background, so the hue-agreement test says nothing here.
        kind |= SeedKind.glowing
      }
      seeds[i] = kind
      halo[i] =
        kind != 0 || (t >= c.haloElevation && s <= c.haloSaturation)
        || (dMax >= c.minColourExcess * relax && purity >= c.minColourPurity * (1 + relax) / 2
          && agreement <= c.maxHueAgreement + relax * 0.6 && hueDeparts)
    }
    return Evidence(
      elevation: elevation, colourExcess: excess, seeds: seeds, redSeeds: redSeeds, halo: halo, luma: luma,
      lumaOpening: lumaOpening,
      linear: linear, background: background)
  }
}
