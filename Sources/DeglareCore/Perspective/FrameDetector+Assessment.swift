import Foundation

// The coarse candidates are scored on Hough lines, which a busy moulding or a cast shadow can
// put a few pixels off the real edge; the refinement then moves the sides. So the chosen quad and
// its runner-up are compared where they ended up: each refined side scored again on the analysis
// image, by the same coverage and wall contrast as the candidates, and by how many full-resolution
// profiles its line fit kept.

extension FrameDetector {
  /// What scoring a refined quad needs: the analysis image's edges and wall contrast.
  struct Assessor {
    let detector: FrameDetector
    let analysis: AnalysisPlanes
    let edges: ColorEdges
    let contrast: WallContrast
    /// Whether wall contrast counts: not for the canvas inside a frame (the frame is outside it).
    let wallOutside: Bool

    /// The score (0...1) of a refined quad (canonical coordinates): the product of its coverage,
    /// wall-contrast and support scores (each half the four sides' mean plus half the weakest
    /// side's), so one side with no wall outside it (a line inside the picture) or no edge
    /// under it costs much.
    func score(_ refinement: Refinement) -> Double { sides(refinement).score }

    /// The score and what it is made of, per side.
    func sides(_ refinement: Refinement) -> (score: Double, sides: [FrameDetection.Evidence.SideScore]) {
      let quad = refinement.quad.map(analysis.toAnalysis)
      let centre = quad.centroid
      let configuration = detector.configuration
      let tolerance = Float(configuration.coverageAngleDegrees * .pi / 180)
      var coverage: [Double] = []
      var walls: [Double] = []
      for side in 0..<4 {
        let (start, end) = quad.edge(side)
        let line = Line(through: start, end)
        var normal = line.normal
        if normal.dot((start + end) / 2 - centre) < 0 { normal = normal * -1 }  // outward
        var folded = atan2(normal.y, normal.x)
        if folded < 0 { folded += .pi }
        if folded >= .pi { folded -= .pi }
        let length = start.distance(to: end)
        let steps = max(1, Int((0.9 * length).rounded()))
        var hits = 0
        var wall = 0.0
        for step in 0..<steps {
          let point = start + (end - start) * (0.05 + 0.9 * (Double(step) + 0.5) / Double(steps))
          let x = Int(point.x.rounded())
          let y = Int(point.y.rounded())
          if x >= 0, y >= 0, x < edges.width, y < edges.height,
            edges.hasEdge(
              nearX: x, y: y, radius: configuration.assessmentCoverageRadius, normal: Float(folded),
              angleTolerance: tolerance)
          {
            hits += 1
          }
          // The normal points outward: the frame lies away from it. The best of three positions a
          // pixel apart: the refined line sits on the full-resolution edge, which the blurred
          // analysis image can put a pixel to either side.
          wall +=
            [-1.0, 0, 1].map { contrast.evidence(at: point + normal * $0, normal: normal).awayFromNormal }.max() ?? 0
        }
        coverage.append(Double(hits) / Double(steps))
        walls.append(wall / Double(steps))
      }
      if !wallOutside { walls = [1, 1, 1, 1] }
      let score = Self.combined(coverage) * Self.combined(walls) * Self.combined(refinement.sideSupport)
      let sides = (0..<4).map {
        FrameDetection.Evidence.SideScore(
          coverage: coverage[$0], wallContrast: walls[$0], support: refinement.sideSupport[$0])
      }
      return (score, sides)
    }

    /// Half the mean of four per-side scores plus half the weakest.
    static func combined(_ sides: [Double]) -> Double {
      0.5 * sides.reduce(0, +) / Double(max(sides.count, 1)) + 0.5 * (sides.min() ?? 0)
    }
  }
}
