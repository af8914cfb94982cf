// The hot loop of the perspective warp. It runs once per output pixel of a 24-megapixel photo,
// so it works on raw buffer pointers taken once per image, in wrapping fixed-point integer
// arithmetic with the four rows and the channels unrolled at compile time, and splits the rows
// into bands run on all cores (each band writes only its own rows). Measured against OpenCV's
// warpPerspective with Benchmarks/warp_bench.sh: the first, bounds- and overflow-checked
// version took 1.9x OpenCV's time, a float-SIMD version 2.7x its processor time (Swift's SIMD
// conversions and lane indexing did not compile to tight code); this one is on par or faster.
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
  /// Output columns per tile.
  let tileWidth: Int

  /// The warped samples of `source`: `width` x `height` pixels, interleaved like `source`.
  func output<T: FixedWidthInteger & UnsignedInteger & Sendable>(from source: UnsafeBufferPointer<T>) -> [T] {
    let count = width * height * channels
    return [T](unsafeUninitializedCapacity: count) { destination, initialized in
      run(source: source, destination: destination)
      initialized = count
    }
  }

  /// Warps `source` into `destination` (both interleaved, `channels` samples per pixel).
  private func run<T: FixedWidthInteger & UnsignedInteger & Sendable>(
    source: UnsafeBufferPointer<T>, destination: UnsafeMutableBufferPointer<T>
  ) {
    guard let sourceBase = source.baseAddress, let destinationBase = destination.baseAddress else { return }
    let input = SendablePointer(pointer: UnsafeMutablePointer(mutating: sourceBase))
    let output = SendablePointer(pointer: destinationBase)
    table.weights.withUnsafeBufferPointer { weights in
      guard let weightBase = weights.baseAddress else { return }
      let tableStart = SendablePointer(pointer: UnsafeMutablePointer(mutating: weightBase))
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        let first = band * height / bands
        let last = (band + 1) * height / bands
        let (i, o, w) = (input.pointer, output.pointer, tableStart.pointer)
        switch channels {
        case 1: rows(first..<last, i, o, w, channels: One.self)
        case 2: rows(first..<last, i, o, w, channels: Two.self)
        case 3: rows(first..<last, i, o, w, channels: Three.self)
        default: rows(first..<last, i, o, w, channels: Four.self)
        }
      }
    }
  }

  /// Warps output rows `range`; `C` fixes the channel count at compile time.
  @inline(__always)
  private func rows<T: FixedWidthInteger & UnsignedInteger, C: ChannelCount>(
    _ range: Range<Int>, _ source: UnsafeMutablePointer<T>, _ destination: UnsafeMutablePointer<T>,
    _ weights: UnsafeMutablePointer<Int32>, channels: C.Type
  ) {
    let n = C.value
    let m = matrix
    let steps = Double(table.steps)
    let stepShift = table.stepShift
    let stepMask = table.steps &- 1
    let maxValue = Int(T.max)
    let rowStride = sourceWidth &* n
    let lastX = sourceWidth &- 1
    let lastY = sourceHeight &- 1
    // Positions beyond these are clamped before the conversion, so a far-away or non-finite
    // position repeats the border and the fixed-point value cannot overflow.
    let limitX = Double(sourceWidth + 2)
    let limitY = Double(sourceHeight + 2)
    let shift = 2 &* table.shift
    let rounding = 1 &<< (shift &- 1)
    // Tiles of `tileWidth` columns: the source pixels a tile reads stay in the first-level
    // cache from one output row to the next (whole rows measured 12 % of the time stalled on
    // loads of a new source row). Each tile row runs in two passes, positions first, then the
    // filter, so the filter loop keeps its values in registers (one pass spilled them).
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * tileWidth) { positions in
      guard let position = positions.baseAddress else { return }
      for tileStart in stride(from: 0, to: width, by: tileWidth) {
        let tileEnd = min(tileStart &+ tileWidth, width)
        let count = tileEnd &- tileStart
        let xd = Double(tileStart)
        for y in range {
          let yd = Double(y)
          var numeratorX = m[0] * xd + m[1] * yd + m[2]
          var numeratorY = m[3] * xd + m[4] * yd + m[5]
          var denominator = m[6] * xd + m[7] * yd + m[8]
          for index in 0..<count {
            let inverse = 1 / denominator
            var sx = numeratorX * inverse
            var sy = numeratorY * inverse
            numeratorX += m[0]
            numeratorY += m[3]
            denominator += m[6]
            // NaN fails both comparisons and lands on the border too.
            sx = sx > -3 ? (sx < limitX ? sx : limitX) : -3
            sy = sy > -3 ? (sy < limitY ? sy : limitY) : -3
            // Positions in 1/steps of a pixel, rounded to nearest; the arithmetic shift later
            // floors, so negative positions split correctly into pixel and fraction.
            position[2 &* index] = roundToInt(sx * steps)
            position[2 &* index &+ 1] = roundToInt(sy * steps)
          }
          var out = destination + (y &* width &+ tileStart) &* n
          for index in 0..<count {
            let fixedX = position[2 &* index]
            let fixedY = position[2 &* index &+ 1]
            filterPixel(
              fixedX: fixedX, fixedY: fixedY, source: source, out: out, weights: weights, channels: channels,
              stepShift: stepShift, stepMask: stepMask, rowStride: rowStride, lastX: lastX, lastY: lastY, shift: shift,
              rounding: rounding, maxValue: maxValue)
            out += n
          }
        }
      }
    }
  }

  /// One output pixel from its fixed-point source position.
  @inline(__always)
  private func filterPixel<T: FixedWidthInteger & UnsignedInteger, C: ChannelCount>(
    fixedX: Int, fixedY: Int, source: UnsafeMutablePointer<T>, out: UnsafeMutablePointer<T>,
    weights: UnsafeMutablePointer<Int32>, channels: C.Type, stepShift: Int, stepMask: Int, rowStride: Int, lastX: Int,
    lastY: Int, shift: Int, rounding: Int, maxValue: Int
  ) {
    let n = C.value
    let ix = fixedX &>> stepShift
    let iy = fixedY &>> stepShift
    let wx = weights + (fixedX & stepMask) &* 4
    let wy = weights + (fixedY & stepMask) &* 4
    let wx0 = Int(wx[0])
    let wx1 = Int(wx[1])
    let wx2 = Int(wx[2])
    let wx3 = Int(wx[3])
    let wy0 = Int(wy[0])
    let wy1 = Int(wy[1])
    let wy2 = Int(wy[2])
    let wy3 = Int(wy[3])
    if T.bitWidth == 8 && C.value >= 3 && ix >= 1 && ix &+ 3 <= lastX && iy >= 1 && iy &+ 2 <= lastY {
      // 8-bit RGB(A), the common case. The scalar multiplier is the bottleneck, so two
      // channels share each 64-bit multiply (red in the low half, blue in the high half;
      // with 11-bit weights every partial sum fits in 32 bits, and the packed arithmetic is
      // exact because it is linear), and each tap is one 32-bit load.
      let p0 = UnsafeRawPointer(source + (iy &- 1) &* rowStride + (ix &- 1) &* n)
      let stride = rowStride
      let s0 = packedRowSums(p0, n, wx0, wx1, wx2, wx3)
      let s1 = packedRowSums(p0 + stride, n, wx0, wx1, wx2, wx3)
      let s2 = packedRowSums(p0 + 2 &* stride, n, wx0, wx1, wx2, wx3)
      let s3 = packedRowSums(p0 + 3 &* stride, n, wx0, wx1, wx2, wx3)
      let redBlue = wy0 &* s0.redBlue &+ wy1 &* s1.redBlue &+ wy2 &* s2.redBlue &+ wy3 &* s3.redBlue
      let greenAlpha = wy0 &* s0.greenAlpha &+ wy1 &* s1.greenAlpha &+ wy2 &* s2.greenAlpha &+ wy3 &* s3.greenAlpha
      let red = Int(Int32(truncatingIfNeeded: redBlue))
      let blue = (redBlue &- red) &>> 32
      let green = Int(Int32(truncatingIfNeeded: greenAlpha))
      out[0] = T(truncatingIfNeeded: clampSample((red &+ rounding) &>> shift, maxValue))
      out[1] = T(truncatingIfNeeded: clampSample((green &+ rounding) &>> shift, maxValue))
      out[2] = T(truncatingIfNeeded: clampSample((blue &+ rounding) &>> shift, maxValue))
      if n == 4 {
        let alpha = (greenAlpha &- green) &>> 32
        out[3] = T(truncatingIfNeeded: clampSample((alpha &+ rounding) &>> shift, maxValue))
      }
    } else if ix >= 1 && ix &+ 2 <= lastX && iy >= 1 && iy &+ 2 <= lastY {
      let row0 = source + (iy &- 1) &* rowStride + (ix &- 1) &* n
      let row1 = row0 + rowStride
      let row2 = row1 + rowStride
      let row3 = row2 + rowStride
      for c in 0..<n {
        let h0 =
          wx0 &* Int(row0[c]) &+ wx1 &* Int(row0[n &+ c]) &+ wx2 &* Int(row0[2 &* n &+ c]) &+ wx3
          &* Int(row0[3 &* n &+ c])
        let h1 =
          wx0 &* Int(row1[c]) &+ wx1 &* Int(row1[n &+ c]) &+ wx2 &* Int(row1[2 &* n &+ c]) &+ wx3
          &* Int(row1[3 &* n &+ c])
        let h2 =
          wx0 &* Int(row2[c]) &+ wx1 &* Int(row2[n &+ c]) &+ wx2 &* Int(row2[2 &* n &+ c]) &+ wx3
          &* Int(row2[3 &* n &+ c])
        let h3 =
          wx0 &* Int(row3[c]) &+ wx1 &* Int(row3[n &+ c]) &+ wx2 &* Int(row3[2 &* n &+ c]) &+ wx3
          &* Int(row3[3 &* n &+ c])
        let value = (wy0 &* h0 &+ wy1 &* h1 &+ wy2 &* h2 &+ wy3 &* h3 &+ rounding) &>> shift
        out[c] = T(truncatingIfNeeded: value < 0 ? 0 : (value > maxValue ? maxValue : value))
      }
    } else {
      let x0 = min(max(ix &- 1, 0), lastX) &* n
      let x1 = min(max(ix, 0), lastX) &* n
      let x2 = min(max(ix &+ 1, 0), lastX) &* n
      let x3 = min(max(ix &+ 2, 0), lastX) &* n
      let row0 = source + min(max(iy &- 1, 0), lastY) &* rowStride
      let row1 = source + min(max(iy, 0), lastY) &* rowStride
      let row2 = source + min(max(iy &+ 1, 0), lastY) &* rowStride
      let row3 = source + min(max(iy &+ 2, 0), lastY) &* rowStride
      for c in 0..<n {
        let h0 =
          wx0 &* Int(row0[x0 &+ c]) &+ wx1 &* Int(row0[x1 &+ c]) &+ wx2 &* Int(row0[x2 &+ c]) &+ wx3
          &* Int(row0[x3 &+ c])
        let h1 =
          wx0 &* Int(row1[x0 &+ c]) &+ wx1 &* Int(row1[x1 &+ c]) &+ wx2 &* Int(row1[x2 &+ c]) &+ wx3
          &* Int(row1[x3 &+ c])
        let h2 =
          wx0 &* Int(row2[x0 &+ c]) &+ wx1 &* Int(row2[x1 &+ c]) &+ wx2 &* Int(row2[x2 &+ c]) &+ wx3
          &* Int(row2[x3 &+ c])
        let h3 =
          wx0 &* Int(row3[x0 &+ c]) &+ wx1 &* Int(row3[x1 &+ c]) &+ wx2 &* Int(row3[x2 &+ c]) &+ wx3
          &* Int(row3[x3 &+ c])
        let value = (wy0 &* h0 &+ wy1 &* h1 &+ wy2 &* h2 &+ wy3 &* h3 &+ rounding) &>> shift
        out[c] = T(truncatingIfNeeded: value < 0 ? 0 : (value > maxValue ? maxValue : value))
      }
    }
  }
}

/// `value` rounded to the nearest integer, for |value| < 2^31, without the range checks of
/// `Int(_:)`: adding 1.5 x 2^52 leaves the rounded integer in the low bits of the double.
@inline(__always)
private func roundToInt(_ value: Double) -> Int {
  Int(Int32(truncatingIfNeeded: (value + 6_755_399_441_055_744.0).bitPattern))
}

/// The horizontal weighted sums of one row of four RGB(A) taps, two channels packed per word.
@inline(__always)
private func packedRowSums(
  _ row: UnsafeRawPointer, _ n: Int, _ wx0: Int, _ wx1: Int, _ wx2: Int, _ wx3: Int
) -> (redBlue: Int, greenAlpha: Int) {
  let t0 = Int(row.loadUnaligned(as: UInt32.self))
  let t1 = Int(row.loadUnaligned(fromByteOffset: n, as: UInt32.self))
  let t2 = Int(row.loadUnaligned(fromByteOffset: 2 &* n, as: UInt32.self))
  let t3 = Int(row.loadUnaligned(fromByteOffset: 3 &* n, as: UInt32.self))
  let redBlue = wx0 &* splitRedBlue(t0) &+ wx1 &* splitRedBlue(t1) &+ wx2 &* splitRedBlue(t2) &+ wx3 &* splitRedBlue(t3)
  let greenAlpha =
    wx0 &* splitGreenAlpha(t0, n) &+ wx1 &* splitGreenAlpha(t1, n) &+ wx2 &* splitGreenAlpha(t2, n)
    &+ wx3 &* splitGreenAlpha(t3, n)
  return (redBlue, greenAlpha)
}

/// The red and blue bytes of a little-endian RGB(A) word, red in bits 0-7, blue in bits 32-39.
@inline(__always)
private func splitRedBlue(_ word: Int) -> Int {
  (word & 0xFF) | ((word & 0xFF_0000) &<< 16)
}

/// The green byte in bits 0-7 and, for RGBA (`channels == 4`), alpha in bits 32-39.
@inline(__always)
private func splitGreenAlpha(_ word: Int, _ channels: Int) -> Int {
  channels == 4 ? ((word &>> 8) & 0xFF) | ((word & 0xFF00_0000) &<< 8) : (word &>> 8) & 0xFF
}

@inline(__always)
private func clampSample(_ value: Int, _ maxValue: Int) -> Int {
  value < 0 ? 0 : (value > maxValue ? maxValue : value)
}

/// A pointer handed to the parallel bands; each band touches only its own rows.
struct SendablePointer<T>: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<T>
}

/// A channel count known at compile time, so the per-channel loop unrolls.
protocol ChannelCount {
  static var value: Int { get }
}

enum One: ChannelCount { static var value: Int { 1 } }
enum Two: ChannelCount { static var value: Int { 2 } }
enum Three: ChannelCount { static var value: Int { 3 } }
enum Four: ChannelCount { static var value: Int { 4 } }
