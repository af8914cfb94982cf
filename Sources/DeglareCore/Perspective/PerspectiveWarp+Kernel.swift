// The hot loop of the perspective warp. It runs once per output pixel of a 24-megapixel photo,
// so it works on raw buffer pointers taken once per image (the bounds-checked, overflow-checked
// first version ran 1.9x slower than OpenCV; see Benchmarks/warp_bench.sh), reads each row of
// taps as one vector and filters it vertically lane by lane before the horizontal pass (half the
// operations of tap-by-tap filtering), and splits the rows into bands run on all cores. Each band
// writes only its own rows.
import Dispatch

/// Everything one warp needs, immutable, shared by the bands.
struct WarpJob: Sendable {
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int
  let channels: Int
  let matrix: [Double]
  let table: CubicWeightTable
  let bands: Int

  /// Warps `source` into `destination` (both interleaved, `channels` samples per pixel).
  func run<T: FixedWidthInteger & UnsignedInteger & SIMDScalar & Sendable>(
    source: UnsafeBufferPointer<T>, destination: UnsafeMutableBufferPointer<T>
  ) {
    guard let sourceBase = source.baseAddress, let destinationBase = destination.baseAddress else { return }
    let input = SendablePointer(pointer: UnsafeMutablePointer(mutating: sourceBase))
    let output = SendablePointer(pointer: destinationBase)
    let spread: [Float]
    switch channels {
    case 1: spread = OneChannel.spread(table)
    case 2: spread = TwoChannels.spread(table)
    case 3: spread = ThreeChannels.spread(table)
    default: spread = FourChannels.spread(table)
    }
    table.weights.withUnsafeBufferPointer { weights in
      spread.withUnsafeBufferPointer { spreadWeights in
        guard let weightBase = weights.baseAddress, let spreadBase = spreadWeights.baseAddress else { return }
        let tableStart = SendablePointer(pointer: UnsafeMutablePointer(mutating: weightBase))
        let spreadStart = SendablePointer(pointer: UnsafeMutablePointer(mutating: spreadBase))
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          let first = band * height / bands
          let last = (band + 1) * height / bands
          let (i, o, w, s) = (input.pointer, output.pointer, tableStart.pointer, spreadStart.pointer)
          switch channels {
          case 1: rows(first..<last, i, o, w, s, layout: OneChannel.self)
          case 2: rows(first..<last, i, o, w, s, layout: TwoChannels.self)
          case 3: rows(first..<last, i, o, w, s, layout: ThreeChannels.self)
          default: rows(first..<last, i, o, w, s, layout: FourChannels.self)
          }
        }
      }
    }
  }

  /// Warps output rows `range`. `L` fixes the channel count at compile time. In the interior
  /// the four rows of taps are read as whole vectors (`L.span` samples from the leftmost tap),
  /// filtered vertically lane by lane, then horizontally with the weights spread per channel;
  /// near the border each tap is read separately with its coordinates clamped.
  @inline(__always)
  private func rows<T: FixedWidthInteger & UnsignedInteger & SIMDScalar, L: TapLayout>(
    _ range: Range<Int>, _ source: UnsafeMutablePointer<T>, _ destination: UnsafeMutablePointer<T>,
    _ weights: UnsafeMutablePointer<Float>, _ spread: UnsafeMutablePointer<Float>, layout: L.Type
  ) {
    let n = L.channels
    let span = L.span
    let m = matrix
    let steps = Double(table.steps)
    let stepCount = table.steps
    let maxValue = Float(T.max)
    let rowStride = sourceWidth &* n
    let lastX = sourceWidth &- 1
    let lastY = sourceHeight &- 1
    // The fast path reads `span` samples from the leftmost tap of each row: keep them inside.
    let lastFastX = sourceWidth &- (span &+ n &- 1) / n
    // Positions beyond these are clamped before the integer conversion: a far-away or
    // non-finite position repeats the border.
    let limitX = Double(sourceWidth + 2)
    let limitY = Double(sourceHeight + 2)
    for y in range {
      let yd = Double(y)
      var numeratorX = m[1] * yd + m[2]
      var numeratorY = m[4] * yd + m[5]
      var denominator = m[7] * yd + m[8]
      var out = destination + y &* width &* n
      for _ in 0..<width {
        let inverse = 1 / denominator
        var sx = numeratorX * inverse
        var sy = numeratorY * inverse
        numeratorX += m[0]
        numeratorY += m[3]
        denominator += m[6]
        // NaN fails both comparisons and lands on the border too.
        sx = sx > -3 ? (sx < limitX ? sx : limitX) : -3
        sy = sy > -3 ? (sy < limitY ? sy : limitY) : -3
        // Truncation of a positive number is its floor; 8 keeps it positive.
        var ix = Int(sx + 8) &- 8
        var iy = Int(sy + 8) &- 8
        var qx = Int((sx - Double(ix)) * steps + 0.5)
        var qy = Int((sy - Double(iy)) * steps + 0.5)
        if qx >= stepCount {
          qx = 0
          ix &+= 1
        }
        if qy >= stepCount {
          qy = 0
          iy &+= 1
        }
        let wy = UnsafeRawPointer(weights + qy &* 4).loadUnaligned(as: SIMD4<Float>.self)
        let value: SIMD4<Float>
        if ix >= 1 && ix &+ 1 <= lastFastX && iy >= 1 && iy &+ 2 <= lastY {
          let row = source + (iy &- 1) &* rowStride + (ix &- 1) &* n
          value = L.filter(row, rowStride: rowStride, wy: wy, spreadWx: spread + qx &* span)
        } else {
          let wx = UnsafeRawPointer(weights + qx &* 4).loadUnaligned(as: SIMD4<Float>.self)
          let x0 = min(max(ix &- 1, 0), lastX) &* n
          let x1 = min(max(ix, 0), lastX) &* n
          let x2 = min(max(ix &+ 1, 0), lastX) &* n
          let x3 = min(max(ix &+ 2, 0), lastX) &* n
          var sum = SIMD4<Float>()
          for r in 0..<4 {
            let row = source + min(max(iy &- 1 &+ r, 0), lastY) &* rowStride
            var h = L.pixel(row + x0) * wx[0]
            h += L.pixel(row + x1) * wx[1]
            h += L.pixel(row + x2) * wx[2]
            h += L.pixel(row + x3) * wx[3]
            sum += h * wy[r]
          }
          value = sum
        }
        // Scalar per lane: the standard library's generic SIMD rounding and clamping are not
        // inlined and cost more than the whole convolution.
        for c in 0..<n {
          let rounded = value[c] + 0.5
          let clamped = rounded > 0 ? (rounded < maxValue ? rounded : maxValue) : 0
          out[c] = T(truncatingIfNeeded: Int32(clamped))
        }
        out += n
      }
    }
  }
}

/// A pointer handed to the parallel bands; each band touches only its own rows.
struct SendablePointer<T>: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<T>
}

/// How the taps of one channel count are read and combined, fixed at compile time.
protocol TapLayout {
  /// Samples per pixel.
  static var channels: Int { get }
  /// Samples the fast path reads from each of the four rows, starting at the leftmost tap: the
  /// four taps' samples, rounded up to whole vectors of four.
  static var span: Int { get }
  /// The filtered pixel, channels in the first lanes: `row` points at the top-left tap,
  /// `wy` holds the vertical weights and `spreadWx` the horizontal weights repeated per channel
  /// (`span` floats, zero past the fourth tap).
  static func filter<T: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ row: UnsafeMutablePointer<T>, rowStride: Int, wy: SIMD4<Float>, spreadWx: UnsafeMutablePointer<Float>
  ) -> SIMD4<Float>
}

extension TapLayout {
  /// The pixel at `pointer`, reading only its own samples, channels in the first lanes.
  @inline(__always)
  static func pixel<T: FixedWidthInteger & UnsignedInteger>(_ pointer: UnsafeMutablePointer<T>) -> SIMD4<Float> {
    switch channels {
    case 1: return SIMD4<Float>(Float(pointer[0]), 0, 0, 0)
    case 2: return SIMD4<Float>(Float(pointer[0]), Float(pointer[1]), 0, 0)
    case 3: return SIMD4<Float>(Float(pointer[0]), Float(pointer[1]), Float(pointer[2]), 0)
    default: return SIMD4<Float>(Float(pointer[0]), Float(pointer[1]), Float(pointer[2]), Float(pointer[3]))
    }
  }

  /// The weights of `table` spread per channel: for each position, `span` floats holding each
  /// of the four horizontal weights `channels` times, then zeros.
  static func spread(_ table: CubicWeightTable) -> [Float] {
    var result: [Float] = []
    result.reserveCapacity((table.steps + 1) * span)
    for position in 0...table.steps {
      var row = [Float](repeating: 0, count: span)
      for tap in 0..<4 {
        for channel in 0..<channels { row[tap * channels + channel] = table.weights[position * 4 + tap] }
      }
      result.append(contentsOf: row)
    }
    return result
  }
}

/// Four consecutive samples as floats (one unaligned load, widened lane by lane; the 8- and
/// 16-lane standard-library conversions were not inlined and cost a call per row).
@inline(__always)
private func load4<T: FixedWidthInteger & UnsignedInteger & SIMDScalar>(_ pointer: UnsafeMutablePointer<T>) -> SIMD4<Float> {
  SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<T>.self)))
}

/// The four spread weights vectors at `pointer` (`count` of them, 4 floats each).
@inline(__always)
private func weights4(_ pointer: UnsafeMutablePointer<Float>, _ index: Int) -> SIMD4<Float> {
  UnsafeRawPointer(pointer + 4 &* index).loadUnaligned(as: SIMD4<Float>.self)
}

/// Gray: the four taps of a row in one vector.
enum OneChannel: TapLayout {
  static var channels: Int { 1 }
  static var span: Int { 4 }
  @inline(__always)
  static func filter<T: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ row: UnsafeMutablePointer<T>, rowStride: Int, wy: SIMD4<Float>, spreadWx: UnsafeMutablePointer<Float>
  ) -> SIMD4<Float> {
    var v = load4(row) * wy[0]
    v += load4(row + rowStride) * wy[1]
    v += load4(row + 2 &* rowStride) * wy[2]
    v += load4(row + 3 &* rowStride) * wy[3]
    let p = v * weights4(spreadWx, 0)
    return SIMD4<Float>(p[0] + p[1] + p[2] + p[3], 0, 0, 0)
  }
}

/// Gray and alpha: the eight samples of a row's taps in two vectors.
enum TwoChannels: TapLayout {
  static var channels: Int { 2 }
  static var span: Int { 8 }
  @inline(__always)
  static func filter<T: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ row: UnsafeMutablePointer<T>, rowStride: Int, wy: SIMD4<Float>, spreadWx: UnsafeMutablePointer<Float>
  ) -> SIMD4<Float> {
    var a = SIMD4<Float>()
    var b = SIMD4<Float>()
    var pointer = row
    for r in 0..<4 {
      a += load4(pointer) * wy[r]
      b += load4(pointer + 4) * wy[r]
      pointer += rowStride
    }
    let p = a * weights4(spreadWx, 0) + b * weights4(spreadWx, 1)
    return SIMD4<Float>(p[0] + p[2], p[1] + p[3], 0, 0)
  }
}

/// RGB: the twelve samples of a row's taps in three vectors,
/// [r0 g0 b0 r1] [g1 b1 r2 g2] [b2 r3 g3 b3].
enum ThreeChannels: TapLayout {
  static var channels: Int { 3 }
  static var span: Int { 12 }
  @inline(__always)
  static func filter<T: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ row: UnsafeMutablePointer<T>, rowStride: Int, wy: SIMD4<Float>, spreadWx: UnsafeMutablePointer<Float>
  ) -> SIMD4<Float> {
    var a = SIMD4<Float>()
    var b = SIMD4<Float>()
    var c = SIMD4<Float>()
    var pointer = row
    for r in 0..<4 {
      let weight = wy[r]
      a += load4(pointer) * weight
      b += load4(pointer + 4) * weight
      c += load4(pointer + 8) * weight
      pointer += rowStride
    }
    let p = a * weights4(spreadWx, 0)
    let q = b * weights4(spreadWx, 1)
    let t = c * weights4(spreadWx, 2)
    return SIMD4<Float>(p[0], p[1], p[2], 0) + SIMD4<Float>(p[3], q[0], q[1], 0)
      + SIMD4<Float>(q[2], q[3], t[0], 0) + SIMD4<Float>(t[1], t[2], t[3], 0)
  }
}

/// RGBA: one vector per tap.
enum FourChannels: TapLayout {
  static var channels: Int { 4 }
  static var span: Int { 16 }
  @inline(__always)
  static func filter<T: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ row: UnsafeMutablePointer<T>, rowStride: Int, wy: SIMD4<Float>, spreadWx: UnsafeMutablePointer<Float>
  ) -> SIMD4<Float> {
    var a = SIMD4<Float>()
    var b = SIMD4<Float>()
    var c = SIMD4<Float>()
    var d = SIMD4<Float>()
    var pointer = row
    for r in 0..<4 {
      let weight = wy[r]
      a += load4(pointer) * weight
      b += load4(pointer + 4) * weight
      c += load4(pointer + 8) * weight
      d += load4(pointer + 12) * weight
      pointer += rowStride
    }
    return a * weights4(spreadWx, 0) + b * weights4(spreadWx, 1) + c * weights4(spreadWx, 2)
      + d * weights4(spreadWx, 3)
  }
}
