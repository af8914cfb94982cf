import Foundation

// Evidence before subtraction. People paint masks generously, over paint that has no glare, so
// the glare layer first estimated over the whole mask is kept only where the photo shows one: a
// clearly lifted, smooth layer (seed pixels where the estimate reaches `evidenceLevel`), followed
// outward while it stays above `traceLevel` (the layer's faint flanks), plus a margin. The rest of
// the mask is paint that was never veiled: it is left exactly as it is, and it becomes known paint
// for the second estimate, so that a mask 25 px too wide should give about the same result as a
// tight one.
//
// It does not yet, and glare-free paint lighter than its surroundings predict is still taken for
// a veil: docs/local-method.md records where the loss goes, the figures, and what was tried.

/// Where inside a mask the photo shows glare.
enum GlareEvidence {
  /// The support of the glare: mask pixels of a connected part of `glare` above
  /// ``LocalInpainter/Configuration/traceLevel`` that reaches
  /// ``LocalInpainter/Configuration/evidenceLevel``, grown by the support margin, within the mask.
  /// - Parameters:
  ///   - glare: the first estimate, one plane per channel (linear light, 0 outside the mask).
  ///   - seeds: the same cut to what the darkest paint's lift allows (see
  ///     ``bound(_:by:inside:)``): a part is glare only if it reaches the evidence level there.
  ///   - inside: the mask at the work scale.
  ///   - opaque: mask pixels whose paint is gone (unexplained clipping): seeds by themselves.
  ///   - components: the mask's parts (their glare sigma sets the margin).
  ///   - factor: full-resolution pixels per work pixel.
  static func support(
    glare: [[Float]], seeds seedGlare: [[Float]], inside: [Bool], opaque: [Bool], components: MaskComponents,
    width: Int, height: Int,
    configuration: LocalInpainter.Configuration, factor: Int
  ) -> [Bool] {
    let count = inside.count
    var amount = [Float](repeating: 0, count: count)
    for p in 0..<count where inside[p] {
      var sum: Float = 0
      for plane in glare { sum += plane[p] * plane[p] }
      amount[p] = sum.squareRoot()
    }
    let seed = Float(configuration.evidenceLevel)
    var seedAmount = [Float](repeating: 0, count: count)
    for p in 0..<count where inside[p] {
      var sum: Float = 0
      for plane in seedGlare { sum += plane[p] * plane[p] }
      seedAmount[p] = sum.squareRoot()
    }
    let trace = Float(configuration.traceLevel)
    // Hysteresis: parts above the trace level that hold a seed.
    let traced = ConnectedComponents(
      width: width, height: height, foreground: (0..<count).map { amount[$0] > trace || opaque[$0] })
    var seeded = [Bool](repeating: false, count: traced.count + 1)
    for p in 0..<count where seedAmount[p] >= seed || opaque[p] { seeded[Int(traced.labels[p])] = true }
    var support = [Bool](repeating: false, count: count)
    var any = false
    for p in 0..<count where traced.labels[p] > 0 && seeded[Int(traced.labels[p])] {
      support[p] = true
      any = true
    }
    guard any else { return support }
    // The margin: a few full-resolution pixels, or the glare's own softness if larger.
    var sigma = 0.0
    for component in components.components { sigma = max(sigma, component.glareSigma) }
    let margin = Float(
      max(Double(configuration.supportMargin) / Double(factor), configuration.supportMarginScale * sigma))
    let distance = DistanceTransform.distance(to: support, width: width, height: height)
    for p in 0..<count { support[p] = inside[p] && distance[p] <= margin }
    return support
  }
}
