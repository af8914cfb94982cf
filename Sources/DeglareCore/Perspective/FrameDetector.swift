// Finds the outer edge of a framed picture in a photo, with no learned model:
// 1. lines: a colour Hough transform on a ~1000-pixel copy (a gilt frame can be as light as a
//    white wall, so edges are found in colour), each peak re-fitted to its edge pixels;
// 2. quads from pairs of near-horizontal and near-vertical lines, scored by how much of each side
//    real edges cover and by wall contrast (wall outside, not wall inside; a cast shadow's edge
//    scores nothing), chosen by confidence with area as the tie-breaker, so the outer frame edge
//    beats an inner mat edge, and a fully covered concentric quad around the choice replaces it;
//    a strict pass first, the permissive one when the strict finds nothing;
// 3. every side re-fitted at full resolution from colour profiles across it (the outermost strong
//    edge with something other than wall behind it), with a robust line fit, twice.
// `--target painting` repeats step 2 among the edges inside the frame. When nothing qualifies, a
// centred quad comes back with a warning, so a caller never dead-ends.

/// Which rectangle to find.
public enum FrameTarget: String, Sendable, CaseIterable {
  /// The outer edge of the frame, against the wall.
  case frame
  /// The canvas inside the frame.
  case painting
}

/// What the detector found, in canonical full-resolution coordinates.
public struct FrameDetection: Sendable, Equatable {
  /// How the quad was obtained.
  public enum Source: String, Sendable {
    /// The first, strict pass.
    case strict
    /// The permissive second pass.
    case permissive
    /// Nothing qualified: a centred quad.
    case fallback
  }

  /// The quad, top-left first, clockwise on screen.
  public var quad: Quad
  /// 0...1: the edge coverage of the four sides, scaled by their wall contrast and by the share of
  /// full-resolution profiles the side fits kept (each factor from half to all of it); 0 for the
  /// fallback.
  public var confidence: Double
  /// Which pass produced it.
  public var source: Source
  /// Messages for the user (the fallback, a painting not found inside the frame).
  public var warnings: [String]

  /// Creates a detection.
  public init(quad: Quad, confidence: Double, source: Source, warnings: [String] = []) {
    self.quad = quad
    self.confidence = confidence
    self.source = source
    self.warnings = warnings
  }

  /// Whether a real edge was found (not the fallback).
  public var found: Bool { source != .fallback }
}

/// Finds the frame (or the painting) of a photographed picture.
public struct FrameDetector: Sendable {
  /// The tunables.
  public var configuration: Configuration

  /// Creates a detector.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Detects the quad of `target` in `image` (any layout and depth).
  public func detect(in image: ImageBuffer, target: FrameTarget = .frame) -> FrameDetection {
    let analysis = AnalysisPlanes(image, longSide: configuration.analysisLongSide)
    guard analysis.width >= 16, analysis.height >= 16 else {
      return fallback(size: image.size, reason: "the image is too small to search")
    }
    let blurred = analysis.blurred(sigma: configuration.blurSigma)
    let edges = ColorEdges(
      blurred, minimumStrength: configuration.minimumEdgeStrength, relativeStrength: configuration.relativeEdgeStrength)
    let lines = houghLines(edges)
    let search = CandidateSearch(detector: self, image: blurred, edges: edges, lines: lines)
    let permissive = search.candidates(configuration.permissive)
    var candidates = permissive.filter { configuration.strict.admits($0) }
    var source = FrameDetection.Source.strict
    if candidates.isEmpty {
      candidates = permissive
      source = .permissive
    }
    guard let frame = choose(candidates, enclosingFrom: permissive) else {
      return fallback(size: image.size, reason: "no frame edge was found")
    }
    var chosen = frame
    var warnings: [String] = []
    var peakRule = PeakRule.outermost
    if target == .painting {
      // The canvas's lines, from the edges inside the frame only (the wall and the frame's outer
      // edge would otherwise take most of the places).
      let inside = (try? frame.quad.expanded(by: -configuration.paintingSearchInset)) ?? frame.quad
      let innerLines = houghLines(edges, region: inside)
      let innerSearch = CandidateSearch(detector: self, image: blurred, edges: edges, lines: innerLines)
      if let painting = choosePainting(inside: frame, from: innerSearch.candidates(configuration.permissive)) {
        chosen = painting
        peakRule = .nearest
      } else {
        warnings.append("no painting edge was found inside the frame; using the frame's outer edge")
      }
    }
    let coarse = chosen.quad.map(analysis.toCanonical)
    let refined = refine(coarse, in: image, factor: analysis.factor, rule: peakRule)
    let confidence = min(1, max(0, chosen.confidence * (0.5 + 0.5 * refined.support)))
    return FrameDetection(quad: refined.quad, confidence: confidence, source: source, warnings: warnings)
  }

  /// The centred quad used when nothing is found, inset by the configured fraction.
  public func fallbackQuad(size: PixelSize) -> Quad {
    let insetX = Double(size.width) * configuration.fallbackInsetFraction
    let insetY = Double(size.height) * configuration.fallbackInsetFraction
    return Quad(
      rectangleFrom: Point(x: insetX - 0.5, y: insetY - 0.5),
      to: Point(x: Double(size.width) - 0.5 - insetX, y: Double(size.height) - 0.5 - insetY))
  }

  private func fallback(size: PixelSize, reason: String) -> FrameDetection {
    let percent = Int((configuration.fallbackInsetFraction * 100).rounded())
    return FrameDetection(
      quad: fallbackQuad(size: size), confidence: 0, source: .fallback,
      warnings: ["\(reason); using a centred rectangle inset \(percent) % (pass --corners to choose the quad)"])
  }

  /// The candidate with the best confidence, or among those within the tie tolerance of it, the
  /// largest; then, if one exists, the largest candidate around it whose four sides are fully
  /// covered edges parallel to its own (a pale frame on a pale wall scores little wall contrast,
  /// and the canvas inside it would win).
  func choose(_ candidates: [Candidate], enclosingFrom pool: [Candidate]) -> Candidate? {
    guard let best = candidates.map(\.confidence).max(),
      let chosen = candidates.filter({ $0.confidence >= best - configuration.tieTolerance }).max(by: {
        $0.area < $1.area
      })
    else { return nil }
    let maximumAngle = configuration.enclosingMaximumAngleDegrees * .pi / 180
    let enclosing = pool.filter { outer in
      guard outer.area > chosen.area, outer.coverage.allSatisfy({ $0 >= configuration.enclosingMinimumCoverage }),
        outer.wallContrast.allSatisfy({ $0 >= configuration.enclosingMinimumWallContrast }),
        chosen.quad.corners.allSatisfy({ outer.quad.contains($0) })
      else { return false }
      let size = chosen.quad.longestEdge
      return (0..<4).allSatisfy { side in
        let outerEdge = outer.quad.edge(side)
        let innerEdge = chosen.quad.edge(side)
        let outerLine = Line(through: outerEdge.start, outerEdge.end)
        let inset = abs(outerLine.signedDistance(to: (innerEdge.start + innerEdge.end) / 2))
        return outerLine.angle(to: Line(through: innerEdge.start, innerEdge.end)) <= maximumAngle
          && inset <= configuration.enclosingMaximumInset * size
      }
    }
    return enclosing.max { $0.area < $1.area } ?? chosen
  }
}

extension FrameDetector {
  /// One scored candidate quad, for diagnostics and evaluation tools.
  public struct CandidateReport: Sendable {
    /// The quad in canonical full-resolution coordinates (before refinement).
    public var quad: Quad
    /// Edge coverage of each side: top, right, bottom, left.
    public var coverage: [Double]
    /// Wall contrast of each side (frame-coloured inside, wall-coloured outside), 0...1.
    public var wallContrast: [Double]
    /// The candidate's confidence.
    public var confidence: Double
  }

  /// Every candidate of the permissive pass and every Hough line (as canonical point pairs),
  /// for looking at why a photo was detected as it was.
  public func diagnose(_ image: ImageBuffer) -> (lines: [(Point, Point)], candidates: [CandidateReport]) {
    let analysis = AnalysisPlanes(image, longSide: configuration.analysisLongSide)
    let blurred = analysis.blurred(sigma: configuration.blurSigma)
    let edges = ColorEdges(
      blurred, minimumStrength: configuration.minimumEdgeStrength, relativeStrength: configuration.relativeEdgeStrength)
    let lines = houghLines(edges)
    let search = CandidateSearch(detector: self, image: blurred, edges: edges, lines: lines)
    let reach = Double(max(analysis.width, analysis.height))
    let segments = lines.map { line in
      (analysis.toCanonical(line.line.point(at: -reach)), analysis.toCanonical(line.line.point(at: reach)))
    }
    let reports = search.candidates(configuration.permissive).sorted { $0.confidence > $1.confidence }.map {
      CandidateReport(
        quad: $0.quad.map(analysis.toCanonical), coverage: $0.coverage, wallContrast: $0.wallContrast,
        confidence: $0.confidence)
    }
    return (segments, reports)
  }
}
