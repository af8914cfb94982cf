// A box (moving-average) filter in O(1) per pixel: running sums along rows, then along columns
// (the column pass runs on whole rows at once, streaming through memory). Borders replicate the
// edge pixel, as OpenCV's BORDER_REPLICATE does.

/// Box blur of ``Plane``<Float> values.
public enum BoxFilter {
  /// The mean over the (2 * radius + 1)-pixel square centred on each pixel, edges replicated.
  /// - Parameter radius: half the side in pixels; 0 returns the plane unchanged.
  public static func blur(_ plane: Plane<Float>, radius: Int) -> Plane<Float> {
    guard radius > 0 else { return plane }
    let width = plane.width
    let height = plane.height
    let scale = 1 / Float(2 * radius + 1)
    var horizontal = plane
    // Hot kernels on whole analysis planes: unsafe indexing, indices clamped to the row/column.
    plane.values.withUnsafeBufferPointer { src in
      horizontal.values.withUnsafeMutableBufferPointer { dst in
        for y in 0..<height {
          let row = y * width
          var sum: Float = 0
          for dx in -radius...radius { sum += src[row + min(max(dx, 0), width - 1)] }
          for x in 0..<width {
            dst[row + x] = sum * scale
            let leaving = src[row + max(x - radius, 0)]
            let entering = src[row + min(x + radius + 1, width - 1)]
            sum += entering - leaving
          }
        }
      }
    }
    var out = plane
    horizontal.values.withUnsafeBufferPointer { src in
      out.values.withUnsafeMutableBufferPointer { dst in
        var sums = [Float](repeating: 0, count: width)
        sums.withUnsafeMutableBufferPointer { sums in
          for dy in -radius...radius {
            let row = min(max(dy, 0), height - 1) * width
            for x in 0..<width { sums[x] += src[row + x] }
          }
          for y in 0..<height {
            let row = y * width
            let leaving = max(y - radius, 0) * width
            let entering = min(y + radius + 1, height - 1) * width
            for x in 0..<width {
              dst[row + x] = sums[x] * scale
              sums[x] += src[entering + x] - src[leaving + x]
            }
          }
        }
      }
    }
    return out
  }
}
