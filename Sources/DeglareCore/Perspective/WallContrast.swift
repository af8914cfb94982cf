// What makes the outer edge of a frame different from every other straight edge near it: wall
// outside, something that is not wall inside. Inner mat and moulding edges have frame on both
// sides; a joint in the wall panelling or the edge of a cast shadow has wall on both sides (a
// shadow is the wall's colour, darker). So each side of a candidate is scored by how close the
// band outside it is to the wall colour and how far the band inside gets from it (the farthest
// sample: a frame's outer lip can be pale, what lies behind it is not), with darkening down to
// a third of the wall's brightness not counted as a difference. An edge whose inner side right
// next to it is its outer side darkened, same hue, is a shadow's edge and scores nothing.

/// Scores how much a straight edge looks like a frame against the wall, on an analysis image.
struct WallContrast {
  let image: AnalysisPlanes
  /// The wall colour: the per-plane median of the image's border band.
  let wall: [Float]
  private let wallSquaredNorm: Float
  private let wallNorm: Float
  private let outsideOffsets: ClosedRange<Int>
  private let nearInsideOffsets: ClosedRange<Int>
  private let shadowCeiling: Float
  private let shadowHue: Float
  private let insideOffsets: ClosedRange<Int>
  private let scale: Float
  private let darkestShadow: Float
  private let brightestWall: Float

  init(_ image: AnalysisPlanes, configuration: FrameDetector.Configuration) {
    self.image = image
    outsideOffsets = configuration.wallOutsideBand
    insideOffsets = configuration.wallInsideBand
    nearInsideOffsets = configuration.shadowBand
    shadowCeiling = configuration.shadowBrightest
    shadowHue = configuration.shadowHueTolerance
    scale = configuration.wallContrastScale
    darkestShadow = configuration.wallDarkestShadow
    brightestWall = configuration.wallBrightest
    let band = max(1, Int((Double(min(image.width, image.height)) * configuration.wallBorderFraction).rounded()))
    var wall: [Float] = []
    for plane in image.planes {
      var values: [Float] = []
      for y in 0..<image.height {
        for x in 0..<image.width where x < band || y < band || x >= image.width - band || y >= image.height - band {
          values.append(plane[y * image.width + x])
        }
      }
      values.sort()
      wall.append(values.isEmpty ? 0 : values[values.count / 2])
    }
    self.wall = wall
    wallSquaredNorm = max(1, wall.reduce(0) { $0 + $1 * $1 })
    wallNorm = wallSquaredNorm.squareRoot()
  }

  /// How far `colour` is from the wall, in 8-bit levels: the part of it that is not a
  /// multiple of the wall colour, plus any brightness outside the range a lit or shadowed wall
  /// takes.
  func distance(_ colour: [Float]) -> Float {
    let shade = Shade(of: colour, against: wall, squaredNorm: wallSquaredNorm)
    let brightness = max(0, shade.brightness - brightestWall, darkestShadow - shade.brightness) * wallNorm
    return shade.hueDistance + brightness
  }

  /// The evidence (0...1) that the edge through `point` with unit `normal` is a frame edge, for a
  /// frame lying toward `normal` and for one lying away from it.
  func evidence(at point: Point, normal: Point) -> (towardNormal: Double, awayFromNormal: Double) {
    guard let outsidePlus = bandColour(point, normal, 1, outsideOffsets),
      let outsideMinus = bandColour(point, normal, -1, outsideOffsets)
    else { return (0, 0) }
    var towardNormal = score(inside: farthest(point, normal, 1), outside: distance(outsideMinus))
    var awayFromNormal = score(inside: farthest(point, normal, -1), outside: distance(outsidePlus))
    if let nearPlus = bandColour(point, normal, 1, nearInsideOffsets), isShadow(nearPlus, of: outsideMinus) {
      towardNormal = 0
    }
    if let nearMinus = bandColour(point, normal, -1, nearInsideOffsets), isShadow(nearMinus, of: outsidePlus) {
      awayFromNormal = 0
    }
    return (Double(towardNormal), Double(awayFromNormal))
  }

  /// Whether `colour` is `reference` darkened, hue kept: the inner side of a cast shadow's edge.
  func isShadow(_ colour: [Float], of reference: [Float]) -> Bool {
    let squaredNorm = reference.reduce(0) { $0 + $1 * $1 }
    guard squaredNorm > 1 else { return false }
    let shade = Shade(of: colour, against: reference, squaredNorm: squaredNorm)
    return shade.brightness >= darkestShadow && shade.brightness <= shadowCeiling
      && shade.hueDistance <= shadowHue * squaredNorm.squareRoot()
  }

  private func score(inside: Float, outside: Float) -> Float {
    let difference = min(1, max(0, (inside - outside) / scale))
    let outsideIsWall = min(1, max(0, 1 - outside / scale))
    return difference * outsideIsWall
  }

  /// The largest wall distance of the samples `insideOffsets` pixels from `point` on the `sign`
  /// side of `normal`.
  private func farthest(_ point: Point, _ normal: Point, _ sign: Double) -> Float {
    var result: Float = 0
    forEachSample(point, normal, sign, insideOffsets) { index in
      result = max(result, distance(at: index))
    }
    return result
  }

  /// ``distance(_:)`` of the colour at `index` of the planes, read in place instead of gathered
  /// into an array per sample (the same arithmetic as ``Shade`` and ``distance(_:)``).
  private func distance(at index: Int) -> Float {
    let planes = image.planes
    var dot: Float = 0
    for plane in 0..<min(planes.count, wall.count) { dot += planes[plane][index] * wall[plane] }
    let alpha = dot / wallSquaredNorm
    var residual: Float = 0
    for plane in 0..<min(planes.count, wall.count) {
      let value = planes[plane][index]
      residual += (value - alpha * wall[plane]) * (value - alpha * wall[plane])
    }
    let brightness = max(0, alpha - brightestWall, darkestShadow - alpha) * wallNorm
    return residual.squareRoot() + brightness
  }

  /// The mean colour of the samples `offsets` pixels from `point` on the `sign` side of
  /// `normal`; nil when they all leave the image.
  private func bandColour(_ point: Point, _ normal: Point, _ sign: Double, _ offsets: ClosedRange<Int>) -> [Float]? {
    var sum = [Float](repeating: 0, count: image.planes.count)
    var count: Float = 0
    forEachSample(point, normal, sign, offsets) { index in
      for plane in 0..<image.planes.count { sum[plane] += image.planes[plane][index] }
      count += 1
    }
    guard count > 0 else { return nil }
    for plane in sum.indices { sum[plane] /= count }
    return sum
  }

  /// Calls `body` with the index (`y * width + x`) of each sample `offsets` pixels from `point`
  /// on the `sign` side of `normal` (rounded to the nearest pixel), nearest first, skipping those
  /// outside the image.
  private func forEachSample(
    _ point: Point, _ normal: Point, _ sign: Double, _ offsets: ClosedRange<Int>, _ body: (Int) -> Void
  ) {
    for offset in offsets {
      let sample = point + normal * (sign * Double(offset))
      let x = Int(sample.x.rounded())
      let y = Int(sample.y.rounded())
      guard x >= 0, y >= 0, x < image.width, y < image.height else { continue }
      body(y * image.width + x)
    }
  }
}

/// A colour seen as a shade of a reference colour (one value per plane, both): the multiple of
/// the reference nearest to it, and how far it is from that multiple. A shadow on the wall is the
/// wall's colour at a brightness below 1 with a small hue distance.
struct Shade {
  /// The multiple of the reference nearest to the colour (1: as bright as the reference).
  let brightness: Float
  /// The length of the colour minus `brightness` times the reference, in the planes' units.
  let hueDistance: Float

  /// Projects `colour` on `reference`, whose squared length is `squaredNorm` (> 0).
  init(of colour: [Float], against reference: [Float], squaredNorm: Float) {
    var dot: Float = 0
    for (value, referenceValue) in zip(colour, reference) { dot += value * referenceValue }
    let alpha = dot / squaredNorm
    var residual: Float = 0
    for (value, referenceValue) in zip(colour, reference) {
      residual += (value - alpha * referenceValue) * (value - alpha * referenceValue)
    }
    brightness = alpha
    hueDistance = residual.squareRoot()
  }
}
