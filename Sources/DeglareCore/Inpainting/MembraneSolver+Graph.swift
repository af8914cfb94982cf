import Foundation

// The membrane's linear system on the unknown pixels as a sparse graph, and the aggregation
// multigrid that preconditions its conjugate gradients.
//
// The system is A x = b with A = D - W: W holds the link weights between unknown pixels, D the
// sum of every link of a pixel (links to known pixels included), b the known neighbours' values
// times their link weights. The guide's edges make the weights span four orders of magnitude, so
// the coarse levels group pixels only along strong links (plain aggregation, as in algebraic
// multigrid): a pixel never shares a coarse unknown with the far side of an edge, and every
// coarse operator is the exact Galerkin product for piecewise-constant interpolation.

extension MembraneSolver {
  /// A symmetric sparse matrix `diagonal - W` in compressed rows (W's entries, no diagonal).
  struct Graph {
    /// Number of nodes.
    let count: Int
    /// Row `i`'s entries are `rowStart[i] ..< rowStart[i + 1]`.
    var rowStart: [Int32]
    /// Neighbour index of each entry.
    var column: [Int32]
    /// Link weight of each entry (positive).
    var weight: [Float]
    /// The matrix's diagonal: the node's total link weight, leaks to fixed values included.
    var diagonal: [Float]

    /// `A x` for `m` interleaved vectors (`x[i * m + k]` is node i of vector k).
    func apply(_ x: [Float], vectors m: Int) -> [Float] {
      var out = [Float](repeating: 0, count: count * m)
      rowStart.withUnsafeBufferPointer { start in
        column.withUnsafeBufferPointer { col in
          weight.withUnsafeBufferPointer { w in
            diagonal.withUnsafeBufferPointer { d in
              x.withUnsafeBufferPointer { v in
                out.withUnsafeMutableBufferPointer { o in
                  // Hot kernel: one pass over the matrix for all vectors at once (straight-line
                  // code for three vectors, the RGB case).
                  for i in 0..<count {
                    let lower = Int(start[i])
                    let upper = Int(start[i + 1])
                    if m == 3 {
                      var s0 = d[i] * v[3 * i]
                      var s1 = d[i] * v[3 * i + 1]
                      var s2 = d[i] * v[3 * i + 2]
                      for e in lower..<upper {
                        let j = 3 * Int(col[e])
                        s0 -= w[e] * v[j]
                        s1 -= w[e] * v[j + 1]
                        s2 -= w[e] * v[j + 2]
                      }
                      o[3 * i] = s0
                      o[3 * i + 1] = s1
                      o[3 * i + 2] = s2
                    } else {
                      for k in 0..<m { o[i * m + k] = d[i] * v[i * m + k] }
                      for e in lower..<upper {
                        let j = Int(col[e]) * m
                        for k in 0..<m { o[i * m + k] -= w[e] * v[j + k] }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
      return out
    }

    /// One Gauss-Seidel sweep over `m` interleaved vectors, forward or backward through the nodes.
    func relax(_ x: inout [Float], rhs: [Float], vectors m: Int, backward: Bool) {
      rowStart.withUnsafeBufferPointer { start in
        column.withUnsafeBufferPointer { col in
          weight.withUnsafeBufferPointer { w in
            diagonal.withUnsafeBufferPointer { d in
              rhs.withUnsafeBufferPointer { b in
                x.withUnsafeMutableBufferPointer { v in
                  // Hot kernel: the smoother, most of the solver's time. Three vectors (RGB) and
                  // one (gray, glare) get straight-line code; others a loop.
                  let first = backward ? count - 1 : 0
                  let step = backward ? -1 : 1
                  var i = first
                  for _ in 0..<count {
                    defer { i += step }
                    let diagonal = d[i]
                    guard diagonal > 0 else { continue }
                    let inverse = 1 / diagonal
                    let lower = Int(start[i])
                    let upper = Int(start[i + 1])
                    if m == 3 {
                      var s0 = b[3 * i]
                      var s1 = b[3 * i + 1]
                      var s2 = b[3 * i + 2]
                      for e in lower..<upper {
                        let j = 3 * Int(col[e])
                        let weight = w[e]
                        s0 += weight * v[j]
                        s1 += weight * v[j + 1]
                        s2 += weight * v[j + 2]
                      }
                      v[3 * i] = s0 * inverse
                      v[3 * i + 1] = s1 * inverse
                      v[3 * i + 2] = s2 * inverse
                    } else if m == 1 {
                      var s0 = b[i]
                      for e in lower..<upper { s0 += w[e] * v[Int(col[e])] }
                      v[i] = s0 * inverse
                    } else {
                      for k in 0..<m {
                        var sum = b[i * m + k]
                        for e in lower..<upper { sum += w[e] * v[Int(col[e]) * m + k] }
                        v[i * m + k] = sum * inverse
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }

    /// Groups nodes along strong links: a link is strong when its weight is at least `strength`
    /// times the strongest link of either end, so a node whose links are all weak still joins
    /// the neighbour it is most strongly tied to.
    /// - Returns: the aggregate of every node and the number of aggregates.
    func aggregate(strength: Float) -> (of: [Int32], count: Int) {
      var strongest = [Float](repeating: 0, count: count)
      for i in 0..<count {
        for e in Int(rowStart[i])..<Int(rowStart[i + 1]) { strongest[i] = max(strongest[i], weight[e]) }
      }
      func strong(_ i: Int, _ e: Int) -> Bool {
        weight[e] >= strength * min(strongest[i], strongest[Int(column[e])])
      }
      var owner = [Int32](repeating: -1, count: count)
      var aggregates = 0
      // Pass 1: a node whose strong neighbours are all free starts an aggregate with them.
      for i in 0..<count where owner[i] < 0 {
        var free = true
        for e in Int(rowStart[i])..<Int(rowStart[i + 1]) where strong(i, e) && owner[Int(column[e])] >= 0 {
          free = false
          break
        }
        guard free else { continue }
        owner[i] = Int32(aggregates)
        for e in Int(rowStart[i])..<Int(rowStart[i + 1]) where strong(i, e) {
          owner[Int(column[e])] = Int32(aggregates)
        }
        aggregates += 1
      }
      // Pass 2: the rest join the aggregate of their most strongly linked aggregated neighbour;
      // a node with no neighbour at all is an aggregate of its own.
      var joined = owner
      for i in 0..<count where owner[i] < 0 {
        var best: Float = -1
        for e in Int(rowStart[i])..<Int(rowStart[i + 1]) where owner[Int(column[e])] >= 0 && weight[e] > best {
          best = weight[e]
          joined[i] = owner[Int(column[e])]
        }
        if joined[i] < 0 {
          joined[i] = Int32(aggregates)
          aggregates += 1
        }
      }
      return (joined, aggregates)
    }

    /// The Galerkin coarse graph for piecewise-constant interpolation over `aggregates`: links
    /// between aggregates are the sums of the links between their members, and each aggregate's
    /// diagonal is the sum of its members' diagonals less the links inside it.
    func coarsened(_ owner: [Int32], count coarseCount: Int) -> Graph {
      // Members of each aggregate (counting sort).
      var memberStart = [Int](repeating: 0, count: coarseCount + 1)
      for i in 0..<count { memberStart[Int(owner[i]) + 1] += 1 }
      for a in 0..<coarseCount { memberStart[a + 1] += memberStart[a] }
      var members = [Int32](repeating: 0, count: count)
      var fill = memberStart
      for i in 0..<count {
        members[fill[Int(owner[i])]] = Int32(i)
        fill[Int(owner[i])] += 1
      }
      var rowStart: [Int32] = [0]
      var column: [Int32] = []
      var weight: [Float] = []
      var diagonal = [Float](repeating: 0, count: coarseCount)
      var slot = [Int32](repeating: -1, count: coarseCount)
      rowStart.reserveCapacity(coarseCount + 1)
      for a in 0..<coarseCount {
        let rowBegin = column.count
        for m in memberStart[a]..<memberStart[a + 1] {
          let i = Int(members[m])
          diagonal[a] += self.diagonal[i]
          for e in Int(self.rowStart[i])..<Int(self.rowStart[i + 1]) {
            let b = Int(owner[Int(self.column[e])])
            if b == a {
              diagonal[a] -= self.weight[e]
            } else if slot[b] >= 0 {
              weight[Int(slot[b])] += self.weight[e]
            } else {
              slot[b] = Int32(column.count)
              column.append(Int32(b))
              weight.append(self.weight[e])
            }
          }
        }
        for e in rowBegin..<column.count { slot[Int(column[e])] = -1 }
        rowStart.append(Int32(column.count))
      }
      // Appending left up to half of each array unused: keep exact copies instead.
      return Graph(
        count: coarseCount, rowStart: rowStart, column: Graph.exactCopy(column), weight: Graph.exactCopy(weight),
        diagonal: diagonal)
    }

    /// A copy of `array` whose storage holds just its elements.
    private static func exactCopy<Element>(_ array: [Element]) -> [Element] {
      array.withUnsafeBufferPointer { source in
        [Element](unsafeUninitializedCapacity: source.count) { target, initialized in
          _ = target.initialize(from: source)
          initialized = source.count
        }
      }
    }
  }
}
