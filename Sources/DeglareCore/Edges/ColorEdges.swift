import Foundation

/// Edges of a colour image: the gradient of all planes together (Di Zenzo's structure tensor),
/// thinned to one-pixel ridges by non-maximum suppression.
///
/// A gilt frame can be exactly as light as a white wall, so the edge is found in colour, not in
/// gray: the strength is the square root of the structure tensor's larger eigenvalue, in 8-bit
/// levels per analysis pixel (Sobel, normalised).
public struct ColorEdges: Sendable {
  /// Width in analysis pixels.
  public let width: Int
  /// Height in analysis pixels.
  public let height: Int
  /// Gradient strength per pixel, levels per pixel.
  public let strength: [Float]
  /// Direction of the gradient (the edge's normal) per pixel, radians in [0, pi): the structure
  /// tensor does not say which way is up, only the axis.
  public let normalAngle: [Float]
  /// Whether the pixel is on a thinned edge ridge at least `threshold` strong.
  public let isEdge: [Bool]
  /// The strength threshold used for ``isEdge``.
  public let threshold: Float

  /// Finds the edges of `image`; a pixel is an edge when it is a local maximum across the edge
  /// and at least `minimumStrength` levels per pixel and `relativeStrength` times the 99th
  /// percentile of all strengths.
  public init(_ image: AnalysisPlanes, minimumStrength: Float, relativeStrength: Float) {
    let width = image.width
    let height = image.height
    var gxx = [Float](repeating: 0, count: width * height)
    var gxy = [Float](repeating: 0, count: width * height)
    var gyy = [Float](repeating: 0, count: width * height)
    for plane in image.planes {
      for y in 1..<max(1, height - 1) {
        for x in 1..<max(1, width - 1) {
          let i = y * width + x
          let gx =
            (plane[i - width + 1] + 2 * plane[i + 1] + plane[i + width + 1]
              - plane[i - width - 1] - 2 * plane[i - 1] - plane[i + width - 1]) / 8
          let gy =
            (plane[i + width - 1] + 2 * plane[i + width] + plane[i + width + 1]
              - plane[i - width - 1] - 2 * plane[i - width] - plane[i - width + 1]) / 8
          gxx[i] += gx * gx
          gxy[i] += gx * gy
          gyy[i] += gy * gy
        }
      }
    }
    var strength = [Float](repeating: 0, count: width * height)
    var angle = [Float](repeating: 0, count: width * height)
    for i in 0..<(width * height) {
      let trace = gxx[i] + gyy[i]
      let difference = gxx[i] - gyy[i]
      let root = (difference * difference + 4 * gxy[i] * gxy[i]).squareRoot()
      strength[i] = ((trace + root) / 2).squareRoot()
      var theta = 0.5 * atan2(2 * gxy[i], difference)
      if theta < 0 { theta += .pi }
      angle[i] = theta
    }
    // The 99th percentile by selection: sorting the whole plane cost more than the edge maps.
    let p99 =
      strength.isEmpty ? 0 : OrderStatistic.value(at: min(strength.count - 1, strength.count * 99 / 100), of: strength)
    let threshold = max(minimumStrength, relativeStrength * p99)
    var edge = [Bool](repeating: false, count: width * height)
    for y in 1..<max(1, height - 1) {
      for x in 1..<max(1, width - 1) {
        let i = y * width + x
        let s = strength[i]
        guard s >= threshold else { continue }
        // Compare with the two neighbours along the normal (direction rounded to 45 degrees).
        let theta = angle[i]
        let dx = Int(cos(theta).rounded())
        let dy = Int(sin(theta).rounded())
        let ahead = strength[(y + dy) * width + x + dx]
        let behind = strength[(y - dy) * width + x - dx]
        if s >= ahead && s > behind { edge[i] = true }
      }
    }
    self.width = width
    self.height = height
    self.strength = strength
    self.normalAngle = angle
    self.isEdge = edge
    self.threshold = threshold
  }

  /// Whether there is an edge within `radius` pixels of (x, y) whose normal is within
  /// `angleTolerance` radians of `normal` (axis, either way).
  public func hasEdge(nearX x: Int, y: Int, radius: Int, normal: Float, angleTolerance: Float) -> Bool {
    for dy in -radius...radius {
      let yy = y + dy
      guard yy >= 0, yy < height else { continue }
      for dx in -radius...radius {
        let xx = x + dx
        guard xx >= 0, xx < width else { continue }
        let i = yy * width + xx
        guard isEdge[i] else { continue }
        var difference = abs(normalAngle[i] - normal)
        if difference > .pi / 2 { difference = .pi - difference }
        if difference <= angleTolerance { return true }
      }
    }
    return false
  }
}
