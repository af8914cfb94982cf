@testable import DeglareCore

// The scenes of the detector's later passes (streak extension, skylight veils) read only the
// evidence's linear planes: one builder for them, and one canvas texture.

extension GlareDetector.Evidence {
  /// Evidence of a `width` x `height` picture whose linear planes are `colour(x, y)`; every
  /// other plane is zero.
  static func linearOnly(width: Int, height: Int, _ colour: (Int, Int) -> [Float]) -> GlareDetector.Evidence {
    let count = width * height
    var planes = [Plane<Float>](repeating: Plane(width: width, height: height, repeating: 0), count: 3)
    for i in 0..<count {
      let value = colour(i % width, i / width)
      for c in 0..<3 { planes[c].values[i] = value[c] }
    }
    let zero = Plane<Float>(width: width, height: height, repeating: 0)
    return GlareDetector.Evidence(
      elevation: [Float](repeating: 0, count: count), colourExcess: [Float](repeating: 0, count: count),
      seeds: [UInt8](repeating: 0, count: count), redSeeds: [UInt8](repeating: 0, count: count),
      halo: [Bool](repeating: false, count: count), luma: zero,
      lumaOpening: zero, linear: planes, background: [zero, zero, zero])
  }
}

/// A deterministic multiplicative texture of ±5 % at (x, y) of a picture `width` wide.
func canvasTexture(_ x: Int, _ y: Int, width: Int) -> Float {
  var state = UInt64(y * width + x) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
  state ^= state >> 29
  return 1 + 0.1 * (Float(state % 1000) / 1000 - 0.5)
}
