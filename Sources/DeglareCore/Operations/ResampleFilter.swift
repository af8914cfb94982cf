import Foundation

/// The precomputed taps of a 1-D resampling filter: for each output index, the first input index,
/// the number of taps, and their weights (normalised to sum to 1).
///
/// Geometry: pixel centres aligned, by ``CoordinateSpace/rescale(_:from:to:)``: output pixel `o`
/// samples the input at `(o + 0.5) * in / out - 0.5`. When shrinking, the kernel is stretched by
/// the scale factor `in / out` (its support grows from 3 to `3 * in / out` input pixels), so it
/// integrates over the whole footprint of the output pixel instead of skipping input pixels.
/// At the borders, taps that would fall outside `0 ..< in` are dropped and the remaining weights
/// renormalised (no mirrored or clamped reads). Equal lengths give the identity exactly (one tap
/// of weight 1).
struct ResampleFilter: Sendable {
  /// First input index of each output index's taps.
  let starts: [Int]
  /// Number of taps of each output index (at least 1).
  let counts: [Int]
  /// Distance between consecutive output indices' weights in ``weights``.
  let stride: Int
  /// Weights, `stride` per output index, the first `counts[o]` used.
  let weights: [Float]

  /// The largest tap count.
  var maxCount: Int { counts.max() ?? 1 }

  /// The Lanczos kernel with `lobes` lobes: `sinc(x) * sinc(x / lobes)` for `|x| < lobes`.
  static func lanczos(_ x: Double, lobes: Double) -> Double {
    let ax = abs(x)
    if ax < 1e-12 { return 1 }
    if ax >= lobes { return 0 }
    let px = Double.pi * x
    return lobes * sin(px) * sin(px / lobes) / (px * px)
  }

  /// Taps of a Lanczos filter with `lobes` lobes mapping `inLength` samples to `outLength`.
  init(inLength: Int, outLength: Int, lobes: Int) {
    precondition(inLength > 0 && outLength > 0 && lobes > 0)
    if inLength == outLength {
      starts = Array(0..<outLength)
      counts = [Int](repeating: 1, count: outLength)
      stride = 1
      weights = [Float](repeating: 1, count: outLength)
      return
    }
    let scale = Double(inLength) / Double(outLength)
    let stretch = max(1, scale)
    let support = Double(lobes) * stretch
    let stride = Int((2 * support).rounded(.up)) + 2
    var starts = [Int](repeating: 0, count: outLength)
    var counts = [Int](repeating: 0, count: outLength)
    var weights = [Float](repeating: 0, count: outLength * stride)
    var raw = [Double](repeating: 0, count: stride)
    for o in 0..<outLength {
      // Upload <-> crop scaling lives in CoordinateSpace: output pixel o's centre, in input pixels.
      let centre = CoordinateSpace.rescale(Double(o), from: outLength, to: inLength)
      var first = Int((centre - support).rounded(.up))
      var last = Int((centre + support).rounded(.down))
      first = max(first, 0)
      last = min(last, inLength - 1)
      if last < first {  // cannot happen for a centre inside the image; stay safe
        first = min(max(Int(centre.rounded()), 0), inLength - 1)
        last = first
      }
      var sum = 0.0
      for i in first...last {
        let w = ResampleFilter.lanczos((Double(i) - centre) / stretch, lobes: Double(lobes))
        raw[i - first] = w
        sum += w
      }
      let count = last - first + 1
      starts[o] = first
      counts[o] = count
      if abs(sum) < 1e-9 {
        // Degenerate (not reachable with Lanczos and a centre inside the image): nearest sample.
        let nearest = min(max(Int(centre.rounded()), first), last)
        for k in 0..<count { weights[o * stride + k] = k == nearest - first ? 1 : 0 }
      } else {
        for k in 0..<count { weights[o * stride + k] = Float(raw[k] / sum) }
      }
    }
    self.starts = starts
    self.counts = counts
    self.stride = stride
    self.weights = weights
  }
}
