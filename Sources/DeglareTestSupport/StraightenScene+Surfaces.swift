import DeglareCore
import Foundation

extension ScenePainter {
  /// The plane around the object (before its shadow and the light).
  func backgroundColour(_ point: Point) -> SIMD3<Double> {
    let base = SIMD3(scene.backgroundColour[0], scene.backgroundColour[1], scene.backgroundColour[2])
    let angle = scene.backgroundAngle
    // Table coordinates: along and across the planks or the weave.
    let a = point.x * cos(angle) + point.y * sin(angle)
    let b = -point.x * sin(angle) + point.y * cos(angle)
    switch scene.background {
    case .wall:
      return wallColour(point, base: base)
    case .wood:
      let plank = 0.22
      let index = (b / plank).rounded(.down)
      let tone = 0.85 + 0.3 * unitHash(Int(index), 3, Int(scene.seed % 977))
      let grain = 0.1 * sin(a * 60 + 7 * hashNoise(a * 2 + index * 13, b * 9))
      let seam = b / plank - index < 0.012 ? 0.45 : 1.0
      return base * (tone * (1 + grain) * seam)
    case .cloth:
      let weave = 0.07 * sin(2 * .pi * a / 0.006) * sin(2 * .pi * b / 0.006)
      let folds = 0.25 * (hashNoise(a * 2.5 + 11, b * 2.5) - 0.5)
      return base * (1 + weave + folds)
    case .desk:
      var colour = base * (1 + 0.03 * (hashNoise(a * 40, b * 40) - 0.5))
      for item in clutter.reversed() {
        if let paint = item.colour(at: point) {
          colour = paint
          break
        }
      }
      return colour
    }
  }

  private func wallColour(_ point: Point, base: SIMD3<Double>) -> SIMD3<Double> {
    let stipple = 3 * (hashNoise(point.x * 400, point.y * 400) - 0.5)
    var colour = base * (1 + 0.02 * (hashNoise(point.x * 6, point.y * 6) - 0.5)) + stipple
    if scene.wallLines {
      // A panel joint to the left of the frame, a dado rail below it.
      let joint = -halfWidth - 0.3
      if abs(point.x - joint) < 0.0025 { colour *= 0.82 }
      if point.y > 0.5 + 0.28 { colour *= 0.93 }
      if abs(point.y - (0.5 + 0.28)) < 0.006 { colour *= 1.08 }
    }
    if scene.hasLabel {
      let labelX = halfWidth + 0.06
      let labelY = 0.1
      if point.x > labelX, point.x < labelX + 0.16, point.y > labelY, point.y < labelY + 0.09 {
        colour = SIMD3(242, 241, 236)
        let row = (point.y - labelY) / 0.09
        let column = (point.x - labelX) / 0.16
        if column > 0.08, column < 0.92, [0.2, 0.4, 0.6, 0.8].contains(where: { abs(row - $0) < 0.05 }),
          hashNoise(point.x * 300, row * 7) > 0.3
        {
          colour = SIMD3(40, 40, 45)
        }
      }
    }
    return colour
  }

  /// A document's colour at `point`, `depth` plane units inside its edge.
  func documentColour(_ point: Point, depth: Double) -> SIMD3<Double> {
    // Document coordinates from its top-left corner, plane units.
    let x = point.x + halfWidth
    let y = point.y + 0.5
    let salt = Int(scene.seed % 100_003)
    switch scene.kind {
    case .receipt:
      var colour = SIMD3<Double>(249, 249, 246)
      if y > 0.06, y < 0.94, x > 0.06 * scene.objectWidth / 0.3, x < scene.objectWidth - 0.05 {
        let row = Int(y / 0.02)
        if Int(y / 0.02 * 10) % 10 < 4, text(x: x, row: row, salt: salt, density: 0.8) { colour = SIMD3(55, 55, 60) }
        if row % 9 == 4, (x * 80).truncatingRemainder(dividingBy: 1) < 0.5, abs(y / 0.02 - Double(row) - 0.2) < 0.1 {
          colour = SIMD3(70, 70, 75)
        }
      }
      return colour
    case .businessCard:
      let dark = unitHash(salt, 1, 1) < 0.35
      var colour = dark ? SIMD3<Double>(30, 45, 80) : SIMD3<Double>(250, 248, 240)
      let ink = dark ? SIMD3<Double>(235, 225, 190) : SIMD3<Double>(35, 35, 40)
      if unitHash(salt, 2, 2) < 0.5, y > 0.82 { colour = SIMD3(200, 60, 40) }
      let logo = Point(x: x - 0.2, y: y - 0.3)
      if logo.length < 0.1 { colour = SIMD3(180, 40, 50) }
      if x > 0.42, x < scene.objectWidth - 0.08, y > 0.25, y < 0.7 {
        let row = Int(y / 0.09)
        if (y / 0.09 - Double(row)) < 0.4, text(x: x, row: row, salt: salt, density: 0.7) { colour = ink }
      }
      return colour
    case .tradingCard:
      let borders: [SIMD3<Double>] = [
        SIMD3(236, 200, 40), SIMD3(200, 200, 205), SIMD3(20, 20, 22), SIMD3(40, 70, 160), SIMD3(180, 40, 40),
      ]
      let border = borders[salt % borders.count]
      let inner = 0.045
      guard depth >= inner else { return border }
      let width = scene.objectWidth
      if y < 0.1 { return y < inner + 0.045 ? SIMD3(238, 232, 210) : border }
      if y < 0.56 {
        if x < inner + 0.01 || x > width - inner - 0.01 || y < 0.11 || y > 0.55 { return SIMD3(90, 80, 60) }
        let sample = picture((x - inner) / (width - 2 * inner), (y - 0.1) / 0.46)
        return SIMD3(sample[0], sample[1], sample[2])
      }
      if y > 0.6, y < 0.9 {
        let row = Int(y / 0.04)
        if (y / 0.04 - Double(row)) < 0.45, x > inner + 0.03, x < width - inner - 0.03,
          text(x: x, row: row, salt: salt, density: 0.75)
        {
          return SIMD3(40, 35, 30)
        }
        return SIMD3(240, 234, 214)
      }
      return border
    default:
      return paperColour(x: x, y: y, salt: salt)
    }
  }

  /// A page: margins, a heading, lines of text (some faint), perhaps a ruled table.
  private func paperColour(x: Double, y: Double, salt: Int) -> SIMD3<Double> {
    let paper = SIMD3<Double>(246, 244, 238)
    let width = scene.objectWidth
    let left = 0.1 * width
    guard x > left, x < width - left, y > 0.08, y < 0.92 else { return paper }
    if y < 0.12 {
      return (y - 0.08) < 0.025 && text(x: x, row: 0, salt: salt, density: 0.6) ? SIMD3(25, 25, 30) : paper
    }
    let ruled = unitHash(salt, 7, 7) < 0.4
    if ruled, y > 0.55, y < 0.8 {
      let cell = (y - 0.55) / 0.05
      if cell - cell.rounded(.down) < 0.04 { return SIMD3(60, 60, 70) }
    }
    let spacing = 0.024
    let row = Int(y / spacing)
    guard y / spacing - Double(row) < 0.45 else { return paper }
    guard text(x: x, row: row, salt: salt, density: 0.82) else { return paper }
    let faint = unitHash(row, salt, 3) < 0.15
    return faint ? SIMD3(170, 168, 165) : SIMD3(40, 40, 48)
  }

  /// Whether `x` falls on a stroke of a word on text row `row`.
  private func text(x: Double, row: Int, salt: Int, density: Double) -> Bool {
    let word = Int(x / 0.06)
    guard unitHash(word, row, salt) < density else { return false }
    let within = x / 0.06 - Double(word)
    guard within > 0.1, within < 0.9 else { return false }
    return (x * 700 + 10 * unitHash(word, row, salt + 1)).truncatingRemainder(dividingBy: 1) < 0.4
  }
}

/// Something lying on a desk around the document, in plane units.
struct ClutterItem {
  enum Shape { case paper, phone, keyboard, pen, mug }
  let shape: Shape
  let centre: Point
  let halfSize: Point
  let angle: Double
  let tone: SIMD3<Double>

  /// Its colour at `point`, or nil when the point is not on it.
  func colour(at point: Point) -> SIMD3<Double>? {
    let d = point - centre
    if shape == .mug {
      let r = d.length
      guard r < halfSize.x else { return nil }
      return r > halfSize.x * 0.8 ? tone : tone * 0.45
    }
    let a = d.x * cos(angle) + d.y * sin(angle)
    let b = -d.x * sin(angle) + d.y * cos(angle)
    guard abs(a) < halfSize.x, abs(b) < halfSize.y else { return nil }
    switch shape {
    case .paper:
      let row = ((b + halfSize.y) / 0.024).truncatingRemainder(dividingBy: 1)
      let inText = abs(a) < halfSize.x * 0.8 && row < 0.4 && (a * 600).truncatingRemainder(dividingBy: 1) < 0.4
      return inText ? SIMD3(60, 60, 70) : tone
    case .keyboard:
      let keyA = ((a + halfSize.x) / 0.05).truncatingRemainder(dividingBy: 1)
      let keyB = ((b + halfSize.y) / 0.05).truncatingRemainder(dividingBy: 1)
      return keyA < 0.12 || keyB < 0.12 ? tone * 0.5 : tone
    default:
      return tone
    }
  }

  /// Five to nine items around (and partly under) a scene's document.
  static func random(seed: UInt64, avoiding scene: StraightenScene) -> [ClutterItem] {
    var random = SeededGenerator(seed: seed ^ 0xC1A5_5E5)
    var items: [ClutterItem] = []
    let reach = max(scene.objectWidth, 1) * 1.6
    for _ in 0..<(5 + Int(random.next() % 5)) {
      let shape = [Shape.paper, .phone, .keyboard, .pen, .mug, .paper][Int(random.next() % 6)]
      // Outside the document, overlapping its edge a little at most.
      var centre = Point.zero
      for _ in 0..<20 {
        centre = Point(x: random.uniform(-reach...reach), y: random.uniform(-reach...reach))
        if abs(centre.x) > scene.objectWidth / 2 + 0.15 || abs(centre.y) > 0.65 { break }
      }
      let halfSize: Point
      var tone: SIMD3<Double>
      switch shape {
      case .paper:
        halfSize = Point(x: random.uniform(0.25...0.4), y: random.uniform(0.3...0.5))
        tone = SIMD3(repeating: random.uniform(225...250))
      case .phone:
        halfSize = Point(x: 0.08, y: 0.16)
        tone = SIMD3(repeating: random.uniform(15...40))
      case .keyboard:
        halfSize = Point(x: 0.5, y: 0.16)
        tone = SIMD3(repeating: random.uniform(40...200))
      case .pen:
        halfSize = Point(x: 0.14, y: 0.006)
        tone = SIMD3(random.uniform(10...200), random.uniform(10...200), random.uniform(10...200))
      case .mug:
        halfSize = Point(x: 0.09, y: 0.09)
        tone = SIMD3(random.uniform(60...240), random.uniform(60...240), random.uniform(60...240))
      }
      items.append(
        ClutterItem(
          shape: shape, centre: centre, halfSize: halfSize, angle: random.uniform(0...Double.pi), tone: tone))
    }
    return items
  }
}
