import Foundation

extension FrameDetector {
  /// One straight line found by the Hough transform, in analysis pixels.
  struct HoughLine: Sendable {
    /// The line.
    var line: Line
    /// The angle of its normal, radians in [0, pi).
    var normalAngle: Float
    /// Votes (edge pixels along it).
    var votes: Int
    /// Whether it is near-horizontal (else near-vertical).
    var horizontal: Bool
  }

  /// Near-horizontal and near-vertical lines of the edge map, strongest first, at most
  /// `linesPerFamily` of each.
  /// With `region`, only edge pixels inside it vote (the canvas is searched inside the frame).
  func houghLines(_ edges: ColorEdges, region: Quad? = nil) -> [HoughLine] {
    horizontalOrVerticalLines(edges, horizontal: true, region: region)
      + horizontalOrVerticalLines(edges, horizontal: false, region: region)
  }

  private func horizontalOrVerticalLines(_ edges: ColorEdges, horizontal: Bool, region: Quad?) -> [HoughLine] {
    let step = configuration.angleStepDegrees * .pi / 180
    let maximumTilt = configuration.maximumTiltDegrees * .pi / 180
    let voteWindow = configuration.voteAngleDegrees * .pi / 180
    let angleBins = Int((2 * maximumTilt / step).rounded()) + 1
    let centreAngle = horizontal ? Double.pi / 2 : 0
    let cx = Double(edges.width - 1) / 2
    let cy = Double(edges.height - 1) / 2
    let halfDiagonal = (cx * cx + cy * cy).squareRoot() + 2
    let rhoBins = Int(2 * halfDiagonal) + 1
    let cosines = (0..<angleBins).map { cos(centreAngle - maximumTilt + Double($0) * step) }
    let sines = (0..<angleBins).map { sin(centreAngle - maximumTilt + Double($0) * step) }
    var accumulator = [Int32](repeating: 0, count: angleBins * rhoBins)
    for y in 0..<edges.height {
      for x in 0..<edges.width where edges.isEdge[y * edges.width + x] {
        if let region, !region.contains(Point(x: Double(x), y: Double(y))) { continue }
        // The pixel's normal relative to the family's centre angle, folded to (-pi/2, pi/2].
        var delta = Double(edges.normalAngle[y * edges.width + x]) - centreAngle
        while delta > .pi / 2 { delta -= .pi }
        while delta <= -.pi / 2 { delta += .pi }
        guard abs(delta) <= maximumTilt + voteWindow else { continue }
        let first = max(0, Int(((delta - voteWindow + maximumTilt) / step).rounded(.up)))
        let last = min(angleBins - 1, Int(((delta + voteWindow + maximumTilt) / step).rounded(.down)))
        guard first <= last else { continue }
        let dx = Double(x) - cx
        let dy = Double(y) - cy
        for bin in first...last {
          let rho = dx * cosines[bin] + dy * sines[bin]
          let rhoBin = Int((rho + halfDiagonal).rounded())
          if rhoBin >= 0 && rhoBin < rhoBins { accumulator[bin * rhoBins + rhoBin] += 1 }
        }
      }
    }
    let minimumVotes = Int32(0.06 * Double(min(edges.width, edges.height)))
    var peaks: [(bin: Int, votes: Int32)] = []
    for index in accumulator.indices where accumulator[index] >= max(minimumVotes, 3) {
      peaks.append((index, accumulator[index]))
    }
    peaks.sort { $0.votes > $1.votes }
    let separationBins = Int((configuration.peakSeparationDegrees * .pi / 180 / step).rounded())
    let separationRho = configuration.peakSeparationPixels
    // Peaks in vote order, each re-fitted; a line that lands within `lineDuplicateDistance` of
    // one already kept across the whole image is the same edge found twice (a moulding's ridges
    // give many near-identical peaks) and does not use up a place.
    var seen: [(angleBin: Int, rho: Double)] = []
    var result: [HoughLine] = []
    let span = [
      Point(x: 0, y: 0), Point(x: Double(edges.width - 1), y: 0), Point(x: 0, y: Double(edges.height - 1)),
      Point(x: Double(edges.width - 1), y: Double(edges.height - 1)),
    ]
    for peak in peaks {
      let angleBin = peak.bin / rhoBins
      let rho = Double(peak.bin % rhoBins) - halfDiagonal
      let isolated = seen.allSatisfy { other in
        abs(other.angleBin - angleBin) > separationBins || abs(other.rho - rho) > separationRho
      }
      guard isolated else { continue }
      seen.append((angleBin, rho))
      let angle = centreAngle - maximumTilt + Double(angleBin) * step
      let normal = Point(x: cos(angle), y: sin(angle))
      let point = Point(x: cx, y: cy) + normal * rho
      let hough = Line(point: point, direction: normal.perpendicular)
      let line = refitted(hough, edges: edges) ?? hough
      let duplicate = result.contains { kept in
        span.allSatisfy { corner in
          let there = kept.line.point(at: kept.line.parameter(of: corner))
          return abs(line.signedDistance(to: there)) <= configuration.lineDuplicateDistance
        }
      }
      guard !duplicate else { continue }
      // A moulding's ridges give many parallel lines close together: keep only a few per band
      // so the far side of the frame still gets its place.
      let level = line.signedDistance(to: Point(x: cx, y: cy))
      let crowded = result.filter { kept in
        abs(abs(kept.line.signedDistance(to: Point(x: cx, y: cy))) - abs(level)) <= configuration.lineBandPixels / 2
          && (kept.line.signedDistance(to: Point(x: cx, y: cy)) > 0) == (level > 0)
      }.count
      guard crowded < configuration.maximumLinesPerBand else { continue }
      var folded = atan2(line.normal.y, line.normal.x)
      if folded < 0 { folded += .pi }
      if folded >= .pi { folded -= .pi }
      result.append(HoughLine(line: line, normalAngle: Float(folded), votes: Int(peak.votes), horizontal: horizontal))
      if result.count >= configuration.linesPerFamily { break }
    }
    return result
  }

  /// The line re-fitted by least squares to the edge pixels within `lineSupportDistance` of it
  /// whose normals agree with it: the Hough bins quantise the angle, and a quarter of a degree
  /// is more than a pixel at the end of a long side.
  private func refitted(_ line: Line, edges: ColorEdges) -> Line? {
    let tolerance = Float(configuration.coverageAngleDegrees * .pi / 180)
    var normalAngle = Float(atan2(line.normal.y, line.normal.x))
    if normalAngle < 0 { normalAngle += .pi }
    let reach = Double(edges.width + edges.height)
    var points: [Point] = []
    var t = -reach
    while t <= reach {
      let centre = line.point(at: t)
      t += 1
      let x = Int(centre.x.rounded())
      let y = Int(centre.y.rounded())
      guard x >= -2, y >= -2, x < edges.width + 2, y < edges.height + 2 else { continue }
      let radius = Int(configuration.lineSupportDistance.rounded(.up))
      for dy in -radius...radius {
        for dx in -radius...radius {
          let xx = x + dx
          let yy = y + dy
          guard xx >= 0, yy >= 0, xx < edges.width, yy < edges.height, edges.isEdge[yy * edges.width + xx] else {
            continue
          }
          var difference = abs(edges.normalAngle[yy * edges.width + xx] - normalAngle)
          if difference > .pi / 2 { difference = .pi - difference }
          guard difference <= tolerance else { continue }
          let candidate = Point(x: Double(xx), y: Double(yy))
          if abs(line.signedDistance(to: candidate)) <= configuration.lineSupportDistance { points.append(candidate) }
        }
      }
    }
    let unique = Array(Set(points))
    guard unique.count >= 8, let fit = LineFit.robust(unique, configuration: configuration.refineLineFit) else {
      return nil
    }
    guard fit.line.angle(to: line) <= configuration.lineRefitMaximumTurnDegrees * .pi / 180 else { return nil }
    return fit.line
  }
}
