import Foundation

// The downscaled copy the glare detector analyses: each analysis pixel is the mean of an
// f x f cell of source pixels (f = ceil(longer side / maxAnalysisSide)), so cell (i, j) covers
// canonical pixels [i*f, i*f + f) x [j*f, j*f + f). The last partial row/column of cells is
// dropped; ``AnalysisImage/cell(forCanonical:)`` clamps canonical pixels there to the last cell.

/// A box-averaged RGB copy of an image at analysis resolution, 8-bit-level floats (0...255).
struct AnalysisImage {
  /// Integer downscale factor (1 = full resolution).
  let factor: Int
  /// Analysis width (`floor(sourceWidth / factor)`, at least 1).
  let width: Int
  /// Analysis height.
  let height: Int
  /// Red, green and blue means per cell, 0...255 (gray images repeat one channel).
  var red: Plane<Float>
  var green: Plane<Float>
  var blue: Plane<Float>
  /// Fraction of the cell's source pixels whose three channels are all at or above the clip level.
  var clippedFraction: Plane<Float>

  /// Averages `image` down so that its longer side is at most `maxSide`.
  init(_ image: ImageBuffer, maxSide: Int, clipLevel: UInt8) {
    let f = max(1, (max(image.width, image.height) + maxSide - 1) / maxSide)
    factor = f
    width = max(1, image.width / f)
    height = max(1, image.height / f)
    let cellsW = width
    let cellsH = height
    let usedW = min(image.width, cellsW * f)
    let usedH = min(image.height, cellsH * f)
    let channels = image.channelCount
    let colour = image.layout.colorChannelCount == 3
    var sums = [Float](repeating: 0, count: cellsW * cellsH * 4)
    let clip16 = Int(clipLevel) * 257
    // Hot loop over every source pixel (24 MP for a large photo): unsafe indexing inside the
    // scoped accessors; rows and cells are bounded by usedW/usedH above.
    func accumulate<S: BinaryInteger>(_ samples: UnsafeBufferPointer<S>, scale: Float, clip: Int) {
      sums.withUnsafeMutableBufferPointer { sums in
        for y in 0..<usedH {
          let cellRow = (y / f) * cellsW
          var index = y * image.width * channels
          for x in 0..<usedW {
            let r = Int(samples[index])
            let g = colour ? Int(samples[index + 1]) : r
            let b = colour ? Int(samples[index + 2]) : r
            let cell = (cellRow + x / f) * 4
            sums[cell] += Float(r)
            sums[cell + 1] += Float(g)
            sums[cell + 2] += Float(b)
            if r >= clip && g >= clip && b >= clip { sums[cell + 3] += 1 }
            index += channels
          }
        }
        let norm = 1 / Float(f * f)
        for i in stride(from: 0, to: sums.count, by: 4) {
          sums[i] *= norm * scale
          sums[i + 1] *= norm * scale
          sums[i + 2] *= norm * scale
          sums[i + 3] *= norm
        }
      }
    }
    if image.bitDepth == .eight {
      image.withUnsafeSamples8 { accumulate($0, scale: 1, clip: Int(clipLevel)) }
    } else {
      image.withUnsafeSamples16 { accumulate($0, scale: 255.0 / 65535.0, clip: clip16) }
    }
    var r = [Float](repeating: 0, count: cellsW * cellsH)
    var g = r
    var b = r
    var c = r
    for i in 0..<(cellsW * cellsH) {
      r[i] = sums[i * 4]
      g[i] = sums[i * 4 + 1]
      b[i] = sums[i * 4 + 2]
      c[i] = sums[i * 4 + 3]
    }
    red = Plane(width: cellsW, height: cellsH, values: r)
    green = Plane(width: cellsW, height: cellsH, values: g)
    blue = Plane(width: cellsW, height: cellsH, values: b)
    clippedFraction = Plane(width: cellsW, height: cellsH, values: c)
  }

  /// The analysis cell holding a canonical pixel, clamped to the analysis grid.
  func cell(forCanonical x: Int, _ y: Int) -> (x: Int, y: Int) {
    (min(x / factor, width - 1), min(y / factor, height - 1))
  }
}
