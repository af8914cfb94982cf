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
    let mCount =
      (12 * sigma * sigma - passes * lowerW * lowerW - 4 * passes * lowerW - 3 * passes)
      / (-4 * lowerW - 4)
    let lowerPasses = Int(mCount.rounded())
    return (0..<Int(passes)).map { ($0 < lowerPasses ? lower : upper) / 2 }
  }

  /// Below this sigma three boxes are too coarse (sigma 1 would come out as 0.82), so the blur
  /// uses a sampled Gaussian kernel instead.
  static let exactKernelSigma = 3.0

  /// Blurs a plane in place with a zero-padded Gaussian of `sigma` pixels.
  static func gaussian(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
    guard sigma >= 0.5 else { return }
    var scratch = [Float](repeating: 0, count: width * height)
    if sigma < exactKernelSigma {
      let radius = Int((3 * sigma).rounded(.up))
      var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
      let total = kernel.reduce(0, +)
      kernel = kernel.map { $0 / total }
      convolve(plane, into: &scratch, width: width, height: height, kernel: kernel, stride: 1)
      convolve(scratch, into: &plane, width: width, height: height, kernel: kernel, stride: width)
      return
    }
    let radii = boxRadii(sigma: sigma)
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

  /// The blurred weight of a plane whose pixels all weigh 1 (the normalizer of the in-place
  /// ``normalizedGaussian(_:blurredOnes:width:height:sigma:minimumWeight:)``).
  static func blurredOnes(width: Int, height: Int, sigma: Double) -> [Float] {
    var ones = [Float](repeating: 1, count: width * height)
    gaussian(&ones, width: width, height: height, sigma: sigma)
    return ones
  }

  /// Normalized convolution of one plane whose pixels all weigh 1, in place: `blur(v) /
  /// blurredOnes`, 0 where that weight is below `minimumWeight`. The same values as
  /// ``normalizedGaussian(_:weights:width:height:sigma:minimumWeight:)`` with unit weights, without
  /// a weights array or a second plane (a large work area processes its planes one at a time).
  static func normalizedGaussian(
    _ plane: inout [Float], blurredOnes: [Float], width: Int, height: Int, sigma: Double, minimumWeight: Float = 1e-4
  ) {
    gaussian(&plane, width: width, height: height, sigma: sigma)
    for p in 0..<plane.count { plane[p] = blurredOnes[p] >= minimumWeight ? plane[p] / blurredOnes[p] : 0 }
  }

  /// Zero-padded 1-D convolution along rows (`stride` 1) or columns (`stride` width).
  private static func convolve(
    _ input: [Float], into output: inout [Float], width: Int, height: Int, kernel: [Float], stride: Int
  ) {
    let radius = kernel.count / 2
    input.withUnsafeBufferPointer { src in
      output.withUnsafeMutableBufferPointer { dst in
        kernel.withUnsafeBufferPointer { k in
          // Hot kernel: a few taps per sample; unchecked pointers.
          for y in 0..<height {
            for x in 0..<width {
              let position = stride == 1 ? x : y
              let length = stride == 1 ? width : height
              let p = y * width + x
              var sum: Float = 0
              for t in max(-radius, -position)...min(radius, length - 1 - position) {
                sum += k[t + radius] * src[p + t * stride]
              }
              dst[p] = sum
            }
          }
        }
      }
    }
  }

  /// One horizontal box pass (mean over 2r+1 samples, zero outside the row).
  private static func boxHorizontal(_ input: [Float], into output: inout [Float], width: Int, height: Int, radius: Int)
  {
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
