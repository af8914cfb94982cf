import Foundation

// Gaussian blurs of Float planes, approximated by three box passes (the error against a true
// Gaussian is a few percent and the cost does not grow with sigma). Samples beyond the image
// count as zero, so every filter here is meant for normalized convolution: blur the weighted
// values and the weights alike and divide, which makes the edge handling exact and lets a mask
// decide which pixels may contribute.

/// Separable blurs and normalized convolution on Float planes (`y * width + x`).
enum PlaneFilter {
  /// Radii of three successive box filters whose combination approximates a Gaussian of `sigma`
  /// pixels (empty when sigma is under half a pixel).
  static func boxRadii(sigma: Double) -> [Int] {
    guard sigma >= 0.5 else { return [] }
    let passes = 3.0
    // Widths w_l (odd) and w_l + 2 mixed so that the variances add up to sigma^2.
    let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    let upper = lower + 2
    let lowerW = Double(lower)
    let mCount = (12 * sigma * sigma - passes * lowerW * lowerW - 4 * passes * lowerW - 3 * passes)
      / (-4 * lowerW - 4)
    let lowerPasses = Int(mCount.rounded())
    return (0..<Int(passes)).map { ($0 < lowerPasses ? lower : upper) / 2 }
  }

  /// Blurs a plane in place with a zero-padded Gaussian of `sigma` pixels.
  static func gaussian(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
    let radii = boxRadii(sigma: sigma)
    guard !radii.isEmpty else { return }
    var scratch = [Float](repeating: 0, count: width * height)
    for radius in radii where radius > 0 {
      boxHorizontal(plane, into: &scratch, width: width, height: height, radius: radius)
      boxVertical(scratch, into: &plane, width: width, height: height, radius: radius)
    }
  }

  /// Normalized convolution: the Gaussian average of each plane over the pixels with positive
  /// weight, `blur(v * w) / blur(w)`. Where the blurred weight is below `minimumWeight` the result
  /// is 0 and the returned weight says so.
  /// - Returns: the averaged planes and the blurred weight (0...1) of every pixel.
  static func normalizedGaussian(
    _ planes: [[Float]], weights: [Float], width: Int, height: Int, sigma: Double, minimumWeight: Float = 1e-4
  ) -> (planes: [[Float]], weight: [Float]) {
    var blurredWeight = weights
    gaussian(&blurredWeight, width: width, height: height, sigma: sigma)
    var out: [[Float]] = []
    out.reserveCapacity(planes.count)
    for plane in planes {
      var weighted = [Float](repeating: 0, count: plane.count)
      for p in 0..<plane.count { weighted[p] = plane[p] * weights[p] }
      gaussian(&weighted, width: width, height: height, sigma: sigma)
      for p in 0..<weighted.count {
        weighted[p] = blurredWeight[p] >= minimumWeight ? weighted[p] / blurredWeight[p] : 0
      }
      out.append(weighted)
    }
    return (out, blurredWeight)
  }

  /// One horizontal box pass (mean over 2r+1 samples, zero outside the row).
  private static func boxHorizontal(_ input: [Float], into output: inout [Float], width: Int, height: Int, radius: Int) {
    let scale = 1 / Float(2 * radius + 1)
    input.withUnsafeBufferPointer { src in
      output.withUnsafeMutableBufferPointer { dst in
        // Hot kernel: a running sum per row, unchecked pointers (bounds checks doubled its time).
        for y in 0..<height {
          let row = y * width
          var sum: Float = 0
          for x in 0..<min(radius, width) { sum += src[row + x] }
          for x in 0..<width {
            let enter = x + radius
            if enter < width { sum += src[row + enter] }
            dst[row + x] = sum * scale
            let leave = x - radius
            if leave >= 0 { sum -= src[row + leave] }
          }
        }
      }
    }
  }

  /// One vertical box pass, row by row with a running sum per column (cache friendly).
  private static func boxVertical(_ input: [Float], into output: inout [Float], width: Int, height: Int, radius: Int) {
    let scale = 1 / Float(2 * radius + 1)
    var sums = [Float](repeating: 0, count: width)
    input.withUnsafeBufferPointer { src in
      output.withUnsafeMutableBufferPointer { dst in
        sums.withUnsafeMutableBufferPointer { sum in
          // Hot kernel: see boxHorizontal.
          for y in 0..<min(radius, height) {
            let row = y * width
            for x in 0..<width { sum[x] += src[row + x] }
          }
          for y in 0..<height {
            let enter = y + radius
            if enter < height {
              let row = enter * width
              for x in 0..<width { sum[x] += src[row + x] }
            }
            let row = y * width
            for x in 0..<width { dst[row + x] = sum[x] * scale }
            let leave = y - radius
            if leave >= 0 {
              let lrow = leave * width
              for x in 0..<width { sum[x] -= src[lrow + x] }
            }
          }
        }
      }
    }
  }
}
