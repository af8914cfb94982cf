// A frame is a band of one material, equally wide all round, between the wall and the picture.
// That is what tells a grey frame on a grey wall (which the wall contrast takes for wall) from
// the wall, and a frame from a rectangle painted inside the picture or a cast shadow (which
// borders two sides at most).

extension FrameDetector {
  /// Whether `inner` lies inside `outer` (analysis pixels) in a frame band: even insets once the
  /// perspective is undone (``hasEvenInsets(_:inside:)``), the band's colour the same on all four
  /// sides (within `bandMaximumSpread` levels, once each side's light is divided out) and, on
  /// every side, at least `bandMinimumContrast` levels from the wall just outside `outer`.
  func isFrameBand(outer: Quad, inner: Quad, wall: WallContrast) -> Bool {
    guard hasEvenInsets(inner, inside: outer) else { return false }
    var bands: [[Float]] = []
    for side in 0..<4 {
      let colours = bandColours(outer: outer, inner: inner, side: side, wall: wall)
      guard let band = colours.band, let outside = colours.outside,
        distance(band, outside) >= configuration.bandMinimumContrast
      else { return false }
      bands.append(band)
    }
    // The band's colour all round, with each side's brightness divided out (the light falls
    // unevenly on the four sides of a moulding).
    let chromas = bands.map { band -> [Float] in
      let sum = max(1, band.reduce(0, +))
      return band.map { 255 * $0 / sum }
    }
    for first in 0..<4 {
      for second in (first + 1)..<4 where distance(chromas[first], chromas[second]) > configuration.bandMaximumSpread {
        return false
      }
    }
    return true
  }

  /// The median colours, along `side`, of the band between `outer` and `inner` (at its middle)
  /// and of the wall `bandWallOffset` analysis pixels outside `outer`.
  private func bandColours(outer: Quad, inner: Quad, side: Int, wall: WallContrast) -> (
    band: [Float]?, outside: [Float]?
  ) {
    let image = wall.image
    let (outerStart, outerEnd) = outer.edge(side)
    let (innerStart, innerEnd) = inner.edge(side)
    var normal = (outerEnd - outerStart).normalized.perpendicular
    if normal.dot((outerStart + outerEnd) / 2 - outer.centroid) < 0 { normal = normal * -1 }
    var bandSamples: [[Float]] = []
    var wallSamples: [[Float]] = []
    let count = configuration.bandSamplesPerSide
    for index in 0..<count {
      let t = 0.1 + 0.8 * (Double(index) + 0.5) / Double(count)
      let onOuter = outerStart + (outerEnd - outerStart) * t
      let onInner = innerStart + (innerEnd - innerStart) * t
      if let colour = colour(image, at: (onOuter + onInner) / 2) { bandSamples.append(colour) }
      if let colour = colour(image, at: onOuter + normal * configuration.bandWallOffset) { wallSamples.append(colour) }
    }
    return (median(bandSamples), median(wallSamples))
  }

  private func colour(_ image: AnalysisPlanes, at point: Point) -> [Float]? {
    let x = Int(point.x.rounded())
    let y = Int(point.y.rounded())
    guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
    return image.colour(x: x, y: y)
  }

  /// The per-channel median, nil when there are no samples.
  private func median(_ samples: [[Float]]) -> [Float]? {
    guard let channels = samples.first?.count else { return nil }
    return (0..<channels).map { channel in
      let values = samples.map { $0[channel] }.sorted()
      return values[values.count / 2]
    }
  }

  private func distance(_ a: [Float], _ b: [Float]) -> Float {
    zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
  }
}

extension FrameDetector {
  /// The largest candidate of `pool` that holds `inner` inside a frame band on the sides where
  /// it does not share `inner`'s line (analysis pixels): sides parallel, at least one inset
  /// wider than `bandMinimumInsetFraction` of `inner`'s longest side, the wide insets about
  /// equal, and on each of those sides (two at least: a dado rail or a panel joint borders one)
  /// a band that differs from the wall outside. A chosen
  /// quad with such a candidate around it may be a canvas whose frame's other sides are too
  /// faint to see (a grey frame on a grey wall).
  func partlyFramed(_ inner: Candidate, among pool: [Candidate], wall: WallContrast) -> Candidate? {
    let maximumAngle = configuration.enclosingMaximumAngleDegrees * .pi / 180
    let size = inner.quad.longestEdge
    let framing = pool.filter { outer in
      // Shared sides are the same line, so the inner corners may fall a hair outside.
      let grown = (try? outer.quad.expanded(by: 2)) ?? outer.quad
      guard outer.area > inner.area, outer.coverage.allSatisfy({ $0 >= configuration.bandMinimumCoverage }),
        inner.quad.corners.allSatisfy({ grown.contains($0) })
      else { return false }
      var insets: [Double] = []
      for side in 0..<4 {
        let outerEdge = outer.quad.edge(side)
        let innerEdge = inner.quad.edge(side)
        let outerLine = Line(through: outerEdge.start, outerEdge.end)
        guard outerLine.angle(to: Line(through: innerEdge.start, innerEdge.end)) <= maximumAngle else { return false }
        insets.append(abs(outerLine.signedDistance(to: (innerEdge.start + innerEdge.end) / 2)))
      }
      let wide = insets.filter { $0 > configuration.bandMinimumInsetFraction * size }
      guard wide.count >= 2, let narrowest = wide.min(), let widest = wide.max(),
        widest <= configuration.enclosingMaximumInset * size,
        widest <= configuration.paintingMaximumInsetRatio * narrowest
      else { return false }
      return (0..<4).allSatisfy { side in
        insets[side] <= configuration.bandMinimumInsetFraction * size
          || bandContrast(outer: outer.quad, inner: inner.quad, side: side, wall: wall)
            >= configuration.bandMinimumContrast
      }
    }
    return framing.max { $0.area < $1.area }
  }

  /// The colour distance between the band between `outer` and `inner` on `side` and the wall
  /// just outside `outer` there (medians along the side), 8-bit levels.
  func bandContrast(outer: Quad, inner: Quad, side: Int, wall: WallContrast) -> Float {
    let colours = bandColours(outer: outer, inner: inner, side: side, wall: wall)
    guard let band = colours.band, let outside = colours.outside else { return 0 }
    return distance(band, outside)
  }
}
