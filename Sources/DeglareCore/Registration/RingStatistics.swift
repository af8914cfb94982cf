import Foundation

/// How well a patch matches the crop outside the mask (the "ring": the crop's pixels outside the
/// mask, which the composite keeps from the original).
struct RingStatistics: Equatable {
  /// Ring pixels compared.
  var pixels: Int
  /// Mean squared difference per colour sample, 8-bit levels squared.
  var meanSquaredError: Double
  /// Ring pixels whose luma differs by at most the inlier level.
  var inliers: Int
  /// Mean squared difference with each colour sample's difference capped at three inlier levels,
  /// so a repainted corner of the ring counts, but does not drown the rest.
  var cappedSquaredError: Double

  /// PSNR in dB (peak 255); `.infinity` when identical, 0 when there is no ring.
  var psnr: Double {
    guard pixels > 0 else { return 0 }
    guard meanSquaredError > 0 else { return .infinity }
    return 10 * log10(255 * 255 / meanSquaredError)
  }

  /// The PSNR of ``cappedSquaredError``.
  var cappedPSNR: Double {
    guard pixels > 0 else { return 0 }
    guard cappedSquaredError > 0 else { return .infinity }
    return 10 * log10(255 * 255 / cappedSquaredError)
  }

  /// Fraction of ring pixels that agree (0 when there is no ring).
  var inlierFraction: Double { pixels > 0 ? Double(inliers) / Double(pixels) : 0 }

  /// Compares `patch` with `crop` (same size; any layouts and depths) outside `mask`: every colour
  /// channel when both are colour, else luma; an inlier's luma differs by at most `inlierLevel`.
  init(crop: ImageBuffer, patch: ImageBuffer, mask: Mask, inlierLevel: Double) {
    precondition(crop.size == patch.size && crop.size == mask.size)
    let colour = crop.layout.colorChannelCount == 3 && patch.layout.colorChannelCount == 3
    let cropRows = ColourRows(crop)
    let patchRows = ColourRows(patch)
    var cropRow = [Float](repeating: 0, count: crop.width * 4)
    var patchRow = [Float](repeating: 0, count: crop.width * 4)
    var pixels = 0
    var inliers = 0
    var sum: Double = 0
    var capped: Double = 0
    let limit = Float(inlierLevel)
    let cap = 9 * limit * limit
    for y in 0..<crop.height {
      cropRows.read(row: y, into: &cropRow)
      patchRows.read(row: y, into: &patchRow)
      var rowSum: Float = 0
      var rowCapped: Float = 0
      for x in 0..<crop.width where !mask.isInside(x: x, y: y) {
        let i = x * 4
        pixels += 1
        if abs(cropRow[i + 3] - patchRow[i + 3]) <= limit { inliers += 1 }
        if colour {
          for c in 0..<3 {
            let d = cropRow[i + c] - patchRow[i + c]
            rowSum += d * d
            rowCapped += min(d * d, cap)
          }
        } else {
          let d = cropRow[i + 3] - patchRow[i + 3]
          rowSum += 3 * d * d
          rowCapped += 3 * min(d * d, cap)
        }
      }
      sum += Double(rowSum)
      capped += Double(rowCapped)
    }
    self.pixels = pixels
    self.inliers = inliers
    self.meanSquaredError = pixels > 0 ? sum / Double(3 * pixels) : 0
    self.cappedSquaredError = pixels > 0 ? capped / Double(3 * pixels) : 0
  }
}

/// Reads an image's rows as Float (R, G, B, luma: ``Luma/of(_:_:_:)``) quadruples in 8-bit levels (gray: the value
/// four times; 16-bit samples divided by 257; alpha ignored).
struct ColourRows {
  let image: ImageBuffer

  init(_ image: ImageBuffer) { self.image = image }

  /// Fills `out` (at least 4 x the image's width) with row `y`.
  func read(row y: Int, into out: inout [Float]) {
    let n = image.channelCount
    let colour = image.layout.colorChannelCount == 3
    let start = y * image.width * n
    let scale: Float = image.bitDepth == .eight ? 1 : 1 / 257
    func fill<T: BinaryInteger>(_ samples: UnsafeBufferPointer<T>) {
      for x in 0..<image.width {
        let i = start + x * n
        if colour {
          let r = Float(samples[i]) * scale
          let g = Float(samples[i + 1]) * scale
          let b = Float(samples[i + 2]) * scale
          out[4 * x] = r
          out[4 * x + 1] = g
          out[4 * x + 2] = b
          out[4 * x + 3] = Luma.of(r, g, b)
        } else {
          let v = Float(samples[i]) * scale
          for c in 0..<4 { out[4 * x + c] = v }
        }
      }
    }
    if image.bitDepth == .eight {
      image.withUnsafeSamples8 { fill($0) }
    } else {
      image.withUnsafeSamples16 { fill($0) }
    }
  }
}
