// Median filtering over a square window with a sliding histogram (Huang's algorithm).
//
// The samples are first quantised to `levels` bins over a value range. Each row starts with the
// histogram of its first window; moving one pixel right removes the column that leaves and adds
// the one that enters (2 x size updates), and the median bin is tracked incrementally: the count
// of samples below the current median bin is kept up to date, and the bin moves up or down until
// it holds the middle sample. Cost: O(size) per pixel plus the median's small moves, whatever the
// number of levels. Borders replicate the edge samples (OpenCV's BORDER_REPLICATE, scipy's
// "nearest"), so every window holds size x size samples and the median is the middle one.

/// Median filtering of ``Plane``<Float> values.
public enum MedianFilter {
  /// The median over the `size` x `size` square centred on each pixel, edges replicated.
  /// - Parameters:
  ///   - size: the square's side in pixels; odd (an even size is rounded up), 1 is identity.
  ///   - range: values are clamped to this range and quantised to `levels` equal bins; the result
  ///     is the centre of the median's bin (so it is exact to half a bin).
  ///   - levels: number of bins (at least 2).
  public static func median(
    _ plane: Plane<Float>, size: Int, range: ClosedRange<Float> = 0...1, levels: Int = 1024
  ) -> Plane<Float> {
    let k = max(1, size | 1)
    if k == 1 { return plane }
    let bins = max(2, levels)
    let width = plane.width
    let height = plane.height
    let r = k / 2
    let low = range.lowerBound
    let span = max(range.upperBound - range.lowerBound, .leastNormalMagnitude)
    let scale = Float(bins) / span
    let quantised = plane.values.map { v -> Int32 in
      Int32(min(max(Int(((v - low) * scale).rounded(.down)), 0), bins - 1))
    }
    let binWidth = span / Float(bins)
    var out = Plane<Float>(width: width, height: height, repeating: 0)
    let target = (k * k + 1) / 2  // the median is the target-th smallest sample (1-based)
    var histogram = [Int32](repeating: 0, count: bins)
    // Hot kernel over whole analysis planes: unsafe indexing; every row and column index is
    // clamped into the plane before it is used.
    quantised.withUnsafeBufferPointer { q in
      histogram.withUnsafeMutableBufferPointer { hist in
        out.values.withUnsafeMutableBufferPointer { dst in
          for y in 0..<height {
            for b in 0..<bins { hist[b] = 0 }
            // Clamped rows of this window.
            let rows = (-r...r).map { min(max(y + $0, 0), height - 1) * width }
            for dx in -r...r {
              let x = min(max(dx, 0), width - 1)
              for row in rows { hist[Int(q[row + x])] += 1 }
            }
            // Find the median bin from scratch for the row's first window.
            var median = 0
            var below: Int32 = 0
            while below + hist[median] < Int32(target) {
              below += hist[median]
              median += 1
            }
            for x in 0..<width {
              dst[y * width + x] = low + (Float(median) + 0.5) * binWidth
              guard x + 1 < width else { break }
              let leaving = max(x - r, 0)
              let entering = min(x + r + 1, width - 1)
              for row in rows {
                let gone = Int(q[row + leaving])
                hist[gone] -= 1
                if gone < median { below -= 1 }
                let add = Int(q[row + entering])
                hist[add] += 1
                if add < median { below += 1 }
              }
              // Move the median bin until it holds the target-th sample.
              while below + hist[median] < Int32(target) {
                below += hist[median]
                median += 1
              }
              while below >= Int32(target) {
                median -= 1
                below -= hist[median]
              }
            }
          }
        }
      }
    }
    return out
  }
}
