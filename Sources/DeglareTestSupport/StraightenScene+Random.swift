import DeglareCore
import Foundation

extension StraightenScene {
  /// A random scene of `kind` in a photo of `size`, its picture one of `pictures` (procedural
  /// content when empty, and for about a quarter of the scenes).
  ///
  /// Frames and canvases fill 45-90 % of the photo, yawed up to 15 degrees, pitched up to 10 and
  /// rolled up to 4; documents fill 30-85 %, seen from above tilted up to 25 degrees and turned
  /// up to 20 on the table. Every object stays whole in the photo with at least 1.5 % of
  /// background around it.
  public static func random(kind: Kind, seed: UInt64, size: PixelSize, pictures: [PictureSource] = [])
    -> StraightenScene
  {
    var random = SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(kind.hashSeed))
    let degrees = Double.pi / 180
    let picture: PictureSource =
      pictures.isEmpty || random.uniform() < 0.25
      ? .procedural(seed: random.next()) : pictures[Int(random.next() % UInt64(pictures.count))]
    var scene = StraightenScene(
      kind: kind, size: size, objectWidth: 1, moulding: nil, mouldingWidth: 0, background: .wall,
      backgroundColour: [200, 200, 200], shadow: Shadow(offset: .zero, softness: 0.01, strength: 0), picture: picture,
      noise: random.uniform(1...3), planeToImage: .identity, seed: random.next())
    let fill: Double
    var angles: (yaw: Double, pitch: Double, roll: Double)
    if kind.isDocument {
      scene.randomDocument(&random)
      fill = random.uniform(0.3...0.85)
      angles = (random.uniform(-15...15), random.uniform(-25...25), random.uniform(-20...20))
    } else {
      scene.randomPicture(&random)
      fill = random.uniform(0.45...0.9)
      angles = (random.uniform(-15...15), random.uniform(-10...10), random.uniform(-4...4))
    }
    angles = (angles.yaw * degrees, angles.pitch * degrees, angles.roll * degrees)
    let focal = Double(max(size.width, size.height)) * random.uniform(0.8...1.3)
    let aim = Point(x: random.uniform(-0.04...0.04), y: random.uniform(-0.04...0.04))
    var distance =
      focal * max(scene.objectWidth / (fill * Double(size.width)), 1 / (fill * Double(size.height)))
    let margin = 0.015 * Double(min(size.width, size.height))
    func camera() -> Homography {
      SyntheticFrameScene.camera(
        size: size, focalLength: focal, distance: distance, yaw: angles.yaw, pitch: angles.pitch, roll: angles.roll,
        aim: aim)
    }
    scene.planeToImage = camera()
    for _ in 0..<60 {
      let inside = scene.quad.corners.allSatisfy { corner in
        corner.x >= margin && corner.y >= margin && corner.x <= Double(size.width) - margin
          && corner.y <= Double(size.height) - margin
      }
      if inside { break }
      distance *= 1.03
      scene.planeToImage = camera()
    }
    return scene
  }

  /// Frame, canvas and lines for the picture kinds, on a wall.
  private mutating func randomPicture(_ random: inout SeededGenerator) {
    objectWidth = random.uniform(0.65...1.5)
    let framed = kind == .shadowedFrame || (kind == .innerLines && random.uniform() < 0.7)
    if framed {
      let style = Moulding.allCases[Int(random.next() % UInt64(Moulding.allCases.count))]
      moulding = style
      mouldingWidth = style == .black ? random.uniform(0.015...0.05) : random.uniform(0.03...0.14)
      matWidth = random.uniform() < 0.3 ? random.uniform(0.03...0.08) : 0
    }
    lip = random.uniform() < 0.5 ? random.uniform(-0.35...0.3) : 0
    background = .wall
    let tone = random.uniform()
    if tone < 0.55 {
      backgroundColour = Array(repeating: random.uniform(170...238), count: 3)
    } else if tone < 0.85 {
      backgroundColour = [random.uniform(170...235), random.uniform(165...230), random.uniform(150...225)]
    } else {
      backgroundColour = [random.uniform(70...170), random.uniform(60...160), random.uniform(60...160)]
    }
    wallLines = random.uniform() < 0.25
    hasLabel = random.uniform() < 0.4
    let tint = (0..<3).map { _ in random.uniform(0.95...1.05) }
    switch kind {
    case .shadowedFrame, .canvas:
      // The object stands off the wall, more at the top; light from above and to one side.
      let bottom = kind == .canvas ? random.uniform(0.008...0.03) : random.uniform(0.004...0.03)
      let top = bottom + random.uniform(0...0.05)
      let light = Point(x: random.uniform(-0.9...0.9), y: random.uniform(0.4...1.6))
      let spread = random.uniform(0.3...1)
      shadow = Shadow(
        topOffset: light * top, bottomOffset: light * bottom, topSoftness: 0.002 + spread * top,
        bottomSoftness: 0.002 + spread * bottom, strength: random.uniform(0.2...0.6), tint: tint,
        contact: random.uniform(0...0.15))
    default:
      shadow = Shadow(
        offset: Point(x: random.uniform(-0.02...0.02), y: random.uniform(0...0.03)),
        softness: random.uniform(0.004...0.03), strength: random.uniform(0...0.35), tint: tint,
        contact: random.uniform(0...0.1))
    }
    lighting = Lighting(
      gradient: Point(x: random.uniform(-0.12...0.12), y: random.uniform(-0.12...0.12)),
      spotCentre: Point(x: random.uniform(-0.5...0.5), y: random.uniform(-0.7...0)),
      spotRadius: random.uniform(0.4...1),
      spotGain: random.uniform(0...0.15), blobCentre: .zero, blobRadius: 1, blobStrength: 0)
    if kind == .innerLines { lines = Self.randomLines(&random) }
  }

  /// One to three long lines: a step across the whole picture (a building's base line, a
  /// horizon) and stripes near the edges.
  private static func randomLines(_ random: inout SeededGenerator) -> [ContentLine] {
    var lines: [ContentLine] = []
    let stepPosition = random.uniform() < 0.5 ? random.uniform(0.1...0.45) : random.uniform(0.55...0.92)
    lines.append(
      ContentLine(
        horizontal: random.uniform() < 0.75, position: stepPosition, width: 0,
        colour: (0..<3).map { _ in random.uniform(0.45...0.85) }))
    for _ in 0..<Int(random.next() % 3) {
      let near = random.uniform(0.02...0.12)
      let position = random.uniform() < 0.5 ? near : 1 - near
      let dark = random.uniform() < 0.6
      lines.append(
        ContentLine(
          horizontal: random.uniform() < 0.5, position: position, width: random.uniform(0.003...0.015),
          colour: dark
            ? (0..<3).map { _ in random.uniform(20...70) } : (0..<3).map { _ in random.uniform(190...245) }))
    }
    return lines
  }

  /// Shape, background and light for the document kinds.
  private mutating func randomDocument(_ random: inout SeededGenerator) {
    switch kind {
    case .paper:
      objectWidth = [0.707, 0.773, 0.707][Int(random.next() % 3)]
    case .receipt:
      objectWidth = random.uniform(0.22...0.4)
    case .businessCard:
      objectWidth = random.uniform() < 0.7 ? 1.6 : 1 / 1.6
      cornerRadius = random.uniform() < 0.3 ? 0.04 : 0
    default:
      objectWidth = 0.716
      cornerRadius = random.uniform(0.03...0.05)
    }
    background = [Background.wood, .cloth, .desk][Int(random.next() % 3)]
    switch background {
    case .wood:
      backgroundColour = [random.uniform(90...190), random.uniform(55...130), random.uniform(25...80)]
    case .cloth:
      backgroundColour = (0..<3).map { _ in random.uniform(40...200) }
    default:
      backgroundColour = Array(repeating: random.uniform(35...225), count: 3).map { $0 * random.uniform(0.9...1.05) }
    }
    backgroundAngle = random.uniform(0...Double.pi)
    shadow = Shadow(
      offset: Point(x: random.uniform(-0.008...0.008), y: random.uniform(0...0.008)),
      softness: random.uniform(0.002...0.012), strength: random.uniform(0...0.3))
    let blob = random.uniform() < 0.5
    lighting = Lighting(
      gradient: Point(x: random.uniform(-0.25...0.25), y: random.uniform(-0.25...0.25)),
      spotCentre: Point(x: random.uniform(-0.6...0.6), y: random.uniform(-0.6...0.6)),
      spotRadius: random.uniform(0.3...0.9), spotGain: random.uniform(0...0.3),
      blobCentre: Point(x: random.uniform(-0.6...0.6), y: random.uniform(-0.6...0.6)),
      blobRadius: random.uniform(0.2...0.5), blobStrength: blob ? random.uniform(0.1...0.35) : 0)
  }
}

extension StraightenScene.Kind {
  /// A distinct number per kind, so two kinds with the same seed differ.
  var hashSeed: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
