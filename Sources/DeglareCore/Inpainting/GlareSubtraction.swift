import Foundation

// Glare on glass is light added to the paint: observed = paint + glare, in linear light. The
// glare layer is smooth (an out-of-focus reflection), the paint is not. Subtraction estimates the
// smooth added layer and takes it away, so the paint's own texture under translucent glare is
// kept rather than invented:
//
//   1. Predict the paint inside the mask from the unmasked surroundings: the outside pixels
//      (lightly smoothed) continued into the mask as a membrane that follows the edges of the
//      observed image. The glare's own edges are soft, so in linear light they barely register
//      as edges, while the paint's edges (a dark shape crossing the streak) keep the prediction
//      of each region to that region's own surroundings.
//   2. The residual observed - prediction inside the mask is glare plus the paint's deviation
//      from the prediction; its normalized Gaussian average over the reliable (unclipped) inside
//      pixels keeps the smooth glare and averages the paint's texture away.
//   3. The glare layer is that average, never negative (glare only adds light); the result is
//      observed - glare.
//
// Measured on the synthetic benchmark (Benchmarks/inpaint_eval.sh), the edge-aware prediction
// is worth about 5 dB over a plain membrane of the low-passed surroundings.

/// Estimation of the smooth added glare layer inside a mask.
enum GlareSubtraction {
  /// Tunables of the estimate, in pixels of the crop and linear-light differences.
  struct Parameters: Sendable, Equatable {
    /// Gaussian sigma of the smoothing of the surroundings before they are continued inward.
    var predictionSigma: Double
    /// Gaussian sigma of the low-pass of the residual that becomes the glare layer.
    var glareSigma: Double
    /// Gaussian sigma of the smoothing of the observed image used as the edge guide.
    var guideSigma: Double
    /// Linear-light difference between neighbours at which the prediction's link weight is 1/e.
    var edgeContrast: Float
    /// Smallest link weight of the prediction.
    var edgeFloor: Float
  }

  /// The glare layer of every plane: zero outside the mask, never negative.
  /// - Parameters:
  ///   - observed: the image (linear light) as planes.
  ///   - inside: true for mask pixels.
  ///   - reliable: true for pixels whose channels are all below clipping.
  static func glareLayer(
    observed: ColorPlanes, inside: [Bool], reliable: [Bool], parameters: Parameters,
    solver: MembraneSolver.Configuration
  ) -> [[Float]] {
    let width = observed.width
    let height = observed.height
    let count = observed.pixelCount
    let outsideWeight = inside.map { $0 ? Float(0) : 1 }

    // 1. The paint, predicted from outside only and continued along the image's edges.
    var prediction = PlaneFilter.normalizedGaussian(
      observed.planes, weights: outsideWeight, width: width, height: height, sigma: parameters.predictionSigma
    ).planes
    let guidePlanes = PlaneFilter.normalizedGaussian(
      observed.planes, weights: [Float](repeating: 1, count: count), width: width, height: height,
      sigma: parameters.guideSigma
    ).planes
    let guide = MembraneSolver.Guide(planes: guidePlanes, kappa: parameters.edgeContrast, floor: parameters.edgeFloor)
    let outside = inside.map { !$0 }
    MembraneSolver.fill(&prediction, known: outside, width: width, height: height, guide: guide, configuration: solver)

    // 2. Residual over the reliable inside pixels, averaged at the glare scale.
    var residual = [[Float]](repeating: [Float](repeating: 0, count: count), count: observed.planes.count)
    var residualWeight = [Float](repeating: 0, count: count)
    for p in 0..<count where inside[p] && reliable[p] {
      residualWeight[p] = 1
      for k in 0..<residual.count { residual[k][p] = observed.planes[k][p] - prediction[k][p] }
    }
    let averaged = PlaneFilter.normalizedGaussian(
      residual, weights: residualWeight, width: width, height: height, sigma: parameters.glareSigma,
      minimumWeight: 0.05)
    var glare = averaged.planes

    // Inside pixels with too little reliable support around them (clipped cores) take the glare
    // continued from their surroundings, with zero glare outside the mask.
    var known = [Bool](repeating: true, count: count)
    var needsFill = false
    for p in 0..<count where inside[p] && averaged.weight[p] < 0.05 {
      known[p] = false
      needsFill = true
    }
    for p in 0..<count where !inside[p] {
      for k in 0..<glare.count { glare[k][p] = 0 }
    }
    if needsFill { MembraneSolver.fill(&glare, known: known, width: width, height: height, configuration: solver) }

    // 3. Glare only adds light.
    for k in 0..<glare.count {
      for p in 0..<count { glare[k][p] = inside[p] ? max(glare[k][p], 0) : 0 }
    }
    return glare
  }
}
