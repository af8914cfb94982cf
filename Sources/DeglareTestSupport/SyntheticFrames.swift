import DeglareCore
import Foundation

/// A framed picture hanging on a wall, photographed at an angle: the scene for testing the frame
/// detector and the straightener, with its true quads known exactly.
///
/// The wall is the plane z = 0 in "plane units"; the frame's outer edge is the rectangle
/// [-frameWidth/2, frameWidth/2] x [-frameHeight/2, frameHeight/2]. A pinhole camera (focal length
/// `focalLength` pixels, principal point at the image centre) looks at it after a yaw, a pitch
/// and a roll, which makes ``planeToImage``, and every quad is that homography applied to a
/// rectangle of the plane. Pixels are rendered with 2 x 2 supersampling in canonical
/// coordinates ((0, 0) is the centre of the top-left pixel).
public struct SyntheticFrameScene: Sendable {
  /// How the moulding looks.
  public enum FrameStyle: String, Sendable, CaseIterable {
    /// Gilt, with a bright outer lip, a dark groove and a shaded bevel.
    case gilt
    /// Gilt with a band of beads along the outer edge.
    case ornate
    /// Thin, nearly black.
    case black
    /// Brown wood with grain.
    case wood
    /// Off-white, on a pale wall: the hard case.
    case white
  }

  /// The photo's size.
  public var size: PixelSize
  /// The frame's outer width and height, plane units.
  public var frameWidth: Double
  /// See `frameWidth`.
  public var frameHeight: Double
  /// The moulding's width, plane units.
  public var mouldingWidth: Double
  /// The mat's width between moulding and canvas, plane units (0: no mat).
  public var matWidth: Double
  /// The moulding's style.
  public var style: FrameStyle
  /// The wall colour, 8-bit RGB.
  public var wallColour: [Double]
  /// The shadow's offset (plane units, right and down), its softness and its darkening (0...1).
  public var shadowOffset: Point
  /// See `shadowOffset`.
  public var shadowSoftness: Double
  /// See `shadowOffset`.
  public var shadowStrength: Double
  /// Whether a museum label hangs to the right of the frame.
  public var hasLabel: Bool
  /// Pinhole camera: plane -> canonical image coordinates.
  public var planeToImage: Homography
  /// The random seed of the painting's content and the wall's texture.
  public var seed: UInt64

  /// Creates a scene.
  public init(
    size: PixelSize, frameWidth: Double, frameHeight: Double, mouldingWidth: Double, matWidth: Double,
    style: FrameStyle,
    wallColour: [Double], shadowOffset: Point, shadowSoftness: Double, shadowStrength: Double, hasLabel: Bool,
    planeToImage: Homography, seed: UInt64
  ) {
    self.size = size
    self.frameWidth = frameWidth
    self.frameHeight = frameHeight
    self.mouldingWidth = mouldingWidth
    self.matWidth = matWidth
    self.style = style
    self.wallColour = wallColour
    self.shadowOffset = shadowOffset
    self.shadowSoftness = shadowSoftness
    self.shadowStrength = shadowStrength
    self.hasLabel = hasLabel
    self.planeToImage = planeToImage
    self.seed = seed
  }

  /// The frame's outer edge in the photo (the ground truth of `--target frame`).
  public var frameQuad: Quad { rectangle(inset: 0) }
  /// The canvas in the photo (the ground truth of `--target painting`).
  public var paintingQuad: Quad { rectangle(inset: mouldingWidth + matWidth) }

  /// The frame's outer rectangle inset by `inset` plane units, mapped into the photo.
  public func rectangle(inset: Double) -> Quad {
    let x = frameWidth / 2 - inset
    let y = frameHeight / 2 - inset
    return Quad(rectangleFrom: Point(x: -x, y: -y), to: Point(x: x, y: y)).map(planeToImage.map)
  }

  /// The homography of a camera with `focalLength` (pixels) at `distance` plane units from the
  /// wall, turned by `yaw` (about the vertical axis), `pitch` and `roll` (radians), looking at the
  /// plane point `aim`, for a photo of `size`.
  public static func camera(
    size: PixelSize, focalLength: Double, distance: Double, yaw: Double, pitch: Double, roll: Double, aim: Point
  ) -> Homography {
    // Rotation R = Rz(roll) * Rx(pitch) * Ry(yaw); plane point (u, v, 0) -> R (u - aim) + (0, 0, distance).
    let (cy, sy) = (cos(yaw), sin(yaw))
    let (cp, sp) = (cos(pitch), sin(pitch))
    let (cr, sr) = (cos(roll), sin(roll))
    let ry = [cy, 0, sy, 0, 1, 0, -sy, 0, cy]
    let rx = [1, 0, 0, 0, cp, -sp, 0, sp, cp]
    let rz = [cr, -sr, 0, sr, cr, 0, 0, 0, 1]
    func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
      var product = [Double](repeating: 0, count: 9)
      for row in 0..<3 {
        for column in 0..<3 {
          var sum = 0.0
          for k in 0..<3 { sum += a[row * 3 + k] * b[k * 3 + column] }
          product[row * 3 + column] = sum
        }
      }
      return product
    }
    let r = multiply(rz, multiply(rx, ry))
    let tx: Double = -(r[0] * aim.x + r[1] * aim.y)
    let ty: Double = -(r[3] * aim.x + r[4] * aim.y)
    let tz: Double = distance - (r[6] * aim.x + r[7] * aim.y)
    let translation = [tx, ty, tz]
    let extrinsic = [r[0], r[1], translation[0], r[3], r[4], translation[1], r[6], r[7], translation[2]]
    let cx = Double(size.width - 1) / 2
    let cyy = Double(size.height - 1) / 2
    let intrinsic = [focalLength, 0, cx, 0, focalLength, cyy, 0, 0, 1]
    return Homography(multiply(intrinsic, extrinsic))
  }

  /// A random scene: a frame of a random style filling 45-92 % of the photo's width or height,
  /// yawed up to 14 degrees, pitched up to 10, rolled up to 5, with random mat, shadow and label.
  public static func random(seed: UInt64, size: PixelSize) -> SyntheticFrameScene {
    var random = SeededGenerator(seed: seed)
    let aspect = random.uniform(0.65...1.5)
    let frameHeight = 1.0
    let frameWidth = aspect
    let style = FrameStyle.allCases[Int(random.next() % UInt64(FrameStyle.allCases.count))]
    let moulding =
      (style == .black ? random.uniform(0.02...0.05) : random.uniform(0.06...0.14)) * min(frameWidth, frameHeight)
    let mat = random.uniform(0...1) < 0.35 ? random.uniform(0.04...0.1) * min(frameWidth, frameHeight) : 0
    let wall = [random.uniform(150...235), random.uniform(150...235), random.uniform(150...230)].map { $0 }
    let grey = random.uniform(0...1) < 0.6
    let wallColour = grey ? Array(repeating: wall[0], count: 3) : wall
    let fill = random.uniform(0.45...0.92)
    let focal = Double(max(size.width, size.height)) * random.uniform(0.8...1.3)
    // Distance so that the frame spans `fill` of the photo's limiting dimension.
    var distance = focal * max(frameWidth / (fill * Double(size.width)), frameHeight / (fill * Double(size.height)))
    let degrees = Double.pi / 180
    let (yaw, pitch, roll) = (
      random.uniform(-14...14) * degrees, random.uniform(-10...10) * degrees, random.uniform(-5...5) * degrees
    )
    let aim = Point(x: random.uniform(-0.05...0.05), y: random.uniform(-0.05...0.05))
    // The whole frame stays in the photo with at least 1 % of wall: the user photographs all of it.
    let margin = 0.01 * Double(min(size.width, size.height))
    var planeToImage = camera(
      size: size, focalLength: focal, distance: distance, yaw: yaw, pitch: pitch, roll: roll, aim: aim)
    for _ in 0..<40 {
      let frame = Quad(rectangleFrom: Point(x: -frameWidth / 2, y: -0.5), to: Point(x: frameWidth / 2, y: 0.5))
        .map(planeToImage.map)
      let inside = frame.corners.allSatisfy { corner in
        corner.x >= margin && corner.y >= margin && corner.x <= Double(size.width) - margin
          && corner.y <= Double(size.height) - margin
      }
      if inside { break }
      distance *= 1.03
      planeToImage = camera(
        size: size, focalLength: focal, distance: distance, yaw: yaw, pitch: pitch, roll: roll, aim: aim)
    }
    return SyntheticFrameScene(
      size: size, frameWidth: frameWidth, frameHeight: frameHeight, mouldingWidth: moulding, matWidth: mat,
      style: style,
      wallColour: wallColour,
      shadowOffset: Point(x: random.uniform(-0.01...0.03), y: random.uniform(0...0.04)),
      shadowSoftness: random.uniform(0.005...0.03), shadowStrength: random.uniform(0...0.35),
      hasLabel: random.uniform(0...1) < 0.5, planeToImage: planeToImage, seed: random.next())
  }
}

extension SyntheticFrameScene {
  /// A 1.3 x 1 frame without mat or label, its shadow 0.01 right and 0.02 down (softness 0.01,
  /// strength 0.2), photographed by ``camera(size:focalLength:distance:yaw:pitch:roll:aim:)``
  /// pitched -0.08 and rolled 0.03 radians, aimed at the frame's centre.
  public static func plainFrame(
    size: PixelSize, style: FrameStyle, mouldingWidth: Double, wallColour: [Double], focalLength: Double,
    distance: Double, yaw: Double, seed: UInt64
  ) -> SyntheticFrameScene {
    let camera = camera(
      size: size, focalLength: focalLength, distance: distance, yaw: yaw, pitch: -0.08, roll: 0.03,
      aim: Point(x: 0, y: 0))
    return SyntheticFrameScene(
      size: size, frameWidth: 1.3, frameHeight: 1, mouldingWidth: mouldingWidth, matWidth: 0, style: style,
      wallColour: wallColour, shadowOffset: Point(x: 0.01, y: 0.02), shadowSoftness: 0.01, shadowStrength: 0.2,
      hasLabel: false, planeToImage: camera, seed: seed)
  }
}
