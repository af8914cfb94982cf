import Foundation

// The downscaled copy the glare detector analyses, of a region of the image (the frame's
// bounding box, or all of it): each analysis pixel is the mean of an f x f cell of source pixels
// (f = ceil(region's longer side / maxAnalysisSide)), so cell (i, j) covers canonical pixels
// [x0 + i*f, x0 + i*f + f) x [y0 + j*f, y0 + j*f + f) for the region's origin (x0, y0). The last
// partial row/column of cells is dropped; ``AnalysisImage/cell(forCanonical:_:)`` clamps
// canonical pixels there (and outside the region) to the nearest cell.

/// A box-averaged RGB copy of an image region at analysis resolution, 8-bit-level floats (0...255).
struct AnalysisImage {
  /// The analysed region of the source, canonical pixels.
  let region: PixelRect
  /// Integer downscale factor (1 = full resolution).
  let factor: Int
  /// Analysis width (`floor(region width / factor)`, at least 1).
  let width: Int
  /// Analysis height.
  let height: Int
  /// Red, green and blue means per cell, 0...255 (gray images repeat one channel).
  var red: Plane<Float>
  var green: Plane<Float>
  var blue: Plane<Float>
  /// Fraction of the cell's source pixels whose three channels are all at or above the clip level.
  var clippedFraction: Plane<Float>

  /// Averages `region` of `image` (the whole image when nil) down so that its longer side is at
  /// most `maxSide`.
  /// - Precondition: `region` is non-empty and inside the image.
  init(_ image: ImageBuffer, region: PixelRect? = nil, maxSide: Int, clipLevel: UInt8) {
    let area = region ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    self.region = area
    let f = max(1, (max(area.width, area.height) + maxSide - 1) / maxSide)
    factor = f
    width = max(1, area.width / f)
    height = max(1, area.height / f)
    let cellsW = width
    let cellsH = height
    let usedW = min(area.width, cellsW * f)
    let usedH = min(area.height, cellsH * f)
    let channels = image.channelCount
    let colour = image.layout.colorChannelCount == 3
    var sums = [Float](repeating: 0, count: cellsW * cellsH * 4)
    let clip16 = Int(clipLevel) * 257
    // Whole-number sums: while a cell's sum stays below 2^24 (f * f times the largest sample),
    // every partial sum is a whole number a Float holds exactly, so summing in integers and
    // converting once gives the very Floats that adding pixel by pixel in Float gave.
    let exact = f * f * (image.bitDepth == .eight ? 255 : 65535) < 1 << 24
    // Hot loop over every source pixel (24 MP for a large photo): unsafe indexing inside the
    // scoped accessors; rows and cells are bounded by usedW/usedH above.
    func accumulate<S: BinaryInteger>(_ samples: UnsafeBufferPointer<S>, scale: Float, clip: Int) {
      sums.withUnsafeMutableBufferPointer { sums in
        if exact {
          var whole = [Int](repeating: 0, count: sums.count)
          whole.withUnsafeMutableBufferPointer { whole in
            for y in 0..<usedH {
              let cellRow = (y / f) * cellsW
              var index = ((area.y + y) * image.width + area.x) * channels
              for cellX in 0..<cellsW {
                let first = cellX * f
                let last = min(first + f, usedW)
                guard first < last else { break }
                let cell = (cellRow + cellX) * 4
                var red = 0
                var green = 0
                var blue = 0
                var clipped = 0
                for _ in first..<last {
                  let r = Int(samples[index])
                  let g = colour ? Int(samples[index + 1]) : r
                  let b = colour ? Int(samples[index + 2]) : r
                  red += r
                  green += g
                  blue += b
                  if r >= clip && g >= clip && b >= clip { clipped += 1 }
                  index += channels
                }
                whole[cell] += red
                whole[cell + 1] += green
                whole[cell + 2] += blue
                whole[cell + 3] += clipped
              }
            }
            for i in 0..<sums.count { sums[i] = Float(whole[i]) }
          }
        }
        // Otherwise in Float, pixel by pixel.
        for y in 0..<usedH where !exact {
          let cellRow = (y / f) * cellsW
          var index = ((area.y + y) * image.width + area.x) * channels
          // A cell's sums stay in registers across its pixels of this row: the same additions
          // in the same order as one pixel at a time into `sums`.
          for cellX in 0..<cellsW {
            let first = cellX * f
            let last = min(first + f, usedW)
            guard first < last else { break }
            let cell = (cellRow + cellX) * 4
            var red = sums[cell]
            var green = sums[cell + 1]
            var blue = sums[cell + 2]
            var clipped = sums[cell + 3]
            for _ in first..<last {
              let r = Int(samples[index])
              let g = colour ? Int(samples[index + 1]) : r
              let b = colour ? Int(samples[index + 2]) : r
              red += Float(r)
              green += Float(g)
              blue += Float(b)
              if r >= clip && g >= clip && b >= clip { clipped += 1 }
              index += channels
            }
            sums[cell] = red
            sums[cell + 1] = green
            sums[cell + 2] = blue
            sums[cell + 3] = clipped
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
    (min(max(x - region.x, 0) / factor, width - 1), min(max(y - region.y, 0) / factor, height - 1))
  }
}
