import Foundation

// Lit signs the glowing test misses: a panel of coloured light over pale or mid-grey paint.
//
// The sign branch of the blob test first took only light that outshines the paint many times
// over (glowing seeds): a lit exit sign over dark paint. Over pale or mid-grey paint a sign's
// reflection is a veil like any coloured light (coloured seeds), and was judged as one, by the
// veil's edge limit, which its lettering and its own sharp-cornered outline fail. What tells it
// from a veil or from paint is its shape: a sign's panel is a rectangle, evenly lit, of a sign's
// proportions, and its seeds fill it (the lettering at most punches holes); a streak or a veil is
// long or ragged, and paint of one colour seldom seeds a solid rectangle. Such a panel is judged
// as a sign: its edge by the sign's limit, and it must glow and end, and, unlike a glowing
// sign, add light (the colour-deficit test still applies to it, a little more leniently: the
// paint under a panel is not the paint around it).
//
// A red sign is never a coloured seed: red is a paint's hue to the coloured test (a median
// background leaves reds and pinks over colourful paint). Red light seeds blobs of its own,
// which are kept only as signs' panels, by the same tests.

extension GlareDetector {
  /// The shape of a blob seen as a sign's panel: how much of its box the blob (holes filled)
  /// fills, and how many times as long as broad that box is. The box spans the 2nd to 98th
  /// percentiles of the filled blob's pixels along its principal axes, so a stray pixel on its
  /// outline does not widen it.
  func panelShape(_ pixels: [Int], width: Int, height: Int) -> (fill: Double, aspect: Double) {
    let filled = Self.fillHoles(pixels, width: width, height: height)
    guard filled.count >= 4, let axes = Moments(filled, width: width).principal else { return (0, 1) }
    var us: [Float] = []
    var vs: [Float] = []
    us.reserveCapacity(filled.count)
    vs.reserveCapacity(filled.count)
    for i in filled {
      let dx = Double(i % width) - axes.x
      let dy = Double(i / width) - axes.y
      us.append(Float(dx * axes.ux + dy * axes.uy))
      vs.append(Float(-dx * axes.uy + dy * axes.ux))
    }
    let u0 = Self.percentile(us, 0.02)
    let u1 = Self.percentile(us, 0.98)
    let v0 = Self.percentile(vs, 0.02)
    let v1 = Self.percentile(vs, 0.98)
    var inside = 0
    for (u, v) in zip(us, vs) where u >= u0 && u <= u1 && v >= v0 && v <= v1 { inside += 1 }
    let long = Double(u1 - u0) + 1
    let broad = Double(v1 - v0) + 1
    return (min(Double(inside) / (long * broad), 1), long / broad)
  }

  /// `pixels` (indices into a `width` x `height` grid) with their holes filled: every pixel of
  /// their bounding box that the outside of the box cannot reach (4-connected) without crossing
  /// them.
  static func fillHoles(_ pixels: [Int], width: Int, height: Int) -> [Int] {
    guard let first = pixels.first else { return [] }
    var x0 = first % width
    var x1 = x0
    var y0 = first / width
    var y1 = y0
    for i in pixels {
      x0 = min(x0, i % width)
      x1 = max(x1, i % width)
      y0 = min(y0, i / width)
      y1 = max(y1, i / width)
    }
    // A box one pixel larger on every side, so its border is outside.
    let bw = x1 - x0 + 3
    let bh = y1 - y0 + 3
    var state = [UInt8](repeating: 0, count: bw * bh)  // 1 in `pixels`, 2 reached from outside
    for i in pixels { state[(i / width - y0 + 1) * bw + (i % width - x0 + 1)] = 1 }
    var queue = [0]
    state[0] = 2
    var head = 0
    while head < queue.count {
      let b = queue[head]
      head += 1
      let bx = b % bw
      let by = b / bw
      for (nx, ny) in [(bx - 1, by), (bx + 1, by), (bx, by - 1), (bx, by + 1)]
      where nx >= 0 && ny >= 0 && nx < bw && ny < bh && state[ny * bw + nx] == 0 {
        state[ny * bw + nx] = 2
        queue.append(ny * bw + nx)
      }
    }
    var filled: [Int] = []
    for by in 1..<(bh - 1) {
      for bx in 1..<(bw - 1) where state[by * bw + bx] != 2 {
        filled.append((by - 1 + y0) * width + (bx - 1 + x0))
      }
    }
    return filled
  }
}
