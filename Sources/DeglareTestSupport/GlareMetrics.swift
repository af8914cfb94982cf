import DeglareCore
import Foundation

/// Measures for judging a repaint against a known clean reference.
public enum GlareMetrics {
  /// PSNR in dB of `result` against `clean` over the colour channels of the mask's pixels, on the
  /// 8-bit scale (16-bit samples are scaled to 0...255 first); infinity when they are equal.
  public static func psnrInside(_ result: ImageBuffer, _ clean: ImageBuffer, mask: Mask) -> Double {
    precondition(result.size == clean.size && clean.size == mask.size)
    let channels = clean.layout.colorChannelCount
    let scale = 255 / Double(clean.bitDepth.maxValue)
    var squared = 0.0
    var count = 0.0
    for y in 0..<mask.height {
      for x in 0..<mask.width where mask.isInside(x: x, y: y) {
        for c in 0..<channels {
          let d = Double(result.sample(x: x, y: y, channel: c) - clean.sample(x: x, y: y, channel: c)) * scale
          squared += d * d
          count += 1
        }
      }
    }
    guard count > 0, squared > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (squared / count))
  }

  /// Pearson correlation, over the mask's pixels, of the fine detail of two images: each image's
  /// first colour channel minus its 5x5 box mean. 1 means the same texture, 0 none of it.
  public static func detailCorrelation(_ a: ImageBuffer, _ b: ImageBuffer, mask: Mask) -> Double {
    precondition(a.size == b.size && b.size == mask.size)
    func detail(_ image: ImageBuffer, _ x: Int, _ y: Int) -> Double {
      var sum = 0.0
      var n = 0.0
      for dy in -2...2 where y + dy >= 0 && y + dy < image.height {
        for dx in -2...2 where x + dx >= 0 && x + dx < image.width {
          sum += Double(image.sample(x: x + dx, y: y + dy, channel: 0))
          n += 1
        }
      }
      return Double(image.sample(x: x, y: y, channel: 0)) - sum / n
    }
    var pairs: [(Double, Double)] = []
    for y in 0..<mask.height {
      for x in 0..<mask.width where mask.isInside(x: x, y: y) { pairs.append((detail(a, x, y), detail(b, x, y))) }
    }
    let n = Double(pairs.count)
    guard n > 1 else { return 0 }
    let meanA = pairs.reduce(0) { $0 + $1.0 } / n
    let meanB = pairs.reduce(0) { $0 + $1.1 } / n
    var covariance = 0.0
    var varianceA = 0.0
    var varianceB = 0.0
    for (u, v) in pairs {
      covariance += (u - meanA) * (v - meanB)
      varianceA += (u - meanA) * (u - meanA)
      varianceB += (v - meanB) * (v - meanB)
    }
    guard varianceA > 0, varianceB > 0 else { return 0 }
    return covariance / (varianceA * varianceB).squareRoot()
  }

  /// Whether every pixel outside the mask has identical samples (alpha included) in both images.
  public static func outsideIdentical(_ a: ImageBuffer, _ b: ImageBuffer, mask: Mask) -> Bool {
    guard a.size == b.size, a.layout == b.layout, a.bitDepth == b.bitDepth else { return false }
    for y in 0..<mask.height {
      for x in 0..<mask.width where !mask.isInside(x: x, y: y) {
        if !a.pixelEquals(b, x: x, y: y) { return false }
      }
    }
    return true
  }
}
