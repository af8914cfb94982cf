import DeglareCore
import Foundation

/// Renders a plane seen through a homography: each pixel averages `colour` at 2 x 2 points of
/// the pixel (canonical coordinates, (0, 0) the centre of the top-left pixel) mapped back to the
/// plane. 8-bit RGB.
public func renderPlane(size: PixelSize, planeToImage: Homography, colour: (Point) -> [Double]) -> ImageBuffer {
  let toPlane = planeToImage.inverse ?? .identity
  var samples = [UInt8](repeating: 0, count: size.width * size.height * 3)
  let offsets = [-0.25, 0.25]
  for y in 0..<size.height {
    for x in 0..<size.width {
      var sum = [0.0, 0.0, 0.0]
      for dy in offsets {
        for dx in offsets {
          let value = colour(toPlane.map(Point(x: Double(x) + dx, y: Double(y) + dy)))
          for channel in 0..<3 { sum[channel] += value[channel] }
        }
      }
      let index = (y * size.width + x) * 3
      for channel in 0..<3 { samples[index + channel] = UInt8(min(255, max(0, (sum[channel] / 4).rounded()))) }
    }
  }
  return ImageBuffer(width: size.width, height: size.height, layout: .rgb, samples: samples)
}

extension SyntheticFrameScene {
  /// Renders the photo as 8-bit RGB.
  public func render() -> ImageBuffer {
    let content = PaintingContent(seed: seed)
    return renderPlane(size: size, planeToImage: planeToImage) { colour(at: $0, content: content) }
  }

  /// The colour of the scene at a plane point.
  func colour(at point: Point, content: PaintingContent) -> [Double] {
    let halfWidth = frameWidth / 2
    let halfHeight = frameHeight / 2
    // Depth into the frame from its outer edge (negative outside).
    let depth = min(halfWidth - abs(point.x), halfHeight - abs(point.y))
    if depth < 0 {
      return wall(at: point)
    }
    if depth < mouldingWidth {
      return moulding(depth: depth, along: abs(point.x) > halfWidth - depth - 1e-12 ? point.y : point.x)
    }
    if depth < mouldingWidth + matWidth {
      let shade = depth < mouldingWidth + 0.004 ? 0.8 : 1.0
      return [232 * shade, 228 * shade, 214 * shade]
    }
    let inner = mouldingWidth + matWidth
    return content.colour(
      u: (point.x + halfWidth - inner) / (frameWidth - 2 * inner),
      v: (point.y + halfHeight - inner) / (frameHeight - 2 * inner))
  }

  private func wall(at point: Point) -> [Double] {
    let light = 1 + 0.08 * point.x - 0.05 * point.y
    let texture = 3 * (hashNoise(point.x * 400, point.y * 400) - 0.5)
    // The shadow: the frame's rectangle moved by the offset, with a soft edge.
    let sx = point.x - shadowOffset.x
    let sy = point.y - shadowOffset.y
    let inside = min(frameWidth / 2 - abs(sx), frameHeight / 2 - abs(sy))
    let cover = min(1, max(0, 0.5 + inside / max(shadowSoftness, 1e-6)))
    let shade = 1 - shadowStrength * cover
    var colour = wallColour.map { $0 * light * shade + texture }
    if hasLabel {
      let labelX = frameWidth / 2 + 0.06
      let labelY = 0.1
      if point.x > labelX, point.x < labelX + 0.16, point.y > labelY, point.y < labelY + 0.09 {
        colour = [242, 241, 236]
        let row = (point.y - labelY) / 0.09
        let column = (point.x - labelX) / 0.16
        if column > 0.08, column < 0.92, [0.2, 0.4, 0.6, 0.8].contains(where: { abs(row - $0) < 0.05 }),
          hashNoise(point.x * 300, row * 7) > 0.3
        {
          colour = [40, 40, 45]
        }
      }
    }
    return colour
  }

  private func moulding(depth: Double, along: Double) -> [Double] {
    let t = depth / mouldingWidth
    switch style {
    case .gilt, .ornate:
      var gold = [196.0, 156, 72]
      if t < 0.06 {
        gold = [236, 208, 130]
      } else if t < 0.12 {
        gold = [120, 88, 36]
      } else if style == .ornate && t < 0.3 {
        let bead = sin(along * 2 * .pi / 0.012)
        gold = bead > 0.2 ? [214, 178, 96] : [92, 66, 30]
      } else {
        let bevel = 0.75 + 0.35 * t
        gold = gold.map { $0 * bevel }
        if abs(t - 0.55) < 0.03 || abs(t - 0.8) < 0.025 { gold = [110, 80, 34] }
      }
      return gold
    case .black:
      return t < 0.1 ? [70, 68, 66] : [24, 23, 25]
    case .wood:
      let grain = 12 * sin(along * 90 + 3 * sin(along * 13))
      let shade = t < 0.1 ? 1.2 : (t > 0.9 ? 0.7 : 1.0)
      return [118 * shade + grain, 76 * shade + grain * 0.6, 44 * shade + grain * 0.3]
    case .white:
      let shade = t < 0.08 ? 1.0 : (t < 0.16 ? 0.82 : 0.93 - 0.1 * t)
      return [246 * shade, 244 * shade, 236 * shade]
    }
  }
}

/// A painting's content: a toned ground with a few rectangles and soft blobs, some of them
/// concentric-looking, to tempt the detector.
struct PaintingContent {
  let ground: [Double]
  let shapes: [(x0: Double, y0: Double, x1: Double, y1: Double, colour: [Double])]
  let seed: Double

  init(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    ground = [random.uniform(30...170), random.uniform(30...160), random.uniform(30...150)]
    var shapes: [(Double, Double, Double, Double, [Double])] = []
    for _ in 0..<6 {
      let x0 = random.uniform(0...0.8)
      let y0 = random.uniform(0...0.8)
      shapes.append(
        (
          x0, y0, x0 + random.uniform(0.05...0.35), y0 + random.uniform(0.05...0.35),
          [random.uniform(10...240), random.uniform(10...240), random.uniform(10...240)]
        ))
    }
    self.shapes = shapes
    self.seed = random.uniform(0...100)
  }

  func colour(u: Double, v: Double) -> [Double] {
    var colour = ground.map { $0 * (0.8 + 0.4 * v) }
    for shape in shapes where u >= shape.x0 && u <= shape.x1 && v >= shape.y0 && v <= shape.y1 {
      colour = shape.colour
    }
    let stroke = 10 * (hashNoise(u * 180 + seed, v * 180) - 0.5)
    return colour.map { $0 + stroke }
  }
}

/// Smooth value noise in 0...1 (bilinear between hashed lattice values).
func hashNoise(_ x: Double, _ y: Double) -> Double {
  let x0 = x.rounded(.down)
  let y0 = y.rounded(.down)
  let fx = x - x0
  let fy = y - y0
  func lattice(_ i: Double, _ j: Double) -> Double {
    var h =
      UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(j)) &* 0xC2B2_AE3D_27D4_EB4F
    h ^= h >> 29
    h &*= 0xBF58_476D_1CE4_E5B9
    h ^= h >> 32
    return Double(h & 0xFFFF) / 65535
  }
  let top = lattice(x0, y0) * (1 - fx) + lattice(x0 + 1, y0) * fx
  let bottom = lattice(x0, y0 + 1) * (1 - fx) + lattice(x0 + 1, y0 + 1) * fx
  return top * (1 - fy) + bottom * fy
}
