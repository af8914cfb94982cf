// Exact, unbounded Euclidean distances (Felzenszwalb and Huttenlocher, "Distance Transforms of
// Sampled Functions", 2012): two passes of the 1-D lower envelope of parabolas, linear time, in
// Float. The capped Int16 transform in DistanceTransform.swift serves the feather; this one
// serves the local inpainter, which needs distances of any length.

extension DistanceTransform {
  /// For every pixel, the distance in pixels to the nearest pixel where `target` is true (0 on
  /// target pixels; a large value everywhere when no pixel is a target).
  static func distance(to target: [Bool], width: Int, height: Int) -> [Float] {
    let infinity = Float(width * width + height * height + 1)
    var squared = target.map { $0 ? Float(0) : infinity }
    var line = [Float](repeating: 0, count: max(width, height))
    var out = [Float](repeating: 0, count: max(width, height))
    for x in 0..<width {
      for y in 0..<height { line[y] = squared[y * width + x] }
      envelope(line, count: height, into: &out)
      for y in 0..<height { squared[y * width + x] = out[y] }
    }
    for y in 0..<height {
      for x in 0..<width { line[x] = squared[y * width + x] }
      envelope(line, count: width, into: &out)
      for x in 0..<width { squared[y * width + x] = out[x] }
    }
    // In place: a second plane of the area's size would double the transform's memory.
    for i in squared.indices { squared[i] = squared[i].squareRoot() }
    return squared
  }

  /// One-dimensional squared distance transform of sampled function `f` (first `count` values).
  private static func envelope(_ f: [Float], count: Int, into d: inout [Float]) {
    var vertices = [Int](repeating: 0, count: count)
    var bounds = [Float](repeating: 0, count: count + 1)
    var k = 0
    vertices[0] = 0
    bounds[0] = -.infinity
    bounds[1] = .infinity
    if count > 1 {
      for q in 1..<count {
        var s: Float
        repeat {
          let v = vertices[k]
          s = ((f[q] + Float(q * q)) - (f[v] + Float(v * v))) / Float(2 * q - 2 * v)
          if s <= bounds[k] { k -= 1 } else { break }
        } while k >= 0
        k += 1
        vertices[k] = q
        bounds[k] = s
        bounds[k + 1] = .infinity
      }
    }
    k = 0
    for q in 0..<count {
      while bounds[k + 1] < Float(q) { k += 1 }
      let v = vertices[k]
      d[q] = Float((q - v) * (q - v)) + f[v]
    }
  }
}
