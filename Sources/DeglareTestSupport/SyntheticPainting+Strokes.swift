import Foundation

extension SyntheticPainting {
  /// Oriented brush strokes following a smooth flow field, each a slightly different colour from
  /// the paint under it, with bristle striations and paint running out toward its end.
  static func strokes(
    _ rgb: inout [[Double]], width: Int, height: Int, flow: ValueNoise, random: inout SeededGenerator
  ) {
    let scale = Double(max(width, height))
    let count = width * height / 200
    for _ in 0..<count {
      let cx = random.uniform(0...Double(width - 1))
      let cy = random.uniform(0...Double(height - 1))
      let length = random.uniform(0.01...0.06) * scale + 4
      let breadth = random.uniform(1.5...(0.014 * scale + 2.5))
      let angle = flow.fractal(cx, cy, scale: scale / 2, octaves: 2) * 3 * Double.pi + random.uniform(-0.3...0.3)
      let alpha = random.uniform(0.3...0.8)
      let lightness = random.uniform(-0.1...0.1)
      let jitter = (0..<3).map { _ in random.uniform(-0.06...0.06) }
      let bristles = random.uniform(1.2...2.6)
      let bristlePhase = random.uniform(0...6.28)
      let centre = Int(cy) * width + Int(cx)
      let colour = (0..<3).map { min(max(rgb[$0][centre] + lightness + jitter[$0], 0), 1) }
      let dirX = cos(angle)
      let dirY = sin(angle)
      let reach = length / 2 + breadth
      let minX = max(Int(cx - reach), 0)
      let maxX = min(Int(cx + reach) + 1, width - 1)
      let minY = max(Int(cy - reach), 0)
      let maxY = min(Int(cy + reach) + 1, height - 1)
      guard minX <= maxX, minY <= maxY else { continue }
      for y in minY...maxY {
        for x in minX...maxX {
          let dx = Double(x) - cx
          let dy = Double(y) - cy
          let along = dx * dirX + dy * dirY
          let across = -dx * dirY + dy * dirX
          let side = min(max(breadth / 2 - abs(across) + 0.5, 0), 1)
          let end = min(max((length / 2 - abs(along)) / (0.3 * length / 2), 0), 1)
          guard side > 0, end > 0 else { continue }
          let bristle = 0.7 + 0.3 * sin(across * bristles + bristlePhase)
          let runOut = 1 - 0.4 * (along / length + 0.5)
          let a = alpha * side * end * end * (3 - 2 * end) * bristle * runOut
          let p = y * width + x
          for c in 0..<3 { rgb[c][p] = rgb[c][p] * (1 - a) + colour[c] * a }
        }
      }
    }
  }

  /// A few dark contour lines (smoothly turning random walks), drawn anti-aliased.
  static func contours(
    _ rgb: inout [[Double]], width: Int, height: Int, colour: [Double], random: inout SeededGenerator
  ) {
    var coverage = [Double](repeating: 0, count: width * height)
    for _ in 0..<Int(random.uniform(3...6)) {
      var x = random.uniform(0...Double(width))
      var y = random.uniform(0...Double(height))
      var heading = random.uniform(0...6.28)
      var turn = 0.0
      let radius = random.uniform(0.7...1.6)
      for _ in 0..<Int(random.uniform(0.2...0.7) * Double(max(width, height))) {
        turn = 0.9 * turn + random.uniform(-0.02...0.02)
        heading += turn
        x += cos(heading)
        y += sin(heading)
        let reach = Int(radius + 2)
        let top = max(Int(y) - reach, 0)
        let bottom = min(Int(y) + reach, height - 1)
        let left = max(Int(x) - reach, 0)
        let right = min(Int(x) + reach, width - 1)
        guard top <= bottom, left <= right else { continue }
        for py in top...bottom {
          for px in left...right {
            let d = ((Double(px) - x) * (Double(px) - x) + (Double(py) - y) * (Double(py) - y)).squareRoot()
            let c = min(max(radius - d + 0.5, 0), 1)
            coverage[py * width + px] = max(coverage[py * width + px], c)
          }
        }
      }
    }
    for p in 0..<coverage.count where coverage[p] > 0 {
      let a = 0.75 * coverage[p]
      for c in 0..<3 { rgb[c][p] = rgb[c][p] * (1 - a) + colour[c] * a }
    }
  }
}
