import Foundation

extension FrameDetector {
  /// A quad made of two near-horizontal and two near-vertical Hough lines, in analysis pixels.
  struct Candidate: Sendable {
    /// The quad.
    var quad: Quad
    /// Fraction of each side (top, right, bottom, left) covered by matching edge pixels.
    var coverage: [Double]
    /// 0...1 per side (top, right, bottom, left): how much the side looks like a frame against
    /// a wall, frame-coloured inside and wall-coloured outside (see ``WallContrast``).
    var wallContrast: [Double]
    /// 0...1: the coverage score (half the mean coverage plus half the weakest side's), scaled
    /// by the wall-contrast score the same way (from half to all of it).
    var confidence: Double
    /// Area in square analysis pixels.
    var area: Double
    /// The analysis image's area, square pixels.
    var imageArea: Double
  }
}

extension FrameDetector.PassThresholds {
  /// Whether a candidate found with looser thresholds also passes these.
  func admits(_ candidate: FrameDetector.Candidate) -> Bool {
    let lengths = candidate.quad.edgeLengths
    let aspect = (lengths[0] + lengths[2]) / max(lengths[1] + lengths[3], 1e-9)
    return candidate.area >= minimumAreaFraction * candidate.imageArea && aspectRange.contains(aspect)
      && (candidate.coverage.min() ?? 0) >= minimumSideCoverage && candidate.confidence >= minimumConfidence
  }
}

extension FrameDetector {
  /// Builds and scores every quad the lines allow.
  struct CandidateSearch {
    let detector: FrameDetector
    let edges: ColorEdges
    let lines: [HoughLine]
    /// Per line: prefix sums of edge hits at unit steps along it, from parameter `-reach`.
    let hitSums: [[Int]]
    /// Per line: prefix sums of the wall contrast at unit steps along it, for the quad lying on
    /// the side the normal points to (`.0`) or the other side (`.1`).
    let contrastSums: [([Double], [Double])]
    let reach: Double
    /// The wall contrast of the analysis image.
    let contrast: WallContrast

    init(detector: FrameDetector, image: AnalysisPlanes, edges: ColorEdges, lines: [HoughLine]) {
      self.detector = detector
      self.edges = edges
      self.lines = lines
      let contrast = WallContrast(image, configuration: detector.configuration)
      self.contrast = contrast
      let reach = (Double(edges.width * edges.width + edges.height * edges.height)).squareRoot() + 2
      self.reach = reach
      let tolerance = Float(detector.configuration.coverageAngleDegrees * .pi / 180)
      let radius = detector.configuration.coverageRadius
      hitSums = lines.map { houghLine in
        let steps = Int(2 * reach) + 1
        var sums = [Int](repeating: 0, count: steps + 1)
        for k in 0..<steps {
          let point = houghLine.line.point(at: Double(k) - reach)
          let x = Int(point.x.rounded())
          let y = Int(point.y.rounded())
          var hit = 0
          if x >= 0, y >= 0, x < edges.width, y < edges.height,
            edges.hasEdge(nearX: x, y: y, radius: radius, normal: houghLine.normalAngle, angleTolerance: tolerance)
          {
            hit = 1
          }
          sums[k + 1] = sums[k] + hit
        }
        return sums
      }
      contrastSums = lines.map { houghLine in
        let steps = Int(2 * reach) + 1
        var positive = [Double](repeating: 0, count: steps + 1)
        var negative = [Double](repeating: 0, count: steps + 1)
        let normal = houghLine.line.normal
        for k in 0..<steps {
          let point = houghLine.line.point(at: Double(k) - reach)
          let (towardNormal, awayFromNormal) = contrast.evidence(at: point, normal: normal)
          positive[k + 1] = positive[k] + towardNormal
          negative[k + 1] = negative[k] + awayFromNormal
        }
        return (positive, negative)
      }
    }

    /// Every quad passing `thresholds`.
    func candidates(_ thresholds: PassThresholds) -> [Candidate] {
      let horizontals = lines.indices.filter { lines[$0].horizontal }
      let verticals = lines.indices.filter { !lines[$0].horizontal }
      let cx = Double(edges.width - 1) / 2
      let cy = Double(edges.height - 1) / 2
      // Height of a near-horizontal line at the centre column; abscissa of a near-vertical one at
      // the centre row: what decides top from bottom and left from right.
      func level(_ index: Int) -> Double {
        let line = lines[index].line
        if lines[index].horizontal {
          return line.point.y + (cx - line.point.x) * line.direction.y / line.direction.x
        }
        return line.point.x + (cy - line.point.y) * line.direction.x / line.direction.y
      }
      let configuration = detector.configuration
      let imageArea = Double(edges.width * edges.height)
      let diagonal = Double(edges.width * edges.width + edges.height * edges.height).squareRoot()
      let tolerance = configuration.cornerOutsideTolerance * diagonal
      let size = PixelSize(width: edges.width, height: edges.height)
      let maximumDeviation = configuration.maximumCornerDeviationDegrees * .pi / 180
      var result: [Candidate] = []
      for (a, first) in horizontals.enumerated() {
        for second in horizontals[(a + 1)...] {
          let (top, bottom) = level(first) < level(second) ? (first, second) : (second, first)
          for (b, third) in verticals.enumerated() {
            for fourth in verticals[(b + 1)...] {
              let (left, right) = level(third) < level(fourth) ? (third, fourth) : (fourth, third)
              guard
                let topLeft = lines[top].line.intersection(with: lines[left].line),
                let topRight = lines[top].line.intersection(with: lines[right].line),
                let bottomRight = lines[bottom].line.intersection(with: lines[right].line),
                let bottomLeft = lines[bottom].line.intersection(with: lines[left].line)
              else { continue }
              let quad = Quad(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
              guard quad.isInside(size, tolerance: tolerance), quad.isConvexClockwise else { continue }
              let area = quad.area
              guard area >= thresholds.minimumAreaFraction * imageArea else { continue }
              let lengths = quad.edgeLengths
              let aspect = (lengths[0] + lengths[2]) / max(lengths[1] + lengths[3], 1e-9)
              guard thresholds.aspectRange.contains(aspect) else { continue }
              guard max(lengths[0], lengths[2]) <= configuration.maximumOppositeSideRatio * min(lengths[0], lengths[2]),
                max(lengths[1], lengths[3]) <= configuration.maximumOppositeSideRatio * min(lengths[1], lengths[3])
              else { continue }
              guard cornerDeviation(quad) <= maximumDeviation else { continue }
              let sideLines = [top, right, bottom, left]
              let coverage = (0..<4).map { side in
                sideAverage(
                  hitSums[sideLines[side]], line: sideLines[side], from: quad.edge(side).start, to: quad.edge(side).end)
              }
              guard let weakest = coverage.min(), weakest >= thresholds.minimumSideCoverage else { continue }
              let centre = quad.centroid
              let contrast = (0..<4).map { side in
                let index = sideLines[side]
                let inward = lines[index].line.signedDistance(to: centre) > 0
                return sideAverage(
                  inward ? contrastSums[index].0 : contrastSums[index].1, line: index, from: quad.edge(side).start,
                  to: quad.edge(side).end)
              }
              let confidence = score(coverage) * (0.5 + 0.5 * score(contrast))
              guard confidence >= thresholds.minimumConfidence else { continue }
              result.append(
                Candidate(
                  quad: quad, coverage: coverage, wallContrast: contrast, confidence: confidence, area: area,
                  imageArea: imageArea))
            }
          }
        }
      }
      return result
    }

    /// The largest departure of an interior angle from 90 degrees, radians.
    private func cornerDeviation(_ quad: Quad) -> Double {
      (0..<4).map { index in
        let previous = quad.corner(index + 3) - quad.corner(index)
        let next = quad.corner(index + 1) - quad.corner(index)
        let cosine = previous.normalized.dot(next.normalized)
        return abs(acos(max(-1, min(1, cosine))) - .pi / 2)
      }.max() ?? .pi
    }

    /// Half the mean of four per-side scores plus half the weakest.
    private func score(_ sides: [Double]) -> Double {
      0.5 * sides.reduce(0, +) / Double(sides.count) + 0.5 * (sides.min() ?? 0)
    }

    /// The mean of a per-step quantity of line `index` (given as prefix sums) over the middle
    /// 90 % of its segment `start`-`end`.
    private func sideAverage(_ sums: [Double], line index: Int, from start: Point, to end: Point) -> Double {
      guard let steps = middleSteps(line: index, from: start, to: end, count: sums.count - 1) else { return 0 }
      return (sums[steps.upperBound + 1] - sums[steps.lowerBound]) / Double(steps.count)
    }

    /// The fraction of the segment `start`-`end` of line `index` (its middle 90 %) with an edge.
    private func sideAverage(_ sums: [Int], line index: Int, from start: Point, to end: Point) -> Double {
      guard let steps = middleSteps(line: index, from: start, to: end, count: sums.count - 1) else { return 0 }
      return Double(sums[steps.upperBound + 1] - sums[steps.lowerBound]) / Double(steps.count)
    }

    /// The steps (of `count` along line `index`) in the middle 90 % of its segment `start`-`end`,
    /// or nil when none are.
    private func middleSteps(line index: Int, from start: Point, to end: Point, count: Int) -> ClosedRange<Int>? {
      let line = lines[index].line
      var t0 = line.parameter(of: start)
      var t1 = line.parameter(of: end)
      if t0 > t1 { swap(&t0, &t1) }
      let trim = 0.05 * (t1 - t0)
      let first = max(0, Int((t0 + trim + reach).rounded(.up)))
      let last = min(count - 1, Int((t1 - trim + reach).rounded(.down)))
      return last >= first ? first...last : nil
    }
  }

  /// The canvas inside `frame`: among the candidates inside it whose sides are parallel to the
  /// frame's and whose insets from it are about equal once the perspective is undone (a
  /// moulding is equally wide all round; a door or window painted in the picture is not), the
  /// innermost of those within the tie tolerance of the best confidence (the moulding's own
  /// ridges are concentric too, and lie outside the canvas).
  func choosePainting(inside frame: Candidate, from candidates: [Candidate]) -> Candidate? {
    let maximumAngle = configuration.paintingMaximumAngleDegrees * .pi / 180
    let inner = candidates.filter { candidate in
      guard candidate.area >= configuration.paintingMinimumAreaFraction * frame.area,
        candidate.area <= configuration.paintingMaximumAreaFraction * frame.area,
        candidate.quad.corners.allSatisfy({ frame.quad.contains($0) })
      else { return false }
      for side in 0..<4 {
        let frameEdge = frame.quad.edge(side)
        let innerEdge = candidate.quad.edge(side)
        let frameLine = Line(through: frameEdge.start, frameEdge.end)
        guard frameLine.angle(to: Line(through: innerEdge.start, innerEdge.end)) <= maximumAngle else { return false }
      }
      return hasEvenInsets(candidate.quad, inside: frame.quad)
    }
    guard let best = inner.map(\.confidence).max() else { return nil }
    return inner.filter { $0.confidence >= best - configuration.tieTolerance }.min { $0.area < $1.area }
  }

  /// Whether `inner`'s four insets from `outer` (top, right, bottom, left), measured with the
  /// perspective undone, are all positive and about equal: the widest at most
  /// `paintingMaximumInsetRatio` times the narrowest (a moulding is equally wide all round).
  func hasEvenInsets(_ inner: Quad, inside outer: Quad) -> Bool {
    let unitSquare = Quad(rectangleFrom: Point(x: 0, y: 0), to: Point(x: 1, y: 1))
    guard let rectify = try? Homography(from: outer, to: unitSquare) else { return false }
    let aspect = ProportionEstimator.edgeLengthAspect(outer)
    let flat = inner.map(rectify.map)
    let insets = [
      (flat.topLeft.y + flat.topRight.y) / 2, aspect * (1 - (flat.topRight.x + flat.bottomRight.x) / 2),
      1 - (flat.bottomLeft.y + flat.bottomRight.y) / 2, aspect * (flat.topLeft.x + flat.bottomLeft.x) / 2,
    ]
    guard let narrowest = insets.min(), let widest = insets.max(), narrowest > 0.002 else { return false }
    return widest <= configuration.paintingMaximumInsetRatio * narrowest
  }
}

extension Quad {
  /// Whether `point` lies inside the (convex) quad or on its boundary.
  public func contains(_ point: Point) -> Bool {
    var sign = 0.0
    for index in 0..<4 {
      let (start, end) = edge(index)
      let turn = (end - start).cross(point - start)
      if turn == 0 { continue }
      if sign == 0 {
        sign = turn
      } else if (turn > 0) != (sign > 0) {
        return false
      }
    }
    return true
  }
}
