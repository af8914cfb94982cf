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
    /// Gaussian sigma of the smoothing of the observed image used as the edge guide.
    var guideSigma: Double
    /// Linear-light difference between neighbours at which the prediction's link weight is 1/e.
    var edgeContrast: Float
    /// Smallest link weight of the prediction.
    var edgeFloor: Float
  }

  /// Blurred weight (the fraction of a Gaussian's mass on reliable pixels) below which a pixel's
  /// glare is continued from its neighbours instead of averaged from its own residuals.
  static let minimumSupport: Float = 0.05

  /// The glare layer of every plane: zero outside the mask, never negative.
  /// - Parameters:
  ///   - observed: the image (linear light) as planes.
  ///   - inside: true for mask pixels.
  ///   - components: the mask's connected parts, each with the sigma of its glare low-pass.
  ///   - reliable: true for pixels whose channels are all below clipping.
  static func glareLayer(
    observed: ColorPlanes, inside: [Bool], components: MaskComponents, reliable: [Bool], parameters: Parameters,
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

    // 2. Residual over the reliable pixels of each component, averaged at that component's scale.
    var glare = [[Float]](repeating: [Float](repeating: 0, count: count), count: observed.planes.count)
    var support = [Float](repeating: 0, count: count)
    for (index, component) in components.components.enumerated() {
      let label = Int32(index)
      let area = component.box.padded(
        by: Int((3 * component.glareSigma).rounded(.up)) + 1, within: PixelRect(x: 0, y: 0, width: width, height: height))
      var residual = [[Float]](repeating: [Float](repeating: 0, count: area.area), count: glare.count)
      var weight = [Float](repeating: 0, count: area.area)
      for y in 0..<area.height {
        for x in 0..<area.width {
          let p = (area.y + y) * width + area.x + x
          guard components.labels[p] == label && reliable[p] else { continue }
          weight[y * area.width + x] = 1
          for k in 0..<glare.count { residual[k][y * area.width + x] = observed.planes[k][p] - prediction[k][p] }
        }
      }
      let averaged = PlaneFilter.normalizedGaussian(
        residual, weights: weight, width: area.width, height: area.height, sigma: component.glareSigma,
        minimumWeight: minimumSupport)
      for y in 0..<area.height {
        for x in 0..<area.width {
          let p = (area.y + y) * width + area.x + x
          guard components.labels[p] == label else { continue }
          support[p] = averaged.weight[y * area.width + x]
          for k in 0..<glare.count { glare[k][p] = averaged.planes[k][y * area.width + x] }
        }
      }
    }

    // Inside pixels with too little reliable support around them (clipped cores) take the glare
    // continued from their surroundings, with zero glare outside the mask.
    var known = [Bool](repeating: true, count: count)
    var needsFill = false
    for p in 0..<count where inside[p] && support[p] < minimumSupport {
      known[p] = false
      needsFill = true
    }
    if needsFill { MembraneSolver.fill(&glare, known: known, width: width, height: height, configuration: solver) }

    // 3. Glare only adds light.
    for k in 0..<glare.count {
      for p in 0..<count { glare[k][p] = inside[p] ? max(glare[k][p], 0) : 0 }
    }
    return glare
  }
}
