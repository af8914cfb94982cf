import Foundation

// The region half of `--target document`: a sheet, a receipt or a card is one piece of paper
// whose inside has no strong edge across it except its print, and whose outline is a closed,
// strong edge against the table. So the analysis image is cut along its strong gradients; the
// pieces near the photo's centre are candidates; each is filled (its print becomes holes, the
// holes are filled), its outline split among four sides by the extreme points along the
// diagonals, and a robust line fitted to each side. A piece is a document when its outline lies
// on those four lines and fills the quad they make: a patch of table that leaks round a
// clutter item, or a piece of a picture, does neither.

extension FrameDetector {
  /// Tunables of the region search for documents.
  public struct DocumentConfiguration: Sendable, Equatable {
    /// A pixel whose colour gradient (levels per analysis pixel, as ``ColorEdges/strength``)
    /// reaches this cuts the regions.
    public var barrierStrength: Float = 4
    /// The candidates are the regions met within this fraction of the photo's shorter side
    /// around its centre.
    public var seedRadiusFraction = 0.04
    /// The smallest region kept, as a fraction of the analysis image's area.
    public var minimumAreaFraction = 0.01
    /// The outline's points nearer a rough corner than this fraction of the side's length are
    /// left out of the side's line fit (rounded corners).
    public var cornerExclusion = 0.12
    /// An outline point within this many analysis pixels of the fitted quad is on it.
    public var outlineTolerance = 1.8
    /// The robust line fit on each side's outline points.
    public var lineFit = LineFit.Configuration(
      iterations: 4, trimSigmas: 2.5, minimumTolerance: 1.0, minimumInlierFraction: 0.5)
    /// The smallest region score (outline on the quad times the quad filled) a region quad
    /// needs to be used.
    public var minimumScore = 0.8
    /// When the region's quad lies inside the edge search's and the edge search is at least this
    /// sure, the edge quad is kept (a band of colour across a card stops the region).
    public var edgeKeepsConfidence = 0.3
    /// The side of the square closing the region's mask over the thin cuts between joined
    /// pieces, analysis pixels (odd).
    public var closingSize = 7
    /// How far outside a side (analysis pixels) the piece to join is looked for.
    public var joinReach = 8
    /// The share of a side's samples one piece must take to be joined across it.
    public var joinSideShare = 0.7
    /// The most pieces joined to the first.
    public var maximumJoins = 3
    /// A piece is joined only when its mean colour differs from the table's just outside the
    /// union by at least this much (RGB distance, 8-bit levels).
    public var joinMinimumContrast = 40.0

    /// The defaults.
    public init() {}
  }

  /// A quad found from a region, analysis coordinates, with its score (0...1): the share of the
  /// region's outline lying on the quad times the share of the quad the region fills.
  struct DocumentRegion {
    var quad: Quad
    var score: Double
  }

  /// The best document region near the centre of `image` (the blurred analysis planes), cut
  /// along the strong gradients of `edges`; nil when no region makes a good quad.
  func documentRegion(_ image: AnalysisPlanes, edges: ColorEdges) -> DocumentRegion? {
    let settings = configuration.document
    let width = image.width
    let height = image.height
    let open = edges.strength.map { $0 < settings.barrierStrength }
    let pieces = ConnectedComponents(width: width, height: height, connectivity: .four, foreground: open)
    // The pieces round the centre: those met near it, and those whose box holds it (the sheet's
    // margins round a block of print at the centre).
    let radius = max(1, Int(settings.seedRadiusFraction * Double(min(width, height))))
    var seen = Set<Int32>()
    for y in stride(from: height / 2 - radius, through: height / 2 + radius, by: 2) {
      for x in stride(from: width / 2 - radius, through: width / 2 + radius, by: 2)
      where x >= 0 && y >= 0 && x < width && y < height {
        let label = pieces.labels[y * width + x]
        if label != 0 { seen.insert(label) }
      }
    }
    for (index, piece) in pieces.components.enumerated()
    where piece.minX < width / 2 && piece.maxX > width / 2 && piece.minY < height / 2 && piece.maxY > height / 2 {
      seen.insert(Int32(index + 1))
    }
    let minimumArea = settings.minimumAreaFraction * Double(width * height)
    var best: DocumentRegion?
    for label in seen.sorted() where Self.isInterior(label, of: pieces) {
      guard Double(pieces.components[Int(label) - 1].area) >= minimumArea,
        var region = fitRegion([label], pieces: pieces, settings: settings)
      else { continue }
      var members: Set<Int32> = [label]
      // A band of another colour across the document (a card's coloured strip) is a piece of
      // its own: joined when the union still makes a clean quad.
      for _ in 0..<settings.maximumJoins {
        guard let joined = join(region, image: image, members: members, pieces: pieces, settings: settings) else {
          break
        }
        region = joined.region
        members = joined.members
      }
      if region.score > best?.score ?? -1 { best = region }
    }
    guard let best, best.score >= settings.minimumScore else { return nil }
    return best
  }

  /// Whether piece `label` stays clear of the photo's border (one that touches it is the table,
  /// or a document not wholly in view).
  private static func isInterior(_ label: Int32, of pieces: ConnectedComponents) -> Bool {
    let piece = pieces.components[Int(label) - 1]
    return piece.minX > 0 && piece.minY > 0 && piece.maxX < pieces.width - 1 && piece.maxY < pieces.height - 1
  }

  /// The region grown by the interior piece lying just outside one of its sides along most of
  /// that side, when the union makes a good quad; the best such, nil when none.
  private func join(
    _ region: DocumentRegion, image: AnalysisPlanes, members: Set<Int32>, pieces: ConnectedComponents,
    settings: DocumentConfiguration
  ) -> (region: DocumentRegion, members: Set<Int32>)? {
    let centre = region.quad.centroid
    var best: (region: DocumentRegion, members: Set<Int32>)?
    for side in 0..<4 {
      let (start, end) = region.quad.edge(side)
      var normal = (end - start).normalized.perpendicular
      if normal.dot((start + end) / 2 - centre) < 0 { normal = normal * -1 }
      var counts: [Int32: Int] = [:]
      let samples = 20
      for step in 0..<samples {
        let base = start + (end - start) * (0.15 + 0.7 * Double(step) / Double(samples - 1))
        for offset in 2...settings.joinReach {
          let point = base + normal * Double(offset)
          let x = Int(point.x.rounded())
          let y = Int(point.y.rounded())
          guard x >= 0, y >= 0, x < pieces.width, y < pieces.height else { break }
          let label = pieces.labels[y * pieces.width + x]
          if label != 0, !members.contains(label) {
            counts[label, default: 0] += 1
            break
          }
        }
      }
      guard let (label, count) = counts.max(by: { $0.value < $1.value }),
        Double(count) >= settings.joinSideShare * Double(samples), Self.isInterior(label, of: pieces)
      else { continue }
      let grown = members.union([label])
      guard let joined = fitRegion(grown, pieces: pieces, settings: settings), joined.score >= settings.minimumScore,
        joined.quad.area > region.quad.area, joined.score > best?.region.score ?? -1
      else { continue }
      // A patch of the table cut off by its grain or a seam looks like the table round the
      // union; a band across a card does not.
      let outside = Self.meanColour(image, around: joined.quad, reach: settings.joinReach)
      let piece = Self.meanColour(image, of: label, in: pieces)
      let difference = zip(outside, piece).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
      guard difference >= settings.joinMinimumContrast else { continue }
      best = (joined, grown)
    }
    return best
  }

  /// The mean colour of piece `label`.
  private static func meanColour(_ image: AnalysisPlanes, of label: Int32, in pieces: ConnectedComponents) -> [Double] {
    let box = pieces.components[Int(label) - 1]
    var sums = [Double](repeating: 0, count: image.planes.count)
    var count = 0
    for y in box.minY...box.maxY {
      for x in box.minX...box.maxX where pieces.labels[y * pieces.width + x] == label {
        for plane in image.planes.indices { sums[plane] += Double(image.planes[plane][y * image.width + x]) }
        count += 1
      }
    }
    return sums.map { $0 / Double(max(count, 1)) }
  }

  /// The mean colour of a band `reach` analysis pixels wide just outside `quad`.
  private static func meanColour(_ image: AnalysisPlanes, around quad: Quad, reach: Int) -> [Double] {
    let centre = quad.centroid
    var sums = [Double](repeating: 0, count: image.planes.count)
    var count = 0
    for side in 0..<4 {
      let (start, end) = quad.edge(side)
      var normal = (end - start).normalized.perpendicular
      if normal.dot((start + end) / 2 - centre) < 0 { normal = normal * -1 }
      let steps = max(2, Int(start.distance(to: end) / 2))
      for step in 0..<steps {
        let base = start + (end - start) * (0.1 + 0.8 * Double(step) / Double(steps - 1))
        for offset in stride(from: 4, through: 4 + reach, by: 2) {
          let point = base + normal * Double(offset)
          let x = Int(point.x.rounded())
          let y = Int(point.y.rounded())
          guard x >= 0, y >= 0, x < image.width, y < image.height else { continue }
          for plane in image.planes.indices { sums[plane] += Double(image.planes[plane][y * image.width + x]) }
          count += 1
        }
      }
    }
    return sums.map { $0 / Double(max(count, 1)) }
  }

  /// The quad fitted to the union of `members`, closed over the thin cuts between them and
  /// with its holes filled; nil when the outline makes no quad.
  private func fitRegion(
    _ members: Set<Int32>, pieces: ConnectedComponents, settings: DocumentConfiguration
  ) -> DocumentRegion? {
    let boxes = members.map { pieces.components[Int($0) - 1] }
    guard let minX = boxes.map(\.minX).min(), let minY = boxes.map(\.minY).min(),
      let maxX = boxes.map(\.maxX).max(), let maxY = boxes.map(\.maxY).max()
    else { return nil }
    // The box with a frame of outside round it, wide enough for the closing.
    let pad = settings.closingSize + 2
    let width = maxX - minX + 1 + 2 * pad
    let height = maxY - minY + 1 + 2 * pad
    var mask = Plane<UInt8>(width: width, height: height, repeating: 0)
    for y in minY...maxY {
      for x in minX...maxX where members.contains(pieces.labels[y * pieces.width + x]) {
        mask.values[(y - minY + pad) * width + x - minX + pad] = 1
      }
    }
    mask = Morphology.close(mask, size: settings.closingSize)
    // Outside pieces not reaching the frame are holes.
    let gaps = ConnectedComponents(
      width: width, height: height, connectivity: .four, foreground: mask.values.map { $0 == 0 })
    let frameLabel = gaps.labels[0]
    let inside = gaps.labels.map { $0 != frameLabel }
    let area = inside.reduce(0) { $0 + ($1 ? 1 : 0) }
    var points: [Point] = []
    for y in 1..<(height - 1) {
      for x in 1..<(width - 1) where inside[y * width + x] {
        let index = y * width + x
        if !inside[index - 1] || !inside[index + 1] || !inside[index - width] || !inside[index + width] {
          points.append(Point(x: Double(x + minX - pad), y: Double(y + minY - pad)))
        }
      }
    }
    return fitQuad(points, filledArea: area, settings: settings)
  }

  /// Four robust lines through the outline, split among the sides by the extreme points along
  /// the diagonals, and how well the quad they make explains the region.
  private func fitQuad(_ points: [Point], filledArea: Int, settings: DocumentConfiguration) -> DocumentRegion? {
    guard points.count >= 16 else { return nil }
    func extreme(_ key: (Point) -> Double) -> Point {
      points.max { key($0) < key($1) } ?? .zero
    }
    let rough = Quad(
      topLeft: extreme { -$0.x - $0.y }, topRight: extreme { $0.x - $0.y }, bottomRight: extreme { $0.x + $0.y },
      bottomLeft: extreme { -$0.x + $0.y })
    guard rough.isConvexClockwise else { return nil }
    var lines: [Line] = []
    for side in 0..<4 {
      let (start, end) = rough.edge(side)
      let length = start.distance(to: end)
      guard length > 4 else { return nil }
      let axis = Line(through: start, end)
      let near = points.filter { point in
        let along = axis.parameter(of: point) / length
        return along > settings.cornerExclusion && along < 1 - settings.cornerExclusion
          && abs(axis.signedDistance(to: point)) < 0.15 * length
      }
      guard let fit = LineFit.robust(near, configuration: settings.lineFit) else { return nil }
      lines.append(fit.line)
    }
    var corners: [Point] = []
    for side in 0..<4 {
      guard let corner = lines[(side + 3) % 4].intersection(with: lines[side]) else { return nil }
      corners.append(corner)
    }
    let quad = Quad(corners)
    guard quad.isConvexClockwise, quad.area > 0 else { return nil }
    let on = points.filter { point in
      (0..<4).contains { side in
        let (start, end) = quad.edge(side)
        return Self.segmentDistance(point, start, end) <= settings.outlineTolerance
      }
    }
    let outlineShare = Double(on.count) / Double(points.count)
    let fill = min(1, Double(filledArea) / quad.area)
    return DocumentRegion(quad: quad, score: outlineShare * fill)
  }

  /// The distance from `point` to the segment from `start` to `end`.
  static func segmentDistance(_ point: Point, _ start: Point, _ end: Point) -> Double {
    let direction = end - start
    let squared = direction.dot(direction)
    guard squared > 0 else { return point.distance(to: start) }
    let t = min(1, max(0, (point - start).dot(direction) / squared))
    return point.distance(to: start + direction * t)
  }
}
