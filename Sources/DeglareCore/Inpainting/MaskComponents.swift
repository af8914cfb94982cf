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
  }

  /// Component index of every pixel, -1 outside the mask.
  let labels: [Int32]
  /// The components, in order of their first pixel (row-major).
  let components: [Component]
  /// Each pixel's distance to the nearest pixel outside the mask (0 outside).
  let distance: [Float]

  /// Labels the inside pixels and measures each component.
  init(inside: [Bool], width: Int, height: Int, configuration: LocalInpainter.Configuration) {
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
    var sums = [Double](repeating: 0, count: boxes.count)
    var counts = [Double](repeating: 0, count: boxes.count)
    for p in 0..<inside.count where labels[p] >= 0 {
      sums[Int(labels[p])] += Double(distance[p])
      counts[Int(labels[p])] += 1
    }
    components = boxes.indices.map { k in
      let halfWidth = 2 * sums[k] / max(counts[k], 1)
      let sigma = min(max(configuration.glareScale * halfWidth, configuration.minimumSigma), configuration.maximumSigma)
      let b = boxes[k]
      return Component(
        box: PixelRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY), halfWidth: halfWidth,
        glareSigma: sigma)
    }
    self.labels = labels
  }
}
