// Seed blobs: which ones are kept (size, the edge of their half-level region, blown cores), and
// bounded growth of the kept ones into their halos.

extension GlareDetector {
  /// Per-blob statistics gathered in one pass over the labels.
  private struct BlobStats {
    var blown = 0
    var coloured = 0
    var pixels: [Int] = []
  }

  /// The seed pixels of blobs that pass the blob tests.
  /// - Parameter bandCells: analysis cells along each edge that touch the margin band; boundary
  ///   pixels next to them (or to the image edge) say nothing about the blob's edge and are not
  ///   measured.
  func acceptedSeeds(_ seeds: [UInt8], evidence: Evidence, width: Int, height: Int, bandCells: Int) -> [Bool] {
    let c = configuration
    let components = ConnectedComponents(
      width: width, height: height, connectivity: .eight, foreground: seeds.map { $0 != 0 })
    guard components.count > 0 else { return [Bool](repeating: false, count: width * height) }
    let lumaGradient = Self.softGradient(evidence.luma)
    let colourGradient = Self.softGradient(Plane(width: width, height: height, values: evidence.colourExcess))
    var stats = [BlobStats](repeating: BlobStats(), count: components.count)
    let labels = components.labels
    for i in 0..<(width * height) where labels[i] != 0 {
      let b = Int(labels[i]) - 1
      let kind = seeds[i]
      if kind & 2 != 0 { stats[b].blown += 1 }
      if kind & 4 != 0 { stats[b].coloured += 1 }
      stats[b].pixels.append(i)
    }
    let minArea = c.minBlobFraction * Double(width * height)
    var keep = [Bool](repeating: false, count: components.count + 1)
    var region = HalfLevelRegion(width: width, height: height, margin: bandCells + 1)
    for (b, blob) in stats.enumerated() {
      let area = blob.pixels.count
      // Specular cores are kept whatever their size, if they fade into a halo (clipped paint
      // stops at its painted outline instead).
      let blown = blob.blown >= c.minBlownCells
      guard blown || Double(area) >= minArea else { continue }
      let coloured = !blown && blob.coloured * 2 > area
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
      let boundary = region.boundary(from: blob.pixels, stamp: Int32(b + 1), within: level)
      guard !boundary.isEmpty else { continue }
      let gradient = coloured ? colourGradient.values : lumaGradient.values
      let q = coloured ? c.colourEdgePercentile : c.whiteEdgePercentile
      let edge = Self.percentile(boundary.map { gradient[$0] }, q)
      let limit = blown ? c.maxBlownEdgeSharpness : coloured ? c.maxColourEdgeSharpness : c.maxEdgeSharpness
      guard edge / amplitude <= limit else { continue }
      if blown {
        keep[b + 1] = true
        continue
      }
      // Glare fades: a little way beyond its region the paint looks different from the blob.
      let ring = region.ring(around: boundary, stamp: Int32(b + 1), distances: c.continuationDistances)
      keep[b + 1] = !goesOn(blob.pixels, into: ring, coloured: coloured, amplitude: amplitude, evidence: evidence)
    }
    return labels.map { keep[Int($0)] }
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

  /// Gradient magnitude of a lightly smoothed plane, then the largest value within 2 px (5x5),
  /// so a blob boundary a pixel or two inside a paint edge still sees the edge.
  static func softGradient(_ plane: Plane<Float>) -> Plane<Float> {
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
    return Morphology.dilate(magnitude, size: 5)
  }

  /// The q-quantile (0...1, nearest rank) of `values`; 0 for an empty array.
  static func percentile(_ values: [Float], _ q: Double) -> Float {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((q * Double(sorted.count - 1)).rounded())
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  /// Geodesic growth: pixels of `region` reachable from `seeds` in at most `radius` 8-connected
  /// steps through `region` (breadth-first, each pixel visited once).
  static func grow(_ seeds: [Bool], within region: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
    var result = seeds
    var frontier: [Int] = []
    for i in 0..<seeds.count where seeds[i] { frontier.append(i) }
    var step = 0
    while !frontier.isEmpty && step < radius {
      var next: [Int] = []
      for i in frontier {
        Neighbours.eight(of: i, width: width, height: height) { j in
          if region[j] && !result[j] {
            result[j] = true
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
