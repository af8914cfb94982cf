/// Exact Euclidean distance transforms on pixel grids, bounded by a cap.
///
/// Distances are measured between pixel centres. The transform is separable: first, per column,
/// the distance to the nearest source in that column (a downward and an upward scan, capped at
/// `cap + 1`); then, per row, the lower envelope `D(x) = min_x' (g(x')^2 + (x - x')^2)`. For small
/// caps the envelope is a brute-force minimum over the window `|x - x'| <= cap` (branch-free and
/// vectorised over a row); for larger caps it is Felzenszwalb and Huttenlocher's linear-time lower
/// envelope of parabolas. Both give the same result:
///
/// - where the nearest source is at distance `d <= cap`: exactly `d^2`;
/// - elsewhere (including when there is no source at all): some value `> cap^2`, at most
///   ``ceiling(cap:)``.
///
/// There are no sources beyond the grid. Squared distances are `Int16` (half the memory traffic
/// of `Int32`, twice the SIMD lanes), which limits the cap to ``largestCap``.
enum DistanceTransform {
  /// Caps up to this use the windowed minimum; larger ones the parabola envelope.
  static let largestWindowCap = 24
  /// The largest supported cap: `(cap + 1)^2` must fit in an `Int16`.
  static let largestCap = 180

  /// The largest value a capped transform returns: `(cap + 1)^2`.
  static func ceiling(cap: Int) -> Int16 { Int16((cap + 1) * (cap + 1)) }

  /// Squared distances to the nearest source pixel, bounded by `cap` (see the type's summary),
  /// row-major like `pixels`. Sources are the pixels whose value equals `source`.
  static func squaredDistances(pixels: [UInt8], source: UInt8, width: Int, height: Int, cap: Int) -> [Int16] {
    precondition(pixels.count == width * height)
    return pixels.withUnsafeBufferPointer { src in
      squaredDistances(width: width, height: height, cap: cap) { y, flags in
        for x in 0..<width { flags[x] = src[y * width + x] == source ? 1 : 0 }
      }
    }
  }

  /// Squared distances to the nearest source pixel, bounded by `cap` (see the type's summary),
  /// row-major. `sources(y, flags)` fills `flags[0 ..< width]` with 1 for the sources of row `y`
  /// and 0 elsewhere; it is called once per row, top to bottom.
  ///
  /// `needed(y, flags)`, when given, fills `flags` with nonzero for the pixels of row `y` whose
  /// distance the caller will read (called once per row, bottom to top). Values are then exact
  /// only there and at sources (0); elsewhere they are unspecified. Runs of 16 pixels with none
  /// needed skip the row pass, which is most of the work.
  ///
  /// Memory: the result and a few rows; the column distances live in the result until each row's
  /// envelope replaces them.
  static func squaredDistances(
    width: Int, height: Int, cap: Int, sources: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void,
    needed: ((Int, UnsafeMutableBufferPointer<UInt8>) -> Void)? = nil
  ) -> [Int16] {
    precondition(width > 0 && height > 0 && cap >= 0 && cap <= largestCap)
    let far = Int16(cap + 1)
    let ceiling = ceiling(cap: cap)
    var out = [Int16](repeating: far, count: width * height)
    // Rows padded to a whole number of 16-pixel blocks, so the SIMD row pass needs no tail loop.
    let blocks = (width + 15) / 16
    var flags = [UInt8](repeating: 0, count: blocks * 16)
    var below = [Int16](repeating: far, count: width)
    var padded = [Int16](repeating: ceiling, count: blocks * 16 + 2 * cap)
    var envelope = Envelope(width: width)
    // Unsafe pointers: hot loops over megapixels; every pointer stays inside its row.
    out.withUnsafeMutableBufferPointer { outBuffer in
      flags.withUnsafeMutableBufferPointer { flagBuffer in
        below.withUnsafeMutableBufferPointer { belowBuffer in
          padded.withUnsafeMutableBufferPointer { paddedBuffer in
            guard let op = outBuffer.baseAddress, let f = flagBuffer.baseAddress, let b = belowBuffer.baseAddress,
              let p = paddedBuffer.baseAddress
            else { return }
            // Downward scan of column distances, a whole row at a time (contiguous, vectorisable).
            for y in 0..<height {
              sources(y, UnsafeMutableBufferPointer(start: f, count: width))
              let current = op + y * width
              if y == 0 {
                for x in 0..<width { current[x] = f[x] != 0 ? 0 : far }
              } else {
                let previous = current - width
                for x in 0..<width { current[x] = f[x] != 0 ? 0 : min(previous[x] &+ 1, far) }
              }
            }
            for x in 0..<flagBuffer.count { f[x] = 1 }  // all needed unless the caller says otherwise
            // Upward scan; each row is final once visited, so square it into `padded` and run its
            // row pass now, writing over its column distances (`below` keeps them for the row above).
            let centre = p + cap
            for y in stride(from: height - 1, through: 0, by: -1) {
              let current = op + y * width
              if y < height - 1 {
                for x in 0..<width { b[x] = min(current[x], b[x] &+ 1) }
              } else {
                for x in 0..<width { b[x] = current[x] }
              }
              for x in 0..<width { centre[x] = b[x] &* b[x] }
              if cap <= largestWindowCap {
                if let needed { needed(y, UnsafeMutableBufferPointer(start: f, count: width)) }
                windowRow(centre, current, f, width: width, cap: cap)
              } else {
                envelope.row(centre, current, width: width, ceiling: ceiling)
              }
            }
          }
        }
      }
    }
    return out
  }

  /// Row pass by brute force over `|dx| <= cap`, 16 pixels at a time: `centre[-cap ..< width +
  /// cap]` (rounded up to whole blocks) holds the row's squared column distances with `ceiling`
  /// beyond the row. Writes `out[0 ..< width]` except in blocks whose `needed` flags are all 0.
  @inline(__always)
  private static func windowRow(
    _ centre: UnsafeMutablePointer<Int16>, _ out: UnsafeMutablePointer<Int16>, _ needed: UnsafeMutablePointer<UInt8>,
    width: Int, cap: Int
  ) {
    typealias Block = SIMD16<Int16>
    let zero = SIMD16<UInt8>(repeating: 0)
    var x = 0
    while x < width {
      defer { x += 16 }
      let flags = UnsafeRawPointer(needed + x).loadUnaligned(as: SIMD16<UInt8>.self)
      if all(flags .== zero) { continue }
      var acc = UnsafeRawPointer(centre + x).loadUnaligned(as: Block.self)
      if cap > 0 {
        for dx in 1...cap {
          let left = UnsafeRawPointer(centre + x - dx).loadUnaligned(as: Block.self)
          let right = UnsafeRawPointer(centre + x + dx).loadUnaligned(as: Block.self)
          acc = pointwiseMin(acc, pointwiseMin(left, right) &+ Block(repeating: Int16(dx &* dx)))
        }
      }
      if x + 16 <= width {
        UnsafeMutableRawPointer(out + x).storeBytes(of: acc, as: Block.self)
      } else {
        for i in 0..<(width - x) { out[x + i] = acc[i] }  // the row's last, partial block
      }
    }
  }

  /// The lower envelope of parabolas (Felzenszwalb & Huttenlocher 2012) for one row, O(width).
  private struct Envelope {
    var vertices: [Int]
    var bounds: [Double]

    init(width: Int) {
      vertices = [Int](repeating: 0, count: width)
      bounds = [Double](repeating: 0, count: width + 1)
    }

    /// `out[x] = min(ceiling, min_q (g[q] + (x - q)^2))` for `x` in `0 ..< width`.
    mutating func row(_ g: UnsafeMutablePointer<Int16>, _ out: UnsafeMutablePointer<Int16>, width: Int, ceiling: Int16)
    {
      vertices.withUnsafeMutableBufferPointer { v in
        bounds.withUnsafeMutableBufferPointer { z in
          // f(q) = g(q) (already squared); parabola at q: f(q) + (x - q)^2.
          var k = 0
          v[0] = 0
          z[0] = -Double.infinity
          z[1] = Double.infinity
          if width > 1 {
            for q in 1..<width {
              let fq = Double(g[q]) + Double(q * q)
              var s = 0.0
              // z[0] = -infinity, so this stops at k = 0 at the latest.
              while true {
                let p = v[k]
                s = (fq - Double(g[p]) - Double(p * p)) / Double(2 * (q - p))
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
            let value = Int(g[p]) + (x - p) * (x - p)
            out[x] = Int16(min(value, Int(ceiling)))
          }
        }
      }
    }
  }
}
