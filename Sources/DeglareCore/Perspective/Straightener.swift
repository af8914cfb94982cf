// `deglare straighten` as a pure function of the decoded image: find (or take) the frame's
// quad, grow it by a margin of real wall in source space, work out the rectangle's true
// proportions, and warp the grown quad to an upright rectangle at full resolution in one
// homography. Everything is in canonical coordinates; nothing here reads or writes files.

/// What `straighten` should do.
public struct StraightenOptions: Sendable {
  /// The quad to use, top-left first; nil detects it.
  public var corners: Quad?
  /// The margin of wall to keep around the quad, source pixels; nil uses `defaultMarginFraction`
  /// of the quad's longest edge. Negative crops into the quad.
  public var margin: Double?
  /// The default margin as a fraction of the quad's longest edge: 2 % for frames and paintings,
  /// 0 for documents (see ``FrameTarget/defaultMarginFraction``).
  public var defaultMarginFraction: Double
  /// What to detect when `corners` is nil.
  public var target: FrameTarget
  /// The camera's focal length in pixels of this photo (from EXIF), when known.
  public var focalLength: Double?
  /// The detector's tunables.
  public var detector: FrameDetector.Configuration
  /// The proportion estimate's tunables.
  public var proportions: ProportionEstimator.Configuration
  /// The warp's tunables.
  public var warp: PerspectiveWarp.Configuration

  /// Creates options: detect the frame, the target's default margin.
  public init(
    corners: Quad? = nil, margin: Double? = nil, defaultMarginFraction: Double? = nil, target: FrameTarget = .frame,
    focalLength: Double? = nil
  ) {
    self.corners = corners
    self.margin = margin
    self.defaultMarginFraction = defaultMarginFraction ?? target.defaultMarginFraction
    self.target = target
    self.focalLength = focalLength
    detector = FrameDetector.Configuration()
    proportions = ProportionEstimator.Configuration()
    warp = PerspectiveWarp.Configuration()
  }
}

/// Everything decided before the warp, for the report and the warp itself.
public struct StraightenPlan: Sendable, Equatable {
  /// The frame's quad before the margin (detected or given), canonical coordinates.
  public var corners: Quad
  /// The quad actually warped: `corners` grown by the margin, clamped to the photo.
  public var expandedCorners: Quad
  /// The margin asked for, pixels.
  public var requestedMargin: Double
  /// The margin kept on each side (top, right, bottom, left), pixels; less than asked where the
  /// photo has less wall.
  public var sideMargins: [Double]
  /// The output size in pixels.
  public var outputSize: PixelSize
  /// 0...1: the detection's confidence, 1 for corners given by the user.
  public var confidence: Double
  /// The true proportions and how they were found.
  public var proportions: Proportions
  /// How the corners were obtained: nil when given, else the detector's pass.
  public var detectionSource: FrameDetection.Source?
  /// Messages for the user.
  public var warnings: [String]
  /// The detector's runner-up quad (see ``FrameDetection/runnerUp``), canonical coordinates.
  public var runnerUp: Quad?
  /// The numbers behind the detector's confidence; nil for corners given by the user.
  public var evidence: FrameDetection.Evidence?

  /// The margin kept all round: the smallest of ``sideMargins``.
  public var margin: Double { sideMargins.min() ?? 0 }
}

/// Plans and performs the straightening of one photo.
public enum Straightener {
  /// Validates or detects the corners, applies the margin and chooses the output size.
  /// - Throws: ``GeometryError`` when given corners are outside the image, not a convex quad in
  ///   the documented order, or degenerate, or when a negative margin collapses the quad.
  public static func plan(_ image: ImageBuffer, options: StraightenOptions) throws(GeometryError) -> StraightenPlan {
    let size = image.size
    var warnings: [String] = []
    let corners: Quad
    let confidence: Double
    var source: FrameDetection.Source?
    var runnerUp: Quad?
    var evidence: FrameDetection.Evidence?
    if let given = options.corners {
      guard given.corners.allSatisfy(\.isFinite), given.isInside(size, tolerance: 1e-9) else {
        throw .outsideImage(given, size)
      }
      guard given.isConvexClockwise else { throw .notConvex(given) }
      corners = given
      confidence = 1
    } else {
      let detection = FrameDetector(configuration: options.detector).detect(in: image, target: options.target)
      corners = detection.quad.clamped(to: size)
      confidence = detection.confidence
      source = detection.source
      warnings += detection.warnings
      runnerUp = detection.runnerUp
      evidence = detection.found ? detection.evidence : nil
    }
    guard corners.area >= 4 else { throw .degenerate(corners, area: corners.area) }
    let requested = options.margin ?? options.defaultMarginFraction * corners.longestEdge
    let expanded = try corners.expanded(by: requested).clamped(to: size)
    guard expanded.isConvexClockwise, expanded.area >= 4 else { throw .marginCollapses(margin: requested, corners) }
    let sideMargins = corners.margins(to: expanded)
    if requested > 0, let least = sideMargins.min(), least < requested - 0.5 {
      let names = ["top", "right", "bottom", "left"]
      let short = zip(names, sideMargins).filter { $0.1 < requested - 0.5 }.map { "\($0.0) \(Point.format($0.1)) px" }
      warnings.append(
        "the photo has less wall than the \(Point.format(requested)) px margin asked for; kept "
          + short.joined(separator: ", "))
    }
    let frameProportions = ProportionEstimator.estimate(
      corners, imageSize: size, focalLength: options.focalLength, configuration: options.proportions)
    var outputAspect = ProportionEstimator.edgeLengthAspect(expanded)
    if let focal = frameProportions.focalLength,
      let aspect = ProportionEstimator.aspect(
        expanded, focalLength: focal, principalPoint: ProportionEstimator.principalPoint(size))
    {
      outputAspect = aspect
    }
    let proportions = Proportions(
      aspect: outputAspect, method: frameProportions.method, focalLength: frameProportions.focalLength)
    return StraightenPlan(
      corners: corners, expandedCorners: expanded, requestedMargin: requested, sideMargins: sideMargins,
      outputSize: outputSize(expanded, aspect: outputAspect), confidence: confidence, proportions: proportions,
      detectionSource: source, warnings: warnings, runnerUp: runnerUp, evidence: evidence)
  }

  /// The smallest size with `aspect` that downsamples neither pair of opposite edges: the
  /// longer horizontal edge's length as the width, or the longer vertical edge's as the height,
  /// whichever gives the larger image.
  public static func outputSize(_ quad: Quad, aspect: Double) -> PixelSize {
    let lengths = quad.edgeLengths
    let widest = max(lengths[0], lengths[2])
    let tallest = max(lengths[1], lengths[3])
    let (width, height) = widest / aspect >= tallest ? (widest, widest / aspect) : (tallest * aspect, tallest)
    return PixelSize(width: max(1, Int(width.rounded())), height: max(1, Int(height.rounded())))
  }

  /// Warps the plan's expanded quad to its output size.
  public static func warp(
    _ image: ImageBuffer, plan: StraightenPlan,
    configuration: PerspectiveWarp.Configuration = PerspectiveWarp.Configuration()
  ) throws(GeometryError) -> ImageBuffer {
    try PerspectiveWarp.warp(image, quad: plan.expandedCorners, to: plan.outputSize, configuration: configuration)
  }
}
