import Foundation

/// The nearest-neighbour field of one pyramid level: for every patch that touches the hole (a
/// target, named by its centre pixel), the centre of its best-known source patch (one that lies
/// wholly in the canvas and holds no forbidden pixel) and their distance.
struct MatchField {
  let width: Int
  let height: Int
  let channels: Int
  let radius: Int
  /// Target centres, in raster order.
  let targets: [Int32]
  /// Whether each pixel is the centre of a valid source patch.
  let valid: [Bool]
  /// The valid source centres (for random picks).
  let sources: [Int32]
  /// Per pixel: the source centre matched to the target centred there (-1 for non-targets).
  private(set) var nnf: [Int32]
  /// Per pixel: that match's sum of squared differences.
  private var distance: [Float]

  init(canvas: PatchCanvas, hole: [Bool], forbidden: [Bool], radius: Int) {
    width = canvas.width
    height = canvas.height
    channels = canvas.channels
    self.radius = radius
    // Summed-area table of forbidden pixels: a source patch is valid when it holds none.
    var integral = [Int32](repeating: 0, count: (width + 1) * (height + 1))
    for y in 0..<height {
      var row: Int32 = 0
      for x in 0..<width {
        row += forbidden[y * width + x] ? 1 : 0
        integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row
      }
    }
    var valid = [Bool](repeating: false, count: width * height)
    var sources: [Int32] = []
    if width > 2 * radius && height > 2 * radius {
      for y in radius..<(height - radius) {
        for x in radius..<(width - radius) {
          let x0 = x - radius
          let y0 = y - radius
          let x1 = x + radius + 1
          let y1 = y + radius + 1
          let w1 = width + 1
          let inside = integral[y1 * w1 + x1] - integral[y0 * w1 + x1] - integral[y1 * w1 + x0] + integral[y0 * w1 + x0]
          if inside == 0 {
            valid[y * width + x] = true
            sources.append(Int32(y * width + x))
          }
        }
      }
    }
    self.valid = valid
    self.sources = sources
    // Targets: every centre within `radius` of a hole pixel (Chebyshev distance).
    var near = [Bool](repeating: false, count: width * height)
    for y in 0..<height {
      for x in 0..<width where hole[y * width + x] {
        for ty in max(y - radius, 0)...min(y + radius, height - 1) {
          for tx in max(x - radius, 0)...min(x + radius, width - 1) { near[ty * width + tx] = true }
        }
      }
    }
    targets = (0..<(width * height)).compactMap { near[$0] ? Int32($0) : nil }
    nnf = [Int32](repeating: -1, count: width * height)
    distance = [Float](repeating: .infinity, count: width * height)
  }

  /// Sum of squared differences between the patches centred at `t` and `s` over the target's
  /// pixels within the canvas, stopping once it exceeds `bound`.
  func patchDistance(_ values: UnsafeBufferPointer<Float>, target t: Int, source s: Int, bound: Float) -> Float {
    let tx = t % width
    let ty = t / width
    let sx = s % width
    let sy = s / width
    var sum: Float = 0
    // Hot loop: every match tried costs one patch comparison.
    for dy in -radius...radius {
      let y = ty + dy
      guard y >= 0 && y < height else { continue }
      let tRow = y * width
      let sRow = (sy + dy) * width
      for dx in -radius...radius {
        let x = tx + dx
        guard x >= 0 && x < width else { continue }
        let a = (tRow + x) * channels
        let b = (sRow + sx + dx) * channels
        for k in 0..<channels {
          let d = values[a + k] - values[b + k]
          sum += d * d
        }
      }
      if sum > bound { return sum }
    }
    return sum
  }

  /// Starts every target from the coarser level's match (doubled, if valid) or a random source.
  mutating func initialise(canvas: PatchCanvas, from coarser: (nnf: [Int32], width: Int)?, random: inout UInt64) {
    canvas.values.withUnsafeBufferPointer { values in
      for target in targets {
        let t = Int(target)
        var s = -1
        if let coarser {
          let x = t % width
          let y = t / width
          let coarseHeight = coarser.nnf.count / coarser.width
          let cx = min(x / 2, coarser.width - 1)
          let cy = min(y / 2, coarseHeight - 1)
          let match = Int(coarser.nnf[cy * coarser.width + cx])
          if match >= 0 {
            let sx = 2 * (match % coarser.width) + (x & 1)
            let sy = 2 * (match / coarser.width) + (y & 1)
            if sx < width && sy < height && valid[sy * width + sx] { s = sy * width + sx }
          }
        }
        if s < 0 { s = Int(sources[Int(Self.next(&random) % UInt64(sources.count))]) }
        nnf[t] = Int32(s)
        distance[t] = patchDistance(values, target: t, source: s, bound: .infinity)
      }
    }
  }

  /// Measures every target's current match again (the hole's pixels changed in the vote).
  mutating func refresh(canvas: PatchCanvas) {
    canvas.values.withUnsafeBufferPointer { values in
      for target in targets {
        let t = Int(target)
        distance[t] = patchDistance(values, target: t, source: Int(nnf[t]), bound: .infinity)
      }
    }
  }

  /// One PatchMatch pass over the targets: each tries its neighbours' matches shifted by one
  /// (propagation), then random sources in windows halving around its own match.
  mutating func improve(
    canvas: PatchCanvas, backward: Bool, random: inout UInt64, cancellation: RepairCancellation
  ) throws(RepairCancelled) {
    let step = backward ? -1 : 1
    let order = backward ? Array(targets.reversed()) : targets
    var lastRow = -1
    var stopped = false
    canvas.values.withUnsafeBufferPointer { values in
      for target in order {
        let t = Int(target)
        let x = t % width
        let y = t / width
        if y != lastRow {
          lastRow = y
          if cancellation.isCancelled() {
            stopped = true
            return
          }
        }
        // Propagation from the neighbour before this target in the scan (left/up or right/down).
        for neighbour in [t - step, t - step * width] {
          guard neighbour >= 0 && neighbour < width * height, nnf[neighbour] >= 0 else { continue }
          let nx = neighbour % width
          guard abs(nx - x) <= 1 else { continue }
          let candidate = Int(nnf[neighbour]) + (t - neighbour)
          guard candidate >= 0 && candidate < width * height, valid[candidate] else { continue }
          consider(candidate, t, values)
        }
        // Random search around the current match.
        var reach = max(width, height)
        while reach >= 1 {
          let s = Int(nnf[t])
          let sx = s % width + Int(Self.next(&random) % UInt64(2 * reach + 1)) - reach
          let sy = s / width + Int(Self.next(&random) % UInt64(2 * reach + 1)) - reach
          if sx >= 0 && sy >= 0 && sx < width && sy < height && valid[sy * width + sx] {
            consider(sy * width + sx, t, values)
          }
          reach /= 2
        }
      }
    }
    if stopped { throw RepairCancelled() }
  }

  /// Takes source `s` for target `t` if it is closer than the current match.
  private mutating func consider(_ s: Int, _ t: Int, _ values: UnsafeBufferPointer<Float>) {
    guard s != Int(nnf[t]) else { return }
    let d = patchDistance(values, target: t, source: s, bound: distance[t])
    if d < distance[t] {
      distance[t] = d
      nnf[t] = Int32(s)
    }
  }

  /// Every hole pixel becomes the weighted mean of what the matched patches covering it say it
  /// is; a match weighs exp(-d / (2 m)), d its distance and m the median distance of all matches.
  func vote(into canvas: inout PatchCanvas, hole: [Bool]) {
    let count = width * height
    var sum = [Float](repeating: 0, count: count * channels)
    var weight = [Float](repeating: 0, count: count)
    var distances = targets.map { distance[Int($0)] }
    distances.sort()
    let median = max(distances[distances.count / 2], 1e-6)
    for target in targets {
      let t = Int(target)
      let s = Int(nnf[t])
      let w = expf(-distance[t] / (2 * median))
      let tx = t % width
      let ty = t / width
      let sx = s % width
      let sy = s / width
      for dy in -radius...radius {
        let y = ty + dy
        guard y >= 0 && y < height else { continue }
        for dx in -radius...radius {
          let x = tx + dx
          guard x >= 0 && x < width, hole[y * width + x] else { continue }
          let p = y * width + x
          let q = (sy + dy) * width + sx + dx
          weight[p] += w
          for k in 0..<channels { sum[p * channels + k] += w * canvas.values[q * channels + k] }
        }
      }
    }
    for p in 0..<count where hole[p] && weight[p] > 0 {
      for k in 0..<channels { canvas.values[p * channels + k] = sum[p * channels + k] / weight[p] }
    }
  }

  /// Xorshift64.
  static func next(_ state: inout UInt64) -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}
