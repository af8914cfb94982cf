import Foundation

extension SyntheticGlare {
  /// One or two long soft streaks at an angle: a flat-topped soft profile across, a slowly
  /// varying intensity along, fading at the ends.
  static func streaks(
    _ glare: inout [[Double]], width: Int, height: Int, colour: [Double], peak: ClosedRange<Double>,
    random: inout SeededGenerator
  ) {
    let s = Double(max(width, height)) / 640
    let angle = random.uniform(0.3...1.3) * (random.uniform() < 0.5 ? -1 : 1)
    let cx = random.uniform(0.25...0.75) * Double(width)
    let cy = random.uniform(0.25...0.75) * Double(height)
    let halfWidth = random.uniform(10...32) * s
    let length = random.uniform(0.6...1.1) * Double(width + height)
    let intensity = random.uniform(peak)
    let along = ValueNoise(seed: random.next())
    var bands: [(offset: Double, halfWidth: Double, gain: Double)] = [(0, halfWidth, 1)]
    if random.uniform() < 0.5 {
      bands.append((2.4 * halfWidth * (random.uniform() < 0.5 ? -1 : 1), 0.5 * halfWidth, random.uniform(0.5...0.9)))
    }
    forEachPixel(width: width, height: height, centre: (cx, cy), angle: angle) { p, v, u in
      let fade = min(max((length / 2 - abs(v)) / (0.15 * length), 0), 1)
      guard fade > 0 else { return }
      let level = intensity * (0.55 + 0.45 * along.fractal(v, 0.5, scale: length / 4, octaves: 2))
      var amount = 0.0
      for band in bands {
        let t = abs(u - band.offset) / band.halfWidth
        amount += band.gain * exp(-1.2 * pow(t, 2.5))
      }
      add(&glare, at: p, colour: colour, amount: amount * level * fade * fade * (3 - 2 * fade))
    }
  }

  /// A window's crisp reflection: a flat-topped band at an angle whose edges are sharp (a pixel
  /// or two of blur), split lengthwise by a mullion's shadow, slightly bluish, fading at the ends.
  static func window(_ glare: inout [[Double]], width: Int, height: Int, random: inout SeededGenerator) {
    let s = Double(max(width, height)) / 640
    let angle = random.uniform(0.2...1.2) * (random.uniform() < 0.5 ? -1 : 1)
    let cx = random.uniform(0.3...0.7) * Double(width)
    let cy = random.uniform(0.3...0.7) * Double(height)
    let halfWidth = random.uniform(12...30) * s
    let mullion = random.uniform(2...5) * s
    let edge = random.uniform(0.6...1.5) * s
    let length = random.uniform(0.5...0.9) * Double(width + height)
    let intensity = random.uniform(0.1...0.35)
    let colour = [0.85, 0.93, 1.0]
    // A step from 0 to 1 over about `edge` pixels around 0.
    func step(_ t: Double) -> Double { 1 / (1 + exp(-t / (0.4 * edge))) }
    forEachPixel(width: width, height: height, centre: (cx, cy), angle: angle) { p, v, u in
      let fade = min(max((length / 2 - abs(v)) / (0.2 * length), 0), 1)
      guard fade > 0, abs(u) < halfWidth + 6 * edge else { return }
      let band = step(halfWidth - abs(u)) * (1 - step(mullion - abs(u)))
      add(&glare, at: p, colour: colour, amount: intensity * band * fade * fade * (3 - 2 * fade))
    }
  }

  /// A faint, smooth veil: one round Gaussian of added light, no core (a dim lamp or a pale wall
  /// out of focus), `sigma` in pixels.
  static func veil(
    _ glare: inout [[Double]], width: Int, height: Int, sigma: Double, random: inout SeededGenerator
  ) {
    let cx = random.uniform(0.25...0.75) * Double(width)
    let cy = random.uniform(0.25...0.75) * Double(height)
    let peak = random.uniform(0.06...0.12)
    let colour = [1, 0.97, 0.92]
    for y in 0..<height {
      for x in 0..<width {
        let dx = Double(x) - cx
        let dy = Double(y) - cy
        let r2 = dx * dx + dy * dy
        guard r2 < 25 * sigma * sigma else { continue }
        add(&glare, at: y * width + x, colour: colour, amount: peak * exp(-r2 / (2 * sigma * sigma)))
      }
    }
  }

  /// A spotlight bloom: a clipped core, a bright halo and a faint wide skirt, slightly elliptical.
  static func bloom(_ glare: inout [[Double]], width: Int, height: Int, random: inout SeededGenerator) {
    let s = Double(max(width, height)) / 640
    let cx = random.uniform(0.15...0.85) * Double(width)
    let cy = random.uniform(0.15...0.85) * Double(height)
    let core = random.uniform(3...9) * s
    let halo = random.uniform(8...20) * s
    let haloLevel = random.uniform(0.4...1)
    let aspect = random.uniform(0.75...1.3)
    let colour = [1, 0.88, 0.7]
    for y in 0..<height {
      for x in 0..<width {
        let dx = (Double(x) - cx) * aspect
        let dy = (Double(y) - cy) / aspect
        let r = (dx * dx + dy * dy).squareRoot()
        guard r < 12 * halo else { continue }
        let coreAmount = 6 * min(max(core - r + 0.5, 0), 1)
        let haloAmount = haloLevel * exp(-r * r / (2 * halo * halo))
        let skirt = 0.08 * exp(-r * r / (18 * halo * halo))
        add(&glare, at: y * width + x, colour: colour, amount: coreAmount + haloAmount + skirt)
      }
    }
  }

  /// An exit sign's reflection: a green box bright enough to clip the green channel, white
  /// "EXIT"-like letters that clip every channel, slightly defocused, with a faint green glow.
  static func exitSign(_ glare: inout [[Double]], width: Int, height: Int, random: inout SeededGenerator) {
    sign(&glare, width: width, height: height, colour: [0.08, 1.0, 0.3], random: &random)
  }

  /// A lit sign's reflection of `colour` (linear RGB at full strength; its strongest channel
  /// clips), with white letters that clip every channel, slightly defocused, with a faint glow.
  static func sign(
    _ glare: inout [[Double]], width: Int, height: Int, colour: [Double], random: inout SeededGenerator
  ) {
    let s = Double(max(width, height)) / 640
    let boxWidth = random.uniform(70...110) * s
    let boxHeight = boxWidth * 0.38
    let left = random.uniform(0.1...0.9) * (Double(width) - boxWidth)
    let top = random.uniform(0.1...0.9) * (Double(height) - boxHeight)
    let stroke = boxHeight * 0.12
    // Letter strokes in a unit box per glyph: E, X, I, T.
    let glyphs: [[(Double, Double, Double, Double)]] = [
      [(0, 0, 0, 1), (0, 0, 0.8, 0), (0, 0.5, 0.7, 0.5), (0, 1, 0.8, 1)],
      [(0, 0, 1, 1), (1, 0, 0, 1)],
      [(0.5, 0, 0.5, 1)],
      [(0, 0, 1, 0), (0.5, 0, 0.5, 1)],
    ]
    let glyphWidth = boxWidth * 0.16
    let glyphHeight = boxHeight * 0.55
    let glyphTop = top + (boxHeight - glyphHeight) / 2
    var segments: [(Double, Double, Double, Double)] = []
    for (index, glyph) in glyphs.enumerated() {
      let glyphLeft = left + boxWidth * (0.12 + 0.2 * Double(index))
      for (x0, y0, x1, y1) in glyph {
        segments.append(
          (
            glyphLeft + x0 * glyphWidth, glyphTop + y0 * glyphHeight,
            glyphLeft + x1 * glyphWidth, glyphTop + y1 * glyphHeight
          ))
      }
    }
    let blur = 1.2 * s
    let glow = 6 * s
    for y in 0..<height {
      for x in 0..<width {
        let px = Double(x)
        let py = Double(y)
        let outsideX = max(left - px, px - (left + boxWidth), 0)
        let outsideY = max(top - py, py - (top + boxHeight), 0)
        let gap = (outsideX * outsideX + outsideY * outsideY).squareRoot()
        guard gap < 6 * glow else { continue }
        // Defocused box edge: a smooth step over about `blur` pixels, then the glow.
        let body =
          1.1 * (gap > 0 ? exp(-gap * gap / (2 * blur * blur)) : 1) + 0.12 * exp(-gap * gap / (2 * glow * glow))
        var letters = 0.0
        for (x0, y0, x1, y1) in segments {
          let d = distance(px, py, x0, y0, x1, y1)
          letters = max(letters, min(max((stroke / 2 - d) / blur + 0.5, 0), 1))
        }
        let p = y * width + x
        add(&glare, at: p, colour: colour, amount: body)
        add(&glare, at: p, colour: [1, 1, 1], amount: 1.6 * letters)
      }
    }
  }

  /// A broad faint sheen: a large smooth ellipse of light with a gradient across it.
  static func sheen(_ glare: inout [[Double]], width: Int, height: Int, random: inout SeededGenerator) {
    let cx = random.uniform(0.3...0.7) * Double(width)
    let cy = random.uniform(0.3...0.7) * Double(height)
    let rx = random.uniform(0.25...0.45) * Double(width)
    let ry = random.uniform(0.25...0.45) * Double(height)
    let peak = random.uniform(0.05...0.16)
    let angle = random.uniform(0...6.28)
    let colour = [0.9, 0.95, 1]
    for y in 0..<height {
      for x in 0..<width {
        let dx = (Double(x) - cx) / rx
        let dy = (Double(y) - cy) / ry
        let r2 = dx * dx + dy * dy
        guard r2 < 1 else { continue }
        let gradient = 0.6 + 0.4 * (dx * cos(angle) + dy * sin(angle))
        add(&glare, at: y * width + x, colour: colour, amount: peak * (1 - r2) * (1 - r2) * max(gradient, 0))
      }
    }
  }

  /// Calls `body(p, along, across)` for every pixel, `p` its index (`y * width + x`), `along` and
  /// `across` its coordinates in pixels along the direction `angle` (radians, y down) and across
  /// it, from `centre`.
  private static func forEachPixel(
    width: Int, height: Int, centre: (x: Double, y: Double), angle: Double,
    _ body: (_ p: Int, _ along: Double, _ across: Double) -> Void
  ) {
    let dirX = cos(angle)
    let dirY = sin(angle)
    for y in 0..<height {
      for x in 0..<width {
        let dx = Double(x) - centre.x
        let dy = Double(y) - centre.y
        body(y * width + x, dx * dirX + dy * dirY, -dx * dirY + dy * dirX)
      }
    }
  }

  private static func add(_ glare: inout [[Double]], at p: Int, colour: [Double], amount: Double) {
    for c in 0..<3 { glare[c][p] += colour[c] * amount }
  }

  /// Distance from (px, py) to the segment (x0, y0)-(x1, y1).
  private static func distance(_ px: Double, _ py: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
    -> Double
  {
    let vx = x1 - x0
    let vy = y1 - y0
    let t = min(max(((px - x0) * vx + (py - y0) * vy) / max(vx * vx + vy * vy, 1e-9), 0), 1)
    let dx = px - (x0 + t * vx)
    let dy = py - (y0 + t * vy)
    return (dx * dx + dy * dy).squareRoot()
  }
}
