import Foundation

// The membrane's linear system on its unknown pixels and the preconditioned conjugate-gradient
// solver that runs on it. CG runs all planes (R, G, B) in lockstep over interleaved vectors, so
// the matrix's indices and weights are read once per sweep for all three.

extension MembraneSolver {
  /// The linear system on the unknown pixels.
  struct System {
    /// Pixel index of each unknown.
    var pixels: [Int32]
    /// The matrix.
    var graph: Graph
    /// Right-hand side per plane: known neighbours' values times their link weights.
    var rhs: [[Float]]

    init(links: Links, known: [Bool], planes: [[Float]]) {
      let width = links.width
      let count = known.count
      var index = [Int32](repeating: -1, count: count)
      var pixels: [Int32] = []
      for p in 0..<count where !known[p] {
        index[p] = Int32(pixels.count)
        pixels.append(Int32(p))
      }
      var rowStart: [Int32] = [0]
      var column: [Int32] = []
      var weight: [Float] = []
      var diagonal = [Float](repeating: 0, count: pixels.count)
      var rhs = [[Float]](repeating: [Float](repeating: 0, count: pixels.count), count: planes.count)
      rowStart.reserveCapacity(pixels.count + 1)
      column.reserveCapacity(pixels.count * 4)
      weight.reserveCapacity(pixels.count * 4)
      for (i, pixel) in pixels.enumerated() {
        let p = Int(pixel)
        // The four links of p: right, left, down, up (weight 0 across the image's border).
        for direction in 0..<4 {
          let q: Int
          let w: Float
          switch direction {
          case 0: (q, w) = (p + 1, p + 1 < count ? links.right[p] : 0)
          case 1: (q, w) = (p - 1, p >= 1 ? links.right[max(p - 1, 0)] : 0)
          case 2: (q, w) = (p + width, p + width < count ? links.down[p] : 0)
          default: (q, w) = (p - width, p >= width ? links.down[max(p - width, 0)] : 0)
          }
          guard w > 0 else { continue }
          diagonal[i] += w
          if known[q] {
            for k in 0..<planes.count { rhs[k][i] += w * planes[k][q] }
          } else {
            column.append(index[q])
            weight.append(w)
          }
        }
        rowStart.append(Int32(column.count))
      }
      self.pixels = pixels
      self.graph = Graph(count: pixels.count, rowStart: rowStart, column: column, weight: weight, diagonal: diagonal)
      self.rhs = rhs
    }
  }

  /// The preconditioned conjugate-gradient solver over a hierarchy of graphs.
  struct Multigrid {
    let levels: [Graph]
    /// `owners[l][i]`: the node of level l + 1 that node i of level l belongs to.
    let owners: [[Int32]]
    let configuration: Configuration

    /// Solves `A x = rhs` on the finest level for `m` interleaved vectors, starting from `x`
    /// (conjugate gradients run for all vectors in lockstep, each with its own step sizes).
    func solve(_ x: inout [Float], rhs: consuming [Float], vectors m: Int) {
      let graph = levels[0]
      let n = graph.count
      func dots(_ a: [Float], _ b: [Float]) -> [Double] {
        var sums = [Double](repeating: 0, count: m)
        a.withUnsafeBufferPointer { u in
          b.withUnsafeBufferPointer { v in
            // Hot loop: Float products summed in Double, per vector.
            for k in 0..<m {
              var sum = 0.0
              var index = k
              for _ in 0..<n {
                sum += Double(u[index] * v[index])
                index += m
              }
              sums[k] = sum
            }
          }
        }
        return sums
      }
      // Temporaries as large as the unknowns live in closures or are emptied as soon as they are
      // dead, so that no more than needed are alive at once (a large mask has millions).
      var residual = consume rhs  // updated in place: the right-hand side is not needed again
      do {
        let applied = graph.apply(x, vectors: m)
        for i in 0..<(n * m) { residual[i] -= applied[i] }
      }
      let initialNorms = dots(residual, residual).map { $0.squareRoot() }
      var active = initialNorms.map { $0 > 0 }
      guard active.contains(true) else { return }
      var z = vCycle(residual, level: 0, vectors: m)
      var direction = z
      var rz = dots(residual, z)
      for _ in 0..<configuration.iterations {
        if configuration.cancellation.isCancelled() { return }
        do {
          let product = graph.apply(direction, vectors: m)
          let curvature = dots(direction, product)
          var alpha = [Float](repeating: 0, count: m)
          for k in 0..<m where active[k] {
            if curvature[k] > 0 { alpha[k] = Float(rz[k] / curvature[k]) } else { active[k] = false }
          }
          for i in 0..<n * m {
            x[i] += alpha[i % m] * direction[i]
            residual[i] -= alpha[i % m] * product[i]
          }
        }
        let norms = dots(residual, residual)
        for k in 0..<m where norms[k].squareRoot() <= Double(configuration.tolerance) * initialNorms[k] {
          active[k] = false
        }
        guard active.contains(true) else { break }
        z = []
        z = vCycle(residual, level: 0, vectors: m)
        let next = dots(residual, z)
        var beta = [Float](repeating: 0, count: m)
        for k in 0..<m where active[k] && rz[k] != 0 { beta[k] = Float(next[k] / rz[k]) }
        rz = next
        for k in 0..<m where !active[k] { beta[k] = 0 }
        for i in 0..<n * m {
          direction[i] = active[i % m] ? z[i] + beta[i % m] * direction[i] : 0
        }
      }
    }

    /// One symmetric V-cycle from zero for `A x = rhs` at `level` (the preconditioner).
    func vCycle(_ rhs: [Float], level: Int, vectors m: Int) -> [Float] {
      let graph = levels[level]
      var x = [Float](repeating: 0, count: graph.count * m)
      guard level + 1 < levels.count else {
        for _ in 0..<configuration.coarsestSweeps {
          graph.relax(&x, rhs: rhs, vectors: m, backward: false)
          graph.relax(&x, rhs: rhs, vectors: m, backward: true)
        }
        return x
      }
      for _ in 0..<configuration.cycleSweeps { graph.relax(&x, rhs: rhs, vectors: m, backward: false) }
      let owner = owners[level]
      let coarseRHS = { () -> [Float] in
        let applied = graph.apply(x, vectors: m)
        var coarseRHS = [Float](repeating: 0, count: levels[level + 1].count * m)
        for i in 0..<graph.count {
          let a = Int(owner[i]) * m
          for k in 0..<m { coarseRHS[a + k] += rhs[i * m + k] - applied[i * m + k] }
        }
        return coarseRHS
      }()
      var correction = vCycle(coarseRHS, level: level + 1, vectors: m)
      // Below the finest level, a second coarse pass on what the first left (a W-cycle): coarse
      // levels are cheap, and aggregation across the guide's weak links needs the extra pass.
      if level + 2 < levels.count && configuration.coarsePasses > 1 {
        for _ in 1..<configuration.coarsePasses {
          let coarse = levels[level + 1]
          let applied = coarse.apply(correction, vectors: m)
          let remaining = (0..<coarseRHS.count).map { coarseRHS[$0] - applied[$0] }
          let more = vCycle(remaining, level: level + 1, vectors: m)
          for i in 0..<correction.count { correction[i] += more[i] }
        }
      }
      for i in 0..<graph.count {
        let a = Int(owner[i]) * m
        for k in 0..<m { x[i * m + k] += configuration.overCorrection * correction[a + k] }
      }
      for _ in 0..<configuration.cycleSweeps { graph.relax(&x, rhs: rhs, vectors: m, backward: true) }
      return x
    }
  }
}
