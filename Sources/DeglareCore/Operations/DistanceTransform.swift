/// Exact Euclidean distance transforms on pixel grids, bounded by a cap.
///
/// Distances are measured between pixel centres. The transform is separable: first, per column,
/// the distance to the nearest source in that column (two scans, capped at `cap + 1`); then, per
/// row, the lower envelope `D(x) = min_x' (g(x')^2 + (x - x')^2)`. For small caps the envelope is a
/// brute-force minimum over the window `|x - x'| <= cap` (branch-free and vectorised over a row);
/// for larger caps it is Felzenszwalb and Huttenlocher's linear-time lower envelope of
/// parabolas. Both give the same result:
///
/// - where the nearest source is at distance `d <= cap`: exactly `d^2`;
/// - elsewhere (including when there is no source at all): some value `> cap^2`, at most
///   ``ceiling(cap:)``.
///
/// There are no sources beyond the grid.
enum DistanceTransform {
  /// Caps up to this use the windowed minimum; larger ones the parabola envelope.
  static let largestWindowCap = 24

  /// The largest value a capped transform returns: `(cap + 1)^2`.
  static func ceiling(cap: Int) -> Int32 { Int32((cap + 1) * (cap + 1)) }

  /// Squared distances to the nearest pixel with `sources[i] != 0`, bounded by `cap` (see the
  /// type's summary), row-major like `sources`.
  static func squaredDistances(sources: [UInt8], width: Int, height: Int, cap: Int) -> [Int32] {
    precondition(sources.count == width * height && cap >= 0)
    let far = Int32(cap + 1)
    let ceiling = ceiling(cap: cap)
    var g = [Int32](repeating: far, count: width * height)
    var out = [Int32](repeating: ceiling, count: width * height)
    // Unsafe pointers: hot loops over megapixels; every index is below width * height.
    sources.withUnsafeBufferPointer { src in
      g.withUnsafeMutableBufferPointer { gp in
        // Column distances, scanning whole rows at a time (contiguous, vectorisable).
        for x in 0..<width { gp[x] = src[x] != 0 ? 0 : far }
        if height > 1 {
          for y in 1..<height {
            let row = y * width
            let previous = row - width
            for x in 0..<width {
              gp[row + x] = src[row + x] != 0 ? 0 : min(gp[previous + x] + 1, far)
            }
          }
          for y in stride(from: height - 2, through: 0, by: -1) {
            let row = y * width
            let next = row + width
            for x in 0..<width { gp[row + x] = min(gp[row + x], gp[next + x] + 1) }
          }
        }
        // Square in place.
        for i in 0..<(width * height) { gp[i] = gp[i] * gp[i] }
      }
    }
    g.withUnsafeBufferPointer { gp in
      out.withUnsafeMutableBufferPointer { op in
        if cap <= largestWindowCap {
          windowRows(gp, op, width: width, height: height, cap: cap, ceiling: ceiling)
        } else {
          envelopeRows(gp, op, width: width, height: height, ceiling: ceiling)
        }
      }
    }
    return out
  }

  /// Row pass by brute force over `|dx| <= cap`, on a row padded with `ceiling` on both sides.
  private static func windowRows(
    _ g: UnsafeBufferPointer<Int32>, _ out: UnsafeMutableBufferPointer<Int32>, width: Int, height: Int,
    cap: Int, ceiling: Int32
  ) {
    var padded = [Int32](repeating: ceiling, count: width + 2 * cap)
    padded.withUnsafeMutableBufferPointer { pad in
      guard let p = pad.baseAddress, let o = out.baseAddress else { return }
      for y in 0..<height {
        let row = y * width
        for x in 0..<width { p[cap + x] = g[row + x] }
        let centre = p + cap
        let dst = o + row
        for x in 0..<width { dst[x] = min(centre[x], ceiling) }
        if cap > 0 {
          for dx in 1...cap {
            let dd = Int32(dx * dx)
            let left = centre - dx
            let right = centre + dx
            for x in 0..<width { dst[x] = min(dst[x], min(left[x], right[x]) &+ dd) }
          }
        }
      }
    }
  }

  /// Row pass by the lower envelope of parabolas (Felzenszwalb & Huttenlocher 2012), O(width)
  /// per row. Values above `ceiling` are clamped to it.
  private static func envelopeRows(
    _ g: UnsafeBufferPointer<Int32>, _ out: UnsafeMutableBufferPointer<Int32>, width: Int, height: Int,
    ceiling: Int32
  ) {
    var vertices = [Int](repeating: 0, count: width)
    var bounds = [Double](repeating: 0, count: width + 1)
    vertices.withUnsafeMutableBufferPointer { v in
      bounds.withUnsafeMutableBufferPointer { z in
        for y in 0..<height {
          let row = y * width
          // f(q) = g(q)^2; parabola at q: f(q) + (x - q)^2.
          var k = 0
          v[0] = 0
          z[0] = -Double.infinity
          z[1] = Double.infinity
          if width > 1 {
            for q in 1..<width {
              let fq = Double(g[row + q]) + Double(q * q)
              var s = 0.0
              // z[0] = -infinity, so this stops at k = 0 at the latest.
              while true {
                let p = v[k]
                s = (fq - Double(g[row + p]) - Double(p * p)) / Double(2 * (q - p))
                if s <= z[k] { k -= 1 } else { break }
              }
              k += 1
              v[k] = q
              z[k] = s
              z[k + 1] = Double.infinity
            }
          }
          k = 0
          for x in 0..<width {
            while z[k + 1] < Double(x) { k += 1 }
            let p = v[k]
            let value = Int(g[row + p]) + (x - p) * (x - p)
            out[row + x] = Int32(min(value, Int(ceiling)))
          }
        }
      }
    }
  }
}
