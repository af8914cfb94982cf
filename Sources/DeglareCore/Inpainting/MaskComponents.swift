import Foundation

/// The connected parts of a mask (8-connected), each with its own glare scale: a thin streak and
/// a broad sheen in one mask need very different low-passes.
struct MaskComponents: Sendable {
  /// One connected part.
  struct Component: Sendable {
    /// Bounding box, in the coordinates of the planes the mask was read from.
    var box: PixelRect
    /// Twice the mean distance of its pixels to the outside (a band of half-width h gives h, a
    /// disc of radius r gives 2r/3).
    var halfWidth: Double
    /// Sigma of its glare layer's low-pass, in pixels.
    var glareSigma: Double
    /// Length over width: the square root of the ratio of the principal moments of its pixels'
    /// coordinates (1 for a disc, about length / width for a band).
    var elongation: Double
  }

  /// Component index of every pixel, -1 outside the mask.
  let labels: [Int32]
  /// The components, in order of their first pixel (row-major).
  let components: [Component]
  /// Each pixel's distance to the nearest pixel outside the mask (0 outside).
  let distance: [Float]
  /// The distance map whose level lines a streak's glare is averaged along
  /// (`GlareSubtraction+Along.swift`): ``distance`` unless the user's mask was given.
  let levelLines: [Float]

  /// Labels the inside pixels and measures each component.
  /// - Parameter userMaskDistance: the distance map of the mask the user drew, when `inside` is
  ///   only the part of it where glare was found. That part's edge is where a threshold fell,
  ///   ragged where the paint's texture lifts or lowers the estimate; the user's stroke follows
  ///   the reflection.
  init(
    inside: [Bool], width: Int, height: Int, configuration: LocalInpainter.Configuration,
    userMaskDistance: [Float]? = nil
  ) {
    var labels = [Int32](repeating: -1, count: inside.count)
    var boxes: [(minX: Int, minY: Int, maxX: Int, maxY: Int)] = []
    var stack: [Int] = []
    for start in 0..<inside.count where inside[start] && labels[start] < 0 {
      let label = Int32(boxes.count)
      var box = (minX: width, minY: height, maxX: -1, maxY: -1)
      labels[start] = label
      stack.append(start)
      while let p = stack.popLast() {
        let y = p / width
        let x = p - y * width
        box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
        for dy in -1...1 where y + dy >= 0 && y + dy < height {
          for dx in -1...1 where x + dx >= 0 && x + dx < width {
            let q = p + dy * width + dx
            if inside[q] && labels[q] < 0 {
              labels[q] = label
              stack.append(q)
            }
          }
        }
      }
      boxes.append(box)
    }
    let distance = DistanceTransform.distance(to: inside.map { !$0 }, width: width, height: height)
    self.distance = distance
    levelLines = userMaskDistance ?? distance
    var sums = [Double](repeating: 0, count: boxes.count)
    var counts = [Double](repeating: 0, count: boxes.count)
    // Coordinate moments, relative to each box's corner: x, y, xx, xy, yy.
    var moments = [[Double]](repeating: [0, 0, 0, 0, 0], count: boxes.count)
    for p in 0..<inside.count where labels[p] >= 0 {
      let k = Int(labels[p])
      sums[k] += Double(distance[p])
      counts[k] += 1
      let x = Double(p % width - boxes[k].minX)
      let y = Double(p / width - boxes[k].minY)
      moments[k][0] += x
      moments[k][1] += y
      moments[k][2] += x * x
      moments[k][3] += x * y
      moments[k][4] += y * y
    }
    components = boxes.indices.map { k in
      let halfWidth = 2 * sums[k] / max(counts[k], 1)
      let sigma = min(max(configuration.glareScale * halfWidth, configuration.minimumSigma), configuration.maximumSigma)
      let b = boxes[k]
      let n = max(counts[k], 1)
      let mx = moments[k][0] / n
      let my = moments[k][1] / n
      let cxx = moments[k][2] / n - mx * mx + 1.0 / 12
      let cxy = moments[k][3] / n - mx * my
      let cyy = moments[k][4] / n - my * my + 1.0 / 12
      let spread = ((cxx - cyy) * (cxx - cyy) / 4 + cxy * cxy).squareRoot()
      let major = (cxx + cyy) / 2 + spread
      let minor = max((cxx + cyy) / 2 - spread, 1e-9)
      return Component(
        box: PixelRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY), halfWidth: halfWidth,
        glareSigma: sigma, elongation: (major / minor).squareRoot())
    }
    self.labels = labels
  }
}
