import Foundation

// The local method's settings in pixels (smoothing sigmas, reaches, margins, the edge check's
// distances) were tuned on crops of painting scans, whose finest detail is about a pixel wide. A
// phone photo at full size is smoother per pixel: its finest detail is two pixels wide or more,
// and the same settings then reach half as far into the paint as they were tuned to. Glare-free
// paint under a mask changed by 2.14 levels at full size against 1.46 at half size
// (docs/local-method.md, Scale). The detail scale reads how wide the finest detail is around the
// mask, and the settings are multiplied by it (`Configuration.forDetailScale`).

/// How many pixels wide the picture's finest detail is around a mask: 1, 2, 4...
enum DetailScale {
  /// Where the mean absolute difference between pixels `2 s` apart reaches this many times the
  /// difference between pixels `s` apart, the detail is wider than `s` pixels. Detail one pixel
  /// wide gives about 1 (neighbours are as unlike as pixels two apart), smooth paint about 2.
  /// Measured on `Benchmarks/local_eval.sh`'s glare-free cases at s = 1: tuning crops 1.42
  /// (10th-90th percentile 1.22-1.59), the same upsampled 2x 1.81 (1.76-1.86), the real photos
  /// at full size 1.79 (1.73-1.84); the middle is kept.
  static let widerRatio = 1.68

  /// Unmasked pixels within this many pixels of the mask's bounding box are read.
  static let reach = 32

  /// About this many pixel triples per direction are read at most (rows and columns are skipped
  /// evenly beyond: a 24 MP photo's whole area costs a few hundred thousand samples).
  static let triples = 200_000

  /// The detail scale of `image` around `mask` (whose inside pixels lie in `box`): the largest
  /// power of two `s` up to `largest` such that every smaller power reads as wider than itself.
  static func of(_ image: ImageBuffer, mask: Mask, box: PixelRect, largest: Int) -> Int {
    let region = box.padded(by: reach, within: image.bounds)
    let colours = image.layout.colorChannelCount
    // Only every `spacing`-th row and column is read (its pairs along itself).
    let spacing = max(1, Int((Double(region.area) / Double(triples)).rounded(.up)))
    // The grey value (sum of the colour samples) and whether a pixel may be read.
    var grey = [Int32](repeating: 0, count: region.area)
    var known = [Bool](repeating: false, count: region.area)
    for y in 0..<region.height {
      // A row read along itself is read whole; the others only where a column read crosses them.
      for x in stride(from: 0, to: region.width, by: y % spacing == 0 ? 1 : spacing) {
        let px = region.x + x
        let py = region.y + y
        guard !mask.isInside(x: px, y: py) else { continue }
        var sum = 0
        for c in 0..<colours { sum += image.sample(x: px, y: py, channel: c) }
        grey[y * region.width + x] = Int32(sum)
        known[y * region.width + x] = true
      }
    }
    var scale = 1
    while scale * 2 <= largest {
      guard
        let ratio = differenceRatio(
          grey, known: known, width: region.width, height: region.height, step: scale, spacing: spacing),
        ratio >= widerRatio
      else { break }
      scale *= 2
    }
    return scale
  }

  /// The summed absolute difference between known pixels `2 step` apart over that between
  /// pixels `step` apart (the same triples, along every `spacing`-th row and column); nil when
  /// fewer than a thousand triples are known or the paint is flat.
  static func differenceRatio(
    _ grey: [Int32], known: [Bool], width: Int, height: Int, step: Int, spacing: Int
  ) -> Double? {
    var near = 0
    var far = 0
    var count = 0
    // The triple starting at `p`, its pixels `offset` apart (1 along a row, `width` down a column).
    func add(_ p: Int, _ offset: Int) {
      guard known[p] && known[p + offset] && known[p + 2 * offset] else { return }
      near += abs(Int(grey[p + offset]) - Int(grey[p]))
      far += abs(Int(grey[p + 2 * offset]) - Int(grey[p]))
      count += 1
    }
    for y in stride(from: 0, to: height, by: spacing) where width > 2 * step {
      for x in 0..<(width - 2 * step) { add(y * width + x, step) }
    }
    for x in stride(from: 0, to: width, by: spacing) where height > 2 * step {
      for y in 0..<(height - 2 * step) { add(y * width + x, step * width) }
    }
    guard count >= 1000, near > 0 else { return nil }
    return Double(far) / Double(near)
  }
}

extension LocalInpainter.Configuration {
  /// These settings for detail `scale` times as wide as the tuning crops': every length in
  /// pixels times `scale`, every area in pixels times its square. The work scale's budget
  /// (``workUnknowns``) is not scaled: a mask `scale` times as wide already gets a work scale
  /// `scale` times as coarse, which keeps the cost.
  func forDetailScale(_ scale: Int) -> Self {
    guard scale > 1 else { return self }
    var result = self
    let k = Double(scale)
    result.predictionSigma *= k
    result.guideSigma *= k
    result.minimumSigma *= k
    result.maximumSigma *= k
    result.supportMargin *= scale
    result.floorReach *= k
    result.structureReach *= k
    result.whiteReach *= k
    result.exemplarMinimumReach *= scale
    result.opaqueCoreMinimum *= scale * scale
    result.edgeSigma *= k
    result.edgeStepDistance *= k
    return result
  }
}
