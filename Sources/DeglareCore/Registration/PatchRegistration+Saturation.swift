import Foundation

// Saturated samples: a recolour that brightens a channel clips it at 255 (or darkens it to 0),
// and inverting the gain maps every clipped sample to one level, although the crop's values there
// spread over the whole range that clipped. Where the other two channels are not clipped, the
// channel is predicted from them by a least-squares plane fitted on the ring's samples that
// clipped the same way, kept within the range the clipping allows.

/// How a colour channel's saturated samples are rebuilt from the other two channels.
public struct SaturationFill: Sendable, Equatable {
  /// The colour channel rebuilt (0 R, 1 G, 2 B).
  public var channel: Int
  /// Whether the samples saturated at the top (255) rather than at 0.
  public var isHigh: Bool
  /// Weights of the other two channels' corrected values (in channel order), then a constant in
  /// 8-bit levels.
  public var weights: [Double]

  /// Creates a fill.
  public init(channel: Int, isHigh: Bool, weights: [Double]) {
    precondition((0..<3).contains(channel) && weights.count == 3, "a colour channel and three weights")
    self.channel = channel
    self.isHigh = isHigh
    self.weights = weights
  }

  /// The channel's letter: "R", "G" or "B".
  public var channelName: String { ["R", "G", "B"][channel] }

  /// The other two colour channels, in order.
  var others: (Int, Int) { channel == 0 ? (1, 2) : channel == 1 ? (0, 2) : (0, 1) }

  /// Whether `patch` (8-bit levels, R G B) has this fill's channel saturated on its side and the
  /// other two channels not saturated.
  func applies(to patch: SIMD3<Float>) -> Bool {
    let (a, b) = others
    let unclipped = patch[a] > 0.5 && patch[a] < 254.5 && patch[b] > 0.5 && patch[b] < 254.5
    return unclipped && (isHigh ? patch[channel] >= 254.5 : patch[channel] <= 0.5)
  }

  /// The rebuilt value from the corrected colour `mapped`, within what the saturation allows:
  /// at least (high) or at most (low) the corrected value of the saturation level (`pair`).
  func value(_ mapped: SIMD3<Double>, pair: (gain: Double, offset: Double)) -> Double {
    let (a, b) = others
    let predicted = weights[0] * mapped[a] + weights[1] * mapped[b] + weights[2]
    let bound = pair.gain * (isHigh ? 254.5 : 0.5) + pair.offset
    return isHigh ? min(max(predicted, bound), 255) : max(min(predicted, bound), 0)
  }
}

extension PatchRegistration {
  /// The fills worth applying, from ring samples `crop` and `patch` (8-bit levels) under the
  /// colour correction `pairs`: a fill needs ``Configuration/minimumSaturatedSamples`` samples
  /// and must bring them closer to the crop than the plain correction does.
  static func saturationFills(
    crop: [SIMD3<Float>], patch: [SIMD3<Float>], pairs: [(gain: Double, offset: Double)],
    configuration: Configuration
  ) -> [SaturationFill] {
    var fills: [SaturationFill] = []
    // An unchanged channel's saturated samples stay saturated: the model did not clip them.
    for channel in 0..<3 where pairs[channel].gain != 1 || pairs[channel].offset != 0 {
      for isHigh in [true, false] {
        let probe = SaturationFill(channel: channel, isHigh: isHigh, weights: [0, 0, 0])
        let (a, b) = probe.others
        var rows: [(SIMD3<Double>, Double)] = []
        for i in patch.indices where probe.applies(to: patch[i]) {
          let mapped = corrected(patch[i], pairs)
          rows.append((SIMD3(mapped[a], mapped[b], 1), Double(crop[i][channel])))
        }
        guard rows.count >= configuration.minimumSaturatedSamples, let weights = leastSquares3(rows) else { continue }
        let fill = SaturationFill(channel: channel, isHigh: isHigh, weights: weights)
        var plain = 0.0
        var filled = 0.0
        let pair = pairs[channel]
        for i in patch.indices where probe.applies(to: patch[i]) {
          let mapped = corrected(patch[i], pairs)
          let target = Double(crop[i][channel])
          let clamped = min(max(mapped[channel], 0), 255)
          plain += (clamped - target) * (clamped - target)
          let value = fill.value(mapped, pair: pair)
          filled += (value - target) * (value - target)
        }
        if filled < plain { fills.append(fill) }
      }
    }
    return fills
  }

  /// `gain * v + offset` per colour channel.
  static func corrected(_ v: SIMD3<Float>, _ pairs: [(gain: Double, offset: Double)]) -> SIMD3<Double> {
    SIMD3(
      pairs[0].gain * Double(v[0]) + pairs[0].offset, pairs[1].gain * Double(v[1]) + pairs[1].offset,
      pairs[2].gain * Double(v[2]) + pairs[2].offset)
  }

  /// The `w` minimising the sum of `(w · x - y)²` over `rows`; nil when singular.
  static func leastSquares3(_ rows: [(SIMD3<Double>, Double)]) -> [Double]? {
    var m = [[Double]](repeating: [0, 0, 0, 0], count: 3)
    for (x, y) in rows {
      for r in 0..<3 {
        for c in 0..<3 { m[r][c] += x[r] * x[c] }
        m[r][3] += x[r] * y
      }
    }
    let scale = m[2][2]
    // Gaussian elimination with partial pivoting on the 3 x 4 augmented matrix.
    for col in 0..<3 {
      guard let pivot = (col..<3).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }),
        abs(m[pivot][col]) > 1e-9 * max(scale, 1)
      else { return nil }
      m.swapAt(col, pivot)
      for r in 0..<3 where r != col {
        let f = m[r][col] / m[col][col]
        for c in col..<4 { m[r][c] -= f * m[col][c] }
      }
    }
    let w = (0..<3).map { m[$0][3] / m[$0][$0] }
    return w.allSatisfy { $0.isFinite } ? w : nil
  }
}
