extension FrameDetector {
  /// The thresholds of one detection pass. The strict pass looks for the real case, a large
  /// framed rectangle filling much of the photo; the permissive pass runs only when the strict one
  /// finds nothing.
  public struct PassThresholds: Sendable, Equatable {
    /// The smallest quad area, as a fraction of the photo's area.
    public var minimumAreaFraction: Double
    /// The smallest and largest width/height ratio of the quad's mean edge lengths.
    public var aspectRange: ClosedRange<Double>
    /// The smallest fraction of each side that must be covered by matching edge pixels.
    public var minimumSideCoverage: Double
    /// The smallest confidence a candidate needs.
    public var minimumConfidence: Double

    /// Creates thresholds.
    public init(
      minimumAreaFraction: Double, aspectRange: ClosedRange<Double>, minimumSideCoverage: Double,
      minimumConfidence: Double
    ) {
      self.minimumAreaFraction = minimumAreaFraction
      self.aspectRange = aspectRange
      self.minimumSideCoverage = minimumSideCoverage
      self.minimumConfidence = minimumConfidence
    }
  }

  /// Every tunable of the detector, with the reason for its default.
  public struct Configuration: Sendable, Equatable {
    /// The analysis copy's longer side in pixels: about 1000 keeps a frame edge several pixels
    /// from its neighbours while the whole search takes tens of milliseconds.
    public var analysisLongSide: Int
    /// Gaussian blur before the gradient, analysis pixels: smooths canvas weave and wall
    /// stipple without moving straight edges.
    public var blurSigma: Double
    /// The weakest edge kept, 8-bit levels per analysis pixel.
    public var minimumEdgeStrength: Float
    /// Edges weaker than this fraction of the 99th-percentile strength are dropped.
    public var relativeEdgeStrength: Float
    /// Hough angle step, degrees.
    public var angleStepDegrees: Double
    /// An edge pixel votes only for line angles within this many degrees of its own normal.
    public var voteAngleDegrees: Double
    /// Lines may tilt this far from horizontal or vertical (rotation plus keystone), degrees.
    public var maximumTiltDegrees: Double
    /// Candidate lines kept per family (near-horizontal, near-vertical).
    public var linesPerFamily: Int
    /// Two Hough peaks closer than this (degrees and analysis pixels) are one line.
    public var peakSeparationDegrees: Double
    /// Two Hough peaks closer than this many analysis pixels are one line.
    public var peakSeparationPixels: Double
    /// Each Hough line is re-fitted to the edge pixels within this many analysis pixels of it.
    public var lineSupportDistance: Double
    /// Two re-fitted lines closer than this many analysis pixels across the whole image are one.
    public var lineDuplicateDistance: Double
    /// At most `maximumLinesPerBand` lines of a family are kept within any band this many
    /// analysis pixels wide...
    public var lineBandPixels: Double
    /// ... so that a moulding's many ridges do not crowd out the frame's far side.
    public var maximumLinesPerBand: Int
    /// The re-fit may turn a line by at most this many degrees (two parallel edges a few pixels
    /// apart can make a Hough peak slanted across both; the robust fit settles on one).
    public var lineRefitMaximumTurnDegrees: Double
    /// A side's edge pixels must lie within this many analysis pixels of it.
    public var coverageRadius: Int
    /// ... and have a normal within this many degrees of the side's.
    public var coverageAngleDegrees: Double
    /// Interior angles must stay within this many degrees of 90.
    public var maximumCornerDeviationDegrees: Double
    /// Opposite sides may differ in length by at most this ratio (keystone).
    public var maximumOppositeSideRatio: Double
    /// Corners may lie this far outside the photo, as a fraction of its diagonal (a frame cut
    /// by the photo's edge).
    public var cornerOutsideTolerance: Double
    /// Candidates within this much confidence of the best one count as tied; the largest
    /// tied candidate wins, so the outer frame edge beats an inner mat edge.
    public var tieTolerance: Double
    /// A candidate around the chosen one replaces it when its four sides are all covered at
    /// least this much...
    public var enclosingMinimumCoverage: Double
    /// ... none of them scores less wall contrast than this (a cast shadow's edge scores 0)...
    public var enclosingMinimumWallContrast: Double
    /// ... its sides are within this many degrees of the chosen one's...
    public var enclosingMaximumAngleDegrees: Double
    /// ... and no farther from them than this fraction of the chosen one's longest side.
    public var enclosingMaximumInset: Double
    /// The first pass.
    public var strict: PassThresholds
    /// The second pass, when the first finds nothing.
    public var permissive: PassThresholds
    /// `--target painting`: the canvas's lines are found among the edges more than this many
    /// analysis pixels inside the frame's outer edge.
    public var paintingSearchInset: Double
    /// `--target painting`: the canvas must cover at least this fraction of the frame's area...
    public var paintingMinimumAreaFraction: Double
    /// ... and at most this fraction.
    public var paintingMaximumAreaFraction: Double
    /// ... and its sides must be within this many degrees of the frame's.
    public var paintingMaximumAngleDegrees: Double
    /// ... and the widest of its four insets from the frame, measured with the perspective
    /// undone, at most this many times the narrowest (a moulding is equally wide all round).
    public var paintingMaximumInsetRatio: Double
    /// Frame band: colours sampled along each side of the band between two nested quads...
    public var bandSamplesPerSide: Int
    /// ... and this many analysis pixels outside the outer quad, for the wall.
    public var bandWallOffset: Double
    /// Frame band: on every side the band differs from the wall outside by at least this many
    /// 8-bit levels (colour distance, brightness included)...
    public var bandMinimumContrast: Float
    /// A partial frame band: the enclosing candidate's sides are covered at least this much...
    public var bandMinimumCoverage: Double
    /// ... and insets wider than this fraction of the inner quad's longest side
    /// count as band sides.
    public var bandMinimumInsetFraction: Double
    /// ... and the four sides' colours, brightness divided out (channels scaled to sum 255),
    /// are within this many levels of each other.
    public var bandMaximumSpread: Float
    /// Refinement: profiles across each side at full resolution.
    public var refineSamplesPerSide: Int
    /// Refinement: the profiles cover the middle of each side, leaving this fraction at each end.
    public var refineEndMargin: Double
    /// Refinement: in the first round each profile runs this many analysis pixels (plus 3
    /// full-resolution pixels) either side of the coarse edge...
    public var refineSearchAnalysisPixels: Double
    /// ... and in the second round this many either side of the first round's edge.
    public var refineNarrowSearchAnalysisPixels: Double
    /// Refinement, outermost rule: the first round also reaches this fraction of the quad's
    /// shorter side inside it, to find the frame behind a cast shadow the coarse quad took.
    public var refineInwardFraction: Double
    /// Refinement: a wall-coloured peak at least this many full-resolution pixels wide at half
    /// its height (twice its narrower half: a sharp edge beside a soft ramp stays sharp) is a
    /// shadow's soft penumbra, passed over; a sharper one is a material edge (a grey frame on a
    /// grey wall). A contact shadow's narrow penumbra is about 5 pixels wide on a 2000-pixel photo.
    public var refineSoftEdgeWidth: Double
    /// Refinement: a side whose outermost edge has wall colour inside it on at least this share
    /// of its profiles has a wall-coloured band inside (a shadow on one or two sides, a frame of
    /// the wall's colour on more).
    public var refineShadowSideFraction: Double
    /// Refinement: profiles average this many full-resolution pixels along the side.
    public var refineProfileWidth: Int
    /// Refinement: Gaussian smoothing of each profile, full-resolution pixels.
    public var refineProfileSigma: Double
    /// Refinement: for the frame, the outermost gradient peak at least this fraction of the
    /// profile's strongest is the edge (the wall side is flat; the frame has inner ridges).
    public var refineOuterPeakFraction: Double
    /// Refinement: for the canvas, the peak nearest the coarse edge among those at least this
    /// fraction of the strongest.
    public var refineNearestPeakFraction: Double
    /// Refinement: a peak is skipped as a shadow's edge when the samples this many pixels inside
    /// it are all wall-coloured...
    public var refineInsideOffsets: ClosedRange<Int>
    /// ... that is, no further (8-bit levels) from a multiple of the wall colour than this...
    public var refineWallResidual: Float
    /// ... or this fraction of the wall colour's length, whichever is larger...
    public var refineWallResidualFraction: Float
    /// ... and no brighter than this multiple of the wall (a pale frame is brighter than its
    /// wall; a shadow is not).
    public var refineBrightestWall: Float
    /// Refinement: the robust line fit per side.
    public var refineLineFit: LineFit.Configuration
    /// Refinement: a refined corner further than this many analysis pixels from the coarse one
    /// is not trusted, and the side keeps its coarse line.
    public var refineMaximumShiftAnalysisPixels: Double
    /// Wall contrast: the band outside an edge (analysis pixels from it) whose mean colour must
    /// be wall.
    public var wallOutsideBand: ClosedRange<Int>
    /// Wall contrast: the band inside an edge whose farthest sample must not be wall (a pale
    /// outer lip is followed by the frame's colour).
    public var wallInsideBand: ClosedRange<Int>
    /// Wall contrast: the band right inside an edge that, when it is the outside band darkened
    /// with the same hue, marks the edge as a shadow's (analysis pixels).
    public var shadowBand: ClosedRange<Int>
    /// ... darkened to at most this fraction of the outside's brightness...
    public var shadowBrightest: Float
    /// ... with the hue kept within this fraction of the outside colour's length.
    public var shadowHueTolerance: Float
    /// Wall contrast: colour distances (8-bit levels) are divided by this; a frame differs
    /// from the wall by more, a lit wall from itself by much less.
    public var wallContrastScale: Float
    /// Wall contrast: a colour as dark as this fraction of the wall's brightness, with the wall's
    /// hue, still counts as wall (in shadow).
    public var wallDarkestShadow: Float
    /// Wall contrast: ... and up to this multiple of its brightness (in brighter light).
    public var wallBrightest: Float
    /// Wall contrast: the wall colour is the median of the border band this fraction of the
    /// photo's shorter side wide.
    public var wallBorderFraction: Double
    /// Fallback when nothing is found: a centred quad inset by this fraction on every side.
    public var fallbackInsetFraction: Double
    /// Assessment of a refined quad: edge pixels within this many analysis pixels of a side
    /// count as covering it (the refined side lies on the outer edge, which the thinned analysis
    /// edge of a lipped moulding can miss by a pixel or two).
    public var assessmentCoverageRadius: Int
    /// A quad disagrees with the chosen one when a corner is more than this fraction of the
    /// photo's diagonal away (after both are refined)...
    public var runnerUpDisagreement: Double
    /// ... its area is at least this fraction of the chosen one's and at most the inverse...
    public var runnerUpAreaRatio: Double
    /// ... and the runner-up is the best of at most this many such candidates that still
    /// disagree once refined.
    public var runnerUpCandidates: Int
    /// Confidence: the score is raised to this power first (the score is a product of three
    /// per-side scores and runs low on good results)...
    public var scoreExponent: Double
    /// ... then a runner-up scoring more than this fraction of the chosen quad's score starts
    /// pulling the confidence down...
    public var rivalryStart: Double
    /// ... to this fraction of the score when it scores as well.
    public var rivalryFloor: Double
    /// Below this confidence the detection is doubtful and a warning says so.
    public var doubtfulConfidence: Double
    /// The region search for `--target document` (DocumentDetector+Region).
    public var document = DocumentConfiguration()

    /// Creates the default configuration.
    public init() {
      analysisLongSide = 1000
      blurSigma = 1.0
      minimumEdgeStrength = 4
      relativeEdgeStrength = 0.12
      angleStepDegrees = 0.25
      voteAngleDegrees = 3
      maximumTiltDegrees = 30
      linesPerFamily = 24
      peakSeparationDegrees = 1
      peakSeparationPixels = 2
      lineSupportDistance = 1.5
      lineRefitMaximumTurnDegrees = 3
      lineDuplicateDistance = 1
      lineBandPixels = 12
      maximumLinesPerBand = 6
      coverageRadius = 1
      coverageAngleDegrees = 12
      maximumCornerDeviationDegrees = 35
      maximumOppositeSideRatio = 1.8
      cornerOutsideTolerance = 0.02
      tieTolerance = 0.08
      enclosingMinimumCoverage = 0.9
      enclosingMinimumWallContrast = 0.08
      enclosingMaximumAngleDegrees = 3
      enclosingMaximumInset = 0.25
      strict = PassThresholds(
        minimumAreaFraction: 0.15, aspectRange: 0.2...5, minimumSideCoverage: 0.45, minimumConfidence: 0.6)
      permissive = PassThresholds(
        minimumAreaFraction: 0.02, aspectRange: 0.1...10, minimumSideCoverage: 0.2, minimumConfidence: 0.3)
      paintingSearchInset = 2
      paintingMinimumAreaFraction = 0.2
      paintingMaximumAreaFraction = 0.95
      paintingMaximumAngleDegrees = 3
      paintingMaximumInsetRatio = 1.6
      bandSamplesPerSide = 24
      bandWallOffset = 3
      bandMinimumContrast = 6
      bandMaximumSpread = 12
      bandMinimumInsetFraction = 0.01
      bandMinimumCoverage = 0.8
      refineSamplesPerSide = 96
      refineEndMargin = 0.08
      refineSearchAnalysisPixels = 6
      refineNarrowSearchAnalysisPixels = 1
      refineInwardFraction = 0.1
      refineSoftEdgeWidth = 5
      refineShadowSideFraction = 0.2
      refineProfileWidth = 5
      refineProfileSigma = 1.2
      refineOuterPeakFraction = 0.25
      refineNearestPeakFraction = 0.3
      refineInsideOffsets = 1...3
      refineWallResidual = 8
      refineWallResidualFraction = 0.1
      refineBrightestWall = 1.05
      refineLineFit = LineFit.Configuration(
        iterations: 4, trimSigmas: 2.5, minimumTolerance: 1.0, minimumInlierFraction: 0.35)
      refineMaximumShiftAnalysisPixels = 7
      wallOutsideBand = 2...4
      wallInsideBand = 1...6
      shadowBand = 1...2
      shadowBrightest = 0.97
      shadowHueTolerance = 0.06
      wallContrastScale = 40
      wallDarkestShadow = 0.35
      wallBrightest = 1.15
      wallBorderFraction = 0.01
      fallbackInsetFraction = 0.05
      assessmentCoverageRadius = 2
      runnerUpDisagreement = 0.01
      runnerUpCandidates = 8
      runnerUpAreaRatio = 0.35
      scoreExponent = 1
      rivalryStart = 0.6
      rivalryFloor = 0.5
      doubtfulConfidence = 0.5
    }
  }
}
