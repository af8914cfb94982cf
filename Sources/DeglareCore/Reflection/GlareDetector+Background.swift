// The robust background of the coloured test: a median over a wide window, computed on a coarse
// grid.
//
// A morphological opening estimates the paint under a streak from the darkest structure that
// fits its square, so beside a dark figure or on textured paint it sits well below the wall the
// streak lies on, and the coloured excess it leaves is diluted by paint. A median ignores what
// covers less than half of its window: a streak narrower than half the window, a dark head in
// one corner of it. The median is taken on a grid of `cell` x `cell` means of the analysis plane
// (a window of 0.2 x the shorter side is then about 40 x 40 cells, cheap for a sliding
// histogram) and interpolated back bilinearly between cell centres, which also keeps the
// background smooth.

extension GlareDetector {
  /// The median of `plane` over a `window`-cell square, on a grid of `cell` x `cell` means,
  /// interpolated back to the plane's size. Values are linear light (0...1).
  static func coarseMedian(_ plane: Plane<Float>, cell: Int, window: Int) -> Plane<Float> {
    let k = max(1, cell)
    let width = plane.width
    let height = plane.height
    let cw = max(1, width / k)
    let ch = max(1, height / k)
    // Cell means; a plane smaller than one cell becomes one cell of its own mean.
    var means = Plane<Float>(width: cw, height: ch, repeating: 0)
    let usedW = min(width, cw * k)
    let usedH = min(height, ch * k)
    let cellsX = max(1, usedW / cw)
    let cellsY = max(1, usedH / ch)
    for y in 0..<usedH {
      let cy = min(y / cellsY, ch - 1)
      for x in 0..<usedW {
        means.values[cy * cw + min(x / cellsX, cw - 1)] += plane.values[y * width + x]
      }
    }
    let norm = 1 / Float(cellsX * cellsY)
    for i in 0..<means.count { means.values[i] *= norm }
    let median = MedianFilter.median(means, size: window, range: 0...1, levels: 1024)
    // Bilinear interpolation between cell centres, clamped at the grid's edges.
    func axis(_ n: Int, cells: Int, size: Int) -> [(Int, Int, Float)] {
      (0..<n).map { i in
        let c = min(max((Float(i) + 0.5) / Float(size) - 0.5, 0), Float(cells - 1))
        let i0 = Int(c)
        return (i0, min(i0 + 1, cells - 1), c - Float(i0))
      }
    }
    let xs = axis(width, cells: cw, size: cellsX)
    let ys = axis(height, cells: ch, size: cellsY)
    var out = Plane<Float>(width: width, height: height, repeating: 0)
    median.values.withUnsafeBufferPointer { m in
      out.values.withUnsafeMutableBufferPointer { dst in
        // Hot loop over the analysis plane: indices come from the clamped tables above.
        for y in 0..<height {
          let (y0, y1, fy) = ys[y]
          let r0 = y0 * cw
          let r1 = y1 * cw
          for x in 0..<width {
            let (x0, x1, fx) = xs[x]
            let top = m[r0 + x0] + (m[r0 + x1] - m[r0 + x0]) * fx
            let bottom = m[r1 + x0] + (m[r1 + x1] - m[r1 + x0]) * fx
            dst[y * width + x] = top + (bottom - top) * fy
          }
        }
      }
    }
    return out
  }
}
