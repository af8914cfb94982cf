// Finds the outer edge of a framed picture (or a canvas, or a document) in a photo, with no
// learned model:
// 1. lines: a colour Hough transform on a ~1000-pixel copy (a gilt frame can be as light as a
//    white wall, so edges are found in colour), each peak re-fitted to its edge pixels;
// 2. quads from pairs of near-horizontal and near-vertical lines, scored by how much of each side
//    real edges cover and by wall contrast (wall outside, not wall inside; a cast shadow's edge
//    scores nothing), chosen by confidence with area as the tie-breaker, so the outer frame edge
//    beats an inner mat edge, and a fully covered concentric quad around the choice replaces it
//    when it has wall outside or holds the choice in a frame band (FrameDetector+Band); a strict
//    pass first, the permissive one when the strict finds nothing;
// 3. every side re-fitted at full resolution from colour profiles across it: the outermost
//    material edge, passing over a cast shadow's edge (the wall's colour, darker, inside it) far
//    inward if need be, with a robust line fit, twice (FrameDetector+Refine);
// 4. the runner-up: the best other candidate that still disagrees once refined; the chosen quad
//    and the runner-up are scored again where they ended up, and a close contest pulls the
//    confidence below one half with a "check the corners" warning (FrameDetector+Confidence).
// `--target painting` repeats step 2 among the edges inside the frame; `--target document`
// keeps the candidates around the photo's centre. When nothing qualifies, a centred quad comes
// back with a warning, so a caller never dead-ends.

/// Which rectangle to find.
public enum FrameTarget: String, Sendable, CaseIterable {
  /// The outer edge of the frame, against the wall.
  case frame
  /// The canvas inside the frame.
  case painting
  /// A sheet of paper, a receipt or a card lying on a table or a cluttered desk.
  case document

  /// The margin `straighten` keeps by default, a fraction of the quad's longest edge: 2 % of
  /// real wall around a frame or a canvas, none around a document.
  public var defaultMarginFraction: Double { self == .document ? 0 : 0.02 }
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
  /// 0...1: how sure the detector is, calibrated on synthetic scenes so that a result whose
  /// corner is more than 1 % of the diagonal off almost never gets 0.5 or more (see
  /// ``Evidence``); 0 for the fallback.
  public var confidence: Double
  /// Which pass produced it.
  public var source: Source
  /// Messages for the user (the fallback, a painting not found inside the frame).
  public var warnings: [String]
  /// The best plausible quad that disagrees with ``quad`` (a corner more than 1 % of the
  /// diagonal away), refined the same way; nil when there is none.
  public var runnerUp: Quad?
  /// The numbers behind ``confidence``.
  public var evidence: Evidence

  /// Creates a detection.
  public init(
    quad: Quad, confidence: Double, source: Source, warnings: [String] = [], runnerUp: Quad? = nil,
    evidence: Evidence = Evidence(score: 0, runnerUpScore: 0, shadowSides: [0, 0, 0, 0])
  ) {
    self.quad = quad
    self.confidence = confidence
    self.source = source
    self.warnings = warnings
    self.runnerUp = runnerUp
    self.evidence = evidence
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
    let prepared = prepare(image)
    return target == .document
      ? detectDocument(in: image, prepared: prepared) : detectOutline(in: image, target: target, prepared: prepared)
  }

  /// The analysis copy every search starts from: the ~1000-pixel planes, blurred, and their
  /// colour edges.
  struct Prepared {
    /// The analysis planes as sampled (their scale to canonical coordinates).
    var analysis: AnalysisPlanes
    /// The same, blurred by ``Configuration/blurSigma``.
    var blurred: AnalysisPlanes
    /// The colour edges of ``blurred``.
    var edges: ColorEdges
  }

  /// The analysis copy of `image` (see ``Prepared``).
  func prepare(_ image: ImageBuffer) -> Prepared {
    let analysis = AnalysisPlanes(image, longSide: configuration.analysisLongSide)
    let blurred = analysis.blurred(sigma: configuration.blurSigma)
    let edges = ColorEdges(
      blurred, minimumStrength: configuration.minimumEdgeStrength, relativeStrength: configuration.relativeEdgeStrength)
    return Prepared(analysis: analysis, blurred: blurred, edges: edges)
  }

  /// The edge-based search: lines, candidate quads, refinement (for a document, among the
  /// candidates around the centre; ``detectDocument(in:prepared:)`` weighs it against the region
  /// search).
  func detectOutline(in image: ImageBuffer, target: FrameTarget, prepared: Prepared) -> FrameDetection {
    let analysis = prepared.analysis
    guard analysis.width >= 16, analysis.height >= 16 else {
      return fallback(size: image.size, reason: "the image is too small to search")
    }
    let blurred = prepared.blurred
    let edges = prepared.edges
    let lines = houghLines(edges)
    let search = CandidateSearch(detector: self, image: blurred, edges: edges, lines: lines)
    var permissive = search.candidates(configuration.permissive)
    if target == .document {
      // A document is photographed to fill the middle of the picture; other papers on the desk
      // lie around it.
      let centre = Point(x: Double(analysis.width - 1) / 2, y: Double(analysis.height - 1) / 2)
      let central = permissive.filter { $0.quad.contains(centre) }
      if !central.isEmpty { permissive = central }
    }
    var candidates = permissive.filter { configuration.strict.admits($0) }
    var source = FrameDetection.Source.strict
    if candidates.isEmpty {
      candidates = permissive
      source = .permissive
    }
    guard let frame = choose(candidates, enclosingFrom: permissive, wall: search.contrast) else {
      return fallback(size: image.size, reason: "no frame edge was found")
    }
    var chosen = frame
    var pool = permissive
    var warnings: [String] = []
    var peakRule = PeakRule.outermost
    if target == .painting {
      // The canvas's lines, from the edges inside the frame only (the wall and the frame's outer
      // edge would otherwise take most of the places).
      let inside = (try? frame.quad.expanded(by: -configuration.paintingSearchInset)) ?? frame.quad
      let innerLines = houghLines(edges, region: inside)
      let innerSearch = CandidateSearch(detector: self, image: blurred, edges: edges, lines: innerLines)
      let inner = innerSearch.candidates(configuration.permissive)
      if let painting = choosePainting(inside: frame, from: inner) {
        chosen = painting
        pool = inner
        peakRule = .nearest
      } else {
        warnings.append("no painting edge was found inside the frame; using the frame's outer edge")
      }
    }
    let refined = refine(chosen.quad.map(analysis.toCanonical), in: image, factor: analysis.factor, rule: peakRule)
    let assessor = Assessor(
      detector: self, analysis: analysis, edges: edges, contrast: search.contrast, wallOutside: peakRule == .outermost)
    let assessed = assessor.sides(refined)
    var rival = runnerUp(to: refined.quad, among: pool, in: image, assessor: assessor, rule: peakRule)
    if target == .frame, let framing = partlyFramed(chosen, among: permissive, wall: search.contrast) {
      // Possibly a canvas inside a frame whose other sides are too faint: as doubtful as a tie.
      let outer = refine(framing.quad.map(analysis.toCanonical), in: image, factor: analysis.factor, rule: peakRule)
      let diagonal = Double(image.width * image.width + image.height * image.height).squareRoot()
      if outer.quad.maxCornerDistance(to: refined.quad) > configuration.runnerUpDisagreement * diagonal {
        rival = (outer.quad, max(assessed.score, rival?.score ?? 0))
      }
    }
    let evidence = FrameDetection.Evidence(
      score: assessed.score, runnerUpScore: rival?.score ?? 0, shadowSides: refined.shadowSkipped,
      sides: assessed.sides, coarse: chosen.quad.map(analysis.toCanonical))
    let confidence = evidence.confidence(configuration)
    if confidence < configuration.doubtfulConfidence {
      warnings.append(doubt(confidence: confidence, runnerUp: rival?.quad))
    }
    return FrameDetection(
      quad: refined.quad, confidence: confidence, source: source, warnings: warnings, runnerUp: rival?.quad,
      evidence: evidence)
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
  /// covered edges parallel to its own, and which either has wall outside every side (a pale
  /// frame on a pale wall scores little wall contrast, and the canvas inside it would win) or
  /// holds it inside a frame band (see ``isFrameBand(outer:inner:wall:)``: a grey frame on a
  /// grey wall looks like wall to the wall contrast).
  func choose(_ candidates: [Candidate], enclosingFrom pool: [Candidate], wall: WallContrast) -> Candidate? {
    guard let best = candidates.map(\.confidence).max(),
      let chosen = candidates.filter({ $0.confidence >= best - configuration.tieTolerance }).max(by: {
        $0.area < $1.area
      })
    else { return nil }
    let maximumAngle = configuration.enclosingMaximumAngleDegrees * .pi / 180
    let enclosing = pool.filter { outer in
      guard outer.area > chosen.area, outer.coverage.allSatisfy({ $0 >= configuration.enclosingMinimumCoverage }),
        chosen.quad.corners.allSatisfy({ outer.quad.contains($0) })
      else { return false }
      let size = chosen.quad.longestEdge
      let parallel = (0..<4).allSatisfy { side in
        let outerEdge = outer.quad.edge(side)
        let innerEdge = chosen.quad.edge(side)
        let outerLine = Line(through: outerEdge.start, outerEdge.end)
        let inset = abs(outerLine.signedDistance(to: (innerEdge.start + innerEdge.end) / 2))
        return outerLine.angle(to: Line(through: innerEdge.start, innerEdge.end)) <= maximumAngle
          && inset <= configuration.enclosingMaximumInset * size
      }
      guard parallel else { return false }
      return outer.wallContrast.allSatisfy({ $0 >= configuration.enclosingMinimumWallContrast })
        || isFrameBand(outer: outer.quad, inner: chosen.quad, wall: wall)
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
    let prepared = prepare(image)
    let analysis = prepared.analysis
    let lines = houghLines(prepared.edges)
    let search = CandidateSearch(detector: self, image: prepared.blurred, edges: prepared.edges, lines: lines)
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
