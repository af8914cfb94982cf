import DeglareCore
import Foundation

extension StraightenScene {
  /// Renders the photo as 8-bit RGB: each pixel averages the scene at 2 x 2 points mapped back
  /// to the plane (canonical coordinates), then sensor noise is added.
  public func render() -> ImageBuffer {
    let toPlane = planeToImage.inverse ?? .identity
    let painter = ScenePainter(self)
    var samples = [UInt8](repeating: 0, count: size.width * size.height * 3)
    let offsets = [-0.25, 0.25]
    for y in 0..<size.height {
      for x in 0..<size.width {
        var sum = SIMD3<Double>(repeating: 0)
        for dy in offsets {
          for dx in offsets {
            sum += painter.colour(at: toPlane.map(Point(x: Double(x) + dx, y: Double(y) + dy)))
          }
        }
        let grain = noise * 2 * (unitHash(x, y, 1) + unitHash(x, y, 2) + unitHash(x, y, 3) - 1.5)
        let index = (y * size.width + x) * 3
        for channel in 0..<3 {
          samples[index + channel] = UInt8(min(255, max(0, (sum[channel] / 4 + grain).rounded())))
        }
      }
    }
    return ImageBuffer(width: size.width, height: size.height, layout: .rgb, samples: samples)
  }
}

/// The scene's colour at plane points, with everything that does not depend on the point
/// worked out once.
struct ScenePainter {
  let scene: StraightenScene
  let halfWidth: Double
  let picture: @Sendable (Double, Double) -> [Double]
  let clutter: [ClutterItem]
  let greyMoulding: Double

  init(_ scene: StraightenScene) {
    self.scene = scene
    halfWidth = scene.objectWidth / 2
    picture = scene.picture.sampler()
    clutter = scene.background == .desk ? ClutterItem.random(seed: scene.seed, avoiding: scene) : []
    let wall = scene.backgroundColour.reduce(0, +) / 3
    greyMoulding = wall * (0.72 + 0.3 * unitHash(Int(scene.seed % 1000), 5, 9))
  }

  /// Depth into the object's rounded rectangle from its edge, plane units (negative outside).
  func depth(_ point: Point) -> Double {
    let radius = scene.cornerRadius
    let qx = abs(point.x) - (halfWidth - radius)
    let qy = abs(point.y) - (0.5 - radius)
    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - radius
    return -outside
  }

  /// The colour at a plane point, lit.
  func colour(at point: Point) -> SIMD3<Double> {
    let inside = depth(point)
    let base = inside >= 0 ? objectColour(point, depth: inside) : backgroundColour(point) * shadowFactor(point)
    return base * light(point)
  }

  private func light(_ point: Point) -> Double {
    let lighting = scene.lighting
    var value = 1 + lighting.gradient.x * point.x + lighting.gradient.y * point.y
    let spot = point - lighting.spotCentre
    value *= 1 + lighting.spotGain * exp(-spot.dot(spot) / (lighting.spotRadius * lighting.spotRadius))
    if lighting.blobStrength > 0 {
      let distance = (point - lighting.blobCentre).length / lighting.blobRadius
      value *= 1 - lighting.blobStrength * smoothStep(1.3, 0.7, distance)
    }
    return min(1.4, max(0.35, value))
  }

  /// Darkening (and tint) of the cast shadow on the plane at `point`.
  private func shadowFactor(_ point: Point) -> SIMD3<Double> {
    let shadow = scene.shadow
    var dark = 1.0
    var cover = 0.0
    if shadow.strength > 0 {
      // The object point whose shadow falls here: p = q + offset(q.y), offset linear in q.y.
      let change = shadow.bottomOffset - shadow.topOffset
      let y = (point.y - shadow.topOffset.y - 0.5 * change.y) / (1 + change.y)
      let t = min(1, max(0, y + 0.5))
      let source = Point(x: point.x - shadow.topOffset.x - t * change.x, y: y)
      let softness = shadow.topSoftness + t * (shadow.bottomSoftness - shadow.topSoftness)
      cover = smoothStep(-softness / 2, softness / 2, depth(source))
      dark = 1 - shadow.strength * cover
    }
    if shadow.contact > 0 { dark *= 1 - shadow.contact * smoothStep(0.012, 0, -depth(point)) }
    return SIMD3(
      dark * (1 + (shadow.tint[0] - 1) * cover), dark * (1 + (shadow.tint[1] - 1) * cover),
      dark * (1 + (shadow.tint[2] - 1) * cover))
  }

  private func objectColour(_ point: Point, depth: Double) -> SIMD3<Double> {
    var colour: SIMD3<Double>
    if scene.kind.isDocument {
      colour = documentColour(point, depth: depth)
    } else if let moulding = scene.moulding, depth < scene.mouldingWidth {
      let vertical = halfWidth - abs(point.x) < 0.5 - abs(point.y)
      colour = mouldingColour(moulding, t: depth / scene.mouldingWidth, along: vertical ? point.y : point.x)
    } else if scene.moulding != nil, depth < scene.mouldingWidth + scene.matWidth {
      let shade = depth < scene.mouldingWidth + 0.004 ? 0.8 : 1.0
      colour = SIMD3(232, 228, 214) * shade
    } else {
      colour = pictureColour(point)
    }
    if scene.lip != 0, depth < 0.004 { colour *= 1 + scene.lip }
    return colour
  }

  /// The picture (inside the frame and mat, or the whole canvas) with its painted lines.
  private func pictureColour(_ point: Point) -> SIMD3<Double> {
    let inset = scene.moulding == nil ? 0 : scene.mouldingWidth + scene.matWidth
    let u = (point.x + halfWidth - inset) / (2 * (halfWidth - inset))
    let v = (point.y + 0.5 - inset) / (1 - 2 * inset)
    let sample = picture(u, v)
    var colour = SIMD3(sample[0], sample[1], sample[2])
    for line in scene.lines {
      let position = line.horizontal ? v : u
      if line.width == 0 {
        if position > line.position { colour *= SIMD3(line.colour[0], line.colour[1], line.colour[2]) }
      } else if abs(position - line.position) < line.width / 2 {
        colour = SIMD3(line.colour[0], line.colour[1], line.colour[2])
      }
    }
    return colour
  }

  private func mouldingColour(_ style: StraightenScene.Moulding, t: Double, along: Double) -> SIMD3<Double> {
    switch style {
    case .gilt, .ornate:
      if t < 0.06 { return SIMD3(236, 208, 130) }
      if t < 0.12 { return SIMD3(120, 88, 36) }
      if style == .ornate && t < 0.3 {
        return sin(along * 2 * .pi / 0.012) > 0.2 ? SIMD3(214, 178, 96) : SIMD3(92, 66, 30)
      }
      if abs(t - 0.55) < 0.03 || abs(t - 0.8) < 0.025 { return SIMD3(110, 80, 34) }
      return SIMD3(196, 156, 72) * (0.75 + 0.35 * t)
    case .black:
      return t < 0.1 ? SIMD3(70, 68, 66) : SIMD3(24, 23, 25)
    case .wood:
      let grain = 12 * sin(along * 90 + 3 * sin(along * 13))
      let shade = t < 0.1 ? 1.2 : (t > 0.9 ? 0.7 : 1.0)
      return SIMD3(118 * shade + grain, 76 * shade + grain * 0.6, 44 * shade + grain * 0.3)
    case .white:
      let shade = t < 0.08 ? 1.0 : (t < 0.16 ? 0.82 : 0.93 - 0.1 * t)
      return SIMD3(246, 244, 236) * shade
    case .grey:
      let shade = t < 0.15 ? 1.06 : (t > 0.85 ? 0.8 : 0.95 - 0.1 * t)
      return SIMD3(repeating: greyMoulding * shade) + 4 * (hashNoise(along * 300, t * 40) - 0.5)
    case .silver:
      let streak = 10 * (hashNoise(along * 200, t * 3) - 0.5)
      let shade = t < 0.1 ? 1.1 : 0.8 + 0.25 * t
      return SIMD3(188, 190, 194) * shade + streak
    }
  }
}

/// Smooth 0 -> 1 as `x` goes from `edge0` to `edge1` (either order).
func smoothStep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
  let t = min(1, max(0, (x - edge0) / (edge1 - edge0)))
  return t * t * (3 - 2 * t)
}

/// A deterministic value in 0..<1 for integer coordinates and a salt.
func unitHash(_ x: Int, _ y: Int, _ salt: Int) -> Double {
  var h = UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
  h ^= UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
  h ^= UInt64(bitPattern: Int64(salt)) &* 0x1656_67B1_9E37_79F9
  h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
  h ^= h >> 32
  return Double(h & 0xFF_FFFF) / Double(1 << 24)
}
