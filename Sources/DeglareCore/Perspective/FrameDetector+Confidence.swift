import Foundation

// A confident wrong answer looks like a right one, so the confidence says how much better the
// chosen quad is than the best quad that disagrees with it (the runner-up), not only how good
// it is: a clear winner keeps its score; a close contest pulls it below one half and warns.

extension FrameDetection {
  /// The numbers behind a detection's confidence.
  public struct Evidence: Sendable, Equatable {
    /// The chosen quad's score (0...1): its refined sides' edge coverage, wall contrast and the
    /// share of full-resolution profiles their line fits kept (see ``sides``).
    public var score: Double
    /// The runner-up's score, the same way; 0 when no plausible quad disagrees.
    public var runnerUpScore: Double
    /// Per side (top, right, bottom, left), the share of profiles on which a cast shadow's edge
    /// was passed over to reach the material edge inside it.
    public var shadowSides: [Double]
    /// Per side (top, right, bottom, left) of the chosen quad: edge coverage, wall contrast and
    /// profile support, each 0...1.
    public var sides: [SideScore]
    /// The chosen candidate before refinement, canonical coordinates.
    public var coarse: Quad?

    /// The three numbers scored on one side.
    public struct SideScore: Sendable, Equatable {
      /// The fraction of the side covered by matching edge pixels.
      public var coverage: Double
      /// Wall outside, something else inside (see the detector's wall contrast).
      public var wallContrast: Double
      /// The fraction of full-resolution profiles the side's line fit kept.
      public var support: Double
    }

    /// Creates evidence.
    public init(
      score: Double, runnerUpScore: Double, shadowSides: [Double], sides: [SideScore] = [], coarse: Quad? = nil
    ) {
      self.score = score
      self.runnerUpScore = runnerUpScore
      self.shadowSides = shadowSides
      self.sides = sides
      self.coarse = coarse
    }

    /// The runner-up's score over the chosen one's (0 when there is no runner-up).
    public var rivalry: Double { score > 0 ? runnerUpScore / score : 0 }

    /// The calibrated confidence: the score raised to `scoreExponent`, scaled down once the
    /// rivalry passes `rivalryStart`, to `rivalryFloor` of itself when the runner-up scores as
    /// well.
    public func confidence(_ configuration: FrameDetector.Configuration) -> Double {
      let excess = max(0, rivalry - configuration.rivalryStart) / max(1e-9, 1 - configuration.rivalryStart)
      let factor = 1 - (1 - configuration.rivalryFloor) * min(1, excess)
      return min(1, max(0, pow(max(0, score), configuration.scoreExponent) * factor))
    }
  }
}

extension FrameDetector {
  /// Among the `runnerUpCandidates` best candidates of `pool` whose refined quads still have a
  /// corner more than `runnerUpDisagreement` of the diagonal away from `chosen` (canonical
  /// coordinates), with an area within `runnerUpAreaRatio` of its own either way and the strict
  /// pass's proportions, the one that scores best once refined, with that score; nil when there
  /// is none.
  func runnerUp(
    to chosen: Quad, among pool: [Candidate], in image: ImageBuffer, assessor: Assessor, rule: PeakRule
  ) -> (quad: Quad, score: Double)? {
    let analysis = assessor.analysis
    let diagonal = Double(image.width * image.width + image.height * image.height).squareRoot()
    let apart = configuration.runnerUpDisagreement * diagonal
    // The alternatives are chosen from the coarse quads alone; their refinements at full
    // resolution (most of the runner-up's cost on a large photo) then run on all cores.
    var kept: [Quad] = []
    let chosenArea = chosen.area
    for candidate in pool.sorted(by: { $0.confidence > $1.confidence }) {
      let coarse = candidate.quad.map(analysis.toCanonical)
      // A strip of the frame (its top moulding between the outer edge and the canvas) or a
      // much larger outline is no alternative to the whole picture.
      let ratio = coarse.area / max(chosenArea, 1)
      let lengths = coarse.edgeLengths
      let aspect = (lengths[0] + lengths[2]) / max(lengths[1] + lengths[3], 1e-9)
      guard ratio >= configuration.runnerUpAreaRatio, ratio <= 1 / configuration.runnerUpAreaRatio,
        configuration.strict.aspectRange.contains(aspect)
      else { continue }
      guard coarse.maxCornerDistance(to: chosen) > apart,
        kept.allSatisfy({ $0.maxCornerDistance(to: coarse) > apart })
      else { continue }
      guard kept.count < configuration.runnerUpCandidates else { break }
      kept.append(coarse)
    }
    let alternatives = kept
    let scored = Parallel.map(alternatives.count) { index -> (quad: Quad, score: Double)? in
      let refined = refine(alternatives[index], in: image, factor: analysis.factor, rule: rule)
      guard refined.quad.maxCornerDistance(to: chosen) > apart else { return nil }
      return (refined.quad, assessor.score(refined))
    }
    var best: (quad: Quad, score: Double)?
    for case let candidate? in scored where candidate.score > best?.score ?? -1 { best = candidate }
    return best
  }

  /// The warning for a doubtful detection: "check the corners: ...".
  func doubt(confidence: Double, runnerUp: Quad?) -> String {
    var text = "check the corners: the detection is uncertain (confidence \(Point.format(confidence)))"
    if let runnerUp {
      text += "; another outline scores nearly as well, \(runnerUp)"
    }
    return text + "; draw them with --overlay, or pass --corners"
  }
}
