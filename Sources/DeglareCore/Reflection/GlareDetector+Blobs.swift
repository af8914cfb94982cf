// Seed blobs: which ones are kept (size, edge softness, blown cores), and bounded growth of the
// kept ones into their halos.

extension GlareDetector {
  /// Per-blob statistics gathered in one pass over the labels.
  private struct BlobStats {
    var blown = 0
    var coloured = 0
    var elevations: [Float] = []
    var excesses: [Float] = []
    var edgeLuma: [Float] = []
    var edgeColour: [Float] = []
  }

  /// The seed pixels of blobs that pass the blob tests.
  func acceptedSeeds(_ seeds: [UInt8], evidence: Evidence, width: Int, height: Int) -> [Bool] {
    let c = configuration
    let components = ConnectedComponents(
      width: width, height: height, connectivity: .eight, foreground: seeds.map { $0 != 0 })
    guard components.count > 0 else { return [Bool](repeating: false, count: width * height) }
    let lumaGradient = Self.softGradient(evidence.luma)
    let colourGradient = Self.softGradient(Plane(width: width, height: height, values: evidence.colourExcess))
    var stats = [BlobStats](repeating: BlobStats(), count: components.count)
    let labels = components.labels
    for y in 0..<height {
      for x in 0..<width {
        let i = y * width + x
        let label = labels[i]
        guard label != 0 else { continue }
        let b = Int(label) - 1
        let kind = seeds[i]
        if kind & 2 != 0 { stats[b].blown += 1 }
        if kind & 4 != 0 { stats[b].coloured += 1 }
        stats[b].elevations.append(evidence.elevation[i])
        stats[b].excesses.append(evidence.colourExcess[i])
        let edge =
          x == 0 || y == 0 || x == width - 1 || y == height - 1 || labels[i - 1] != label
          || labels[i + 1] != label || labels[i - width] != label || labels[i + width] != label
        if edge {
          stats[b].edgeLuma.append(lumaGradient.values[i])
          stats[b].edgeColour.append(colourGradient.values[i])
        }
      }
    }
    let minArea = c.minBlobFraction * Double(width * height)
    var keep = [Bool](repeating: false, count: components.count + 1)
    for (b, blob) in stats.enumerated() {
      let area = components.components[b].area
      if blob.blown >= c.minBlownCells {
        keep[b + 1] = true
        continue
      }
      guard Double(area) >= minArea else { continue }
      let coloured = blob.coloured * 2 > area
      let amplitude = coloured ? max(Self.percentile(blob.excesses, 0.9), 1e-3) : max(Self.percentile(blob.elevations, 0.9), 1)
      let edge = Self.percentile(coloured ? blob.edgeColour : blob.edgeLuma, 0.5)
      keep[b + 1] = edge / amplitude <= c.maxEdgeSharpness
    }
    return labels.map { keep[Int($0)] }
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
        let x = i % width
        let y = i / width
        for dy in -1...1 {
          let ny = y + dy
          guard ny >= 0 && ny < height else { continue }
          for dx in -1...1 {
            let nx = x + dx
            guard nx >= 0 && nx < width else { continue }
            let j = ny * width + nx
            if region[j] && !result[j] {
              result[j] = true
              next.append(j)
            }
          }
        }
      }
      frontier = next
      step += 1
    }
    return result
  }
}
