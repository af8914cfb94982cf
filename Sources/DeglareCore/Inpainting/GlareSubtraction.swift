import Foundation

// Glare on glass is light added to the paint: observed = paint + glare, in linear light. The
// glare layer is smooth (an out-of-focus reflection) and has one colour per reflection; the paint
// is neither. Subtraction estimates the smooth added layer and takes it away, so the paint's own
// texture under translucent glare is kept rather than invented:
//
//   1. Predict the paint inside the mask from the unmasked surroundings: the outside pixels
//      (lightly smoothed) continued into the mask as a membrane that follows the edges of the
//      observed image. The glare's own edges are soft, so in linear light they barely register
//      as edges, while the paint's edges (a dark shape crossing the streak) keep the prediction
//      of each region to that region's own surroundings. A strong streak over a dark shape is an
//      edge even so; a second pass (`guidePasses`) opens every link that the observed image less
//      the first pass's glare shows no edge across.
//   2. The residual observed - prediction is glare plus the paint's deviation from the
//      prediction. The glare's colour is the direction of the residual's large-scale mean; it
//      may have a negative component (a camera's colour matrix turns added green light into a
//      little less red). A pixel votes on the glare's amount with its unclipped channels (a
//      fully clipped one has no paint signal left), unless its residual cannot be a non-negative
//      amount of that colour: clearly negative along it, or far off it (the prediction is wrong
//      there: a shape the surroundings do not show).
//   3. Per mask component, the votes are averaged by a small isotropic normalized Gaussian at
//      the component's scale or, for an elongated component (a streak), along the mask's level
//      lines (`GlareSubtraction+Along.swift`, with a range kernel so the mean stops at a sudden
//      change along the streak): the glare stays, a streak's sharp sides included, and the
//      paint's texture averages away. The glare layer is that amount (never negative)
//      times the colour, continued smoothly over pixels with too few voters around them; the
//      result is observed - glare.
//
// Measured on the synthetic benchmark (Benchmarks/inpaint_eval.sh): the edge-guided prediction
// is worth about 5 dB over a plain membrane of the low-passed surroundings; the vote and the
// colour projection add little on average there but several dB on shapes enclosed by the mask,
// and they are what removes a real green streak without red fringes; averaging streaks along
// the mask adds about 2 dB, 5 dB on sharp-sided window reflections. The second pass and the
// range kernel add about 1.2 dB to auto's mean (31.19 -> 32.37; held-out set 30.44 -> 30.77)
// and take the demo fixture from 26.2 to 30.6 dB inside the mask; the second pass doubles
// subtract's time. Guiding the second pass by the deglared image alone scored a little higher
// on average but lost up to 4 dB on a faint veil (an error of the first estimate became an edge).

/// Estimation of the smooth added glare layer inside a mask.
enum GlareSubtraction {
  /// Blurred weight (the fraction of a Gaussian's mass on voting pixels) below which a pixel's
  /// glare is continued from its neighbours instead of averaged from its own residuals.
  static let minimumSupport: Float = 0.05

  /// The most a glare colour (a unit vector) may take from one channel.
  static let maximumNegative: Float = 0.15

  /// A partly clipped pixel votes only if its unclipped channels carry at least this fraction
  /// of the glare colour's energy (a unit vector's squared components summed).
  static let minimumCarried: Float = 0.2

  /// The glare layer of every plane (zero outside the mask), the predicted paint (linear light,
  /// from the surroundings) it was measured against, and the share of the layer each of the
  /// prediction's pixels (in its order) keeps: the share that the paint's own colour does not
  /// explain (`GlareSubtraction+Brightness.swift`) times the share its own mode along its level
  /// line gives (`GlareSubtraction+Along.swift`) or, in a broad round part, the share its bound
  /// gives (`GlareSubtraction+Broad.swift`).
  /// - Parameters:
  ///   - observed: the image (linear light) as planes.
  ///   - inside: true for mask pixels.
  ///   - components: the mask's connected parts, each with the sigma of its glare low-pass.
  ///   - clipped: per colour channel, true where that channel is clipped (grown).
  static func glareLayer(
    observed: ColorPlanes, inside: [Bool], components: MaskComponents, clipped: [[Bool]],
    configuration: LocalInpainter.Configuration, solver: MembraneSolver.Configuration
  ) -> (glare: [[Float]], prediction: MaskValues, kept: [Float]) {
    // Every pass after the first also guides the prediction by the observed image less the
    // previous pass's glare: a link is open where either image has no edge there, so the glare's
    // own edges no longer hold the prediction back and an error of the estimate adds none.
    // Each pass's arrays are freed as soon as the next needs none of them (on a large work area
    // every full-size plane counts): the previous glare once the links are weighed, the guides
    // with the links, the previous prediction before the new one is allocated.
    var glare: [[Float]] = []
    var kept: [Float] = []
    var prediction = MaskValues(pixels: [], values: [], channels: 0)
    for pass in 0..<max(configuration.guidePasses, 1) {
      if pass > 0 && solver.cancellation.isCancelled() { break }
      prediction = MaskValues(pixels: [], values: [], channels: 0)
      do {
        var alternate: [[Float]]? = nil
        if pass > 0 {
          let previous = consume glare
          glare = []
          alternate = deglaredGuide(observed: observed, glare: previous, inside: inside, configuration: configuration)
        }
        let links = predictionLinks(observed: observed, alternate: consume alternate, configuration: configuration)
        prediction = predictedPaint(
          observed: observed, links: consume links, inside: inside, configuration: configuration, solver: solver)
      }
      // Only the last pass's shares are used.
      let last = pass == max(configuration.guidePasses, 1) - 1
      (glare, kept) = estimatedGlare(
        observed: observed, prediction: prediction, inside: inside, components: components, clipped: clipped,
        configuration: configuration, solver: solver, measuresShares: last)
    }
    return (glare, prediction, kept)
  }

  /// The membrane's link weights for the prediction: guided by the observed image (smoothed one
  /// plane at a time) and, if given, by `alternate` (the deglared guide of the previous pass).
  static func predictionLinks(
    observed: ColorPlanes, alternate: consuming [[Float]]?, configuration: LocalInpainter.Configuration
  ) -> MembraneSolver.Links {
    let width = observed.width
    let height = observed.height
    var dx = [Float](repeating: 0, count: observed.pixelCount)
    var dy = [Float](repeating: 0, count: observed.pixelCount)
    do {
      let ones = PlaneFilter.blurredOnes(width: width, height: height, sigma: configuration.guideSigma)
      for k in 0..<observed.planes.count {
        var guide = observed.planes[k]
        PlaneFilter.normalizedGaussian(
          &guide, blurredOnes: ones, width: width, height: height, sigma: configuration.guideSigma)
        MembraneSolver.Links.addSquaredDifferences(of: guide, to: &dx, &dy, width: width, height: height)
      }
    }
    if let planes = consume alternate {
      MembraneSolver.Links.lowerToSquaredDifferences(&dx, &dy, of: planes, width: width, height: height)
    }
    return MembraneSolver.Links(
      squaredRight: consume dx, squaredDown: consume dy, kappa: Float(configuration.edgeContrast),
      floor: Float(configuration.edgeFloor), width: width, height: height)
  }

  /// The observed image less an estimate of the glare, smoothed like the guide (linear light
  /// planes), one plane at a time: on a large crop every plane counts.
  static func deglaredGuide(
    observed: ColorPlanes, glare: [[Float]], inside: [Bool], configuration: LocalInpainter.Configuration
  ) -> [[Float]] {
    let ones = PlaneFilter.blurredOnes(width: observed.width, height: observed.height, sigma: configuration.guideSigma)
    var result: [[Float]] = []
    for k in 0..<observed.planes.count {
      var deglared = observed.planes[k]
      for p in 0..<deglared.count where inside[p] { deglared[p] -= glare[k][p] }
      PlaneFilter.normalizedGaussian(
        &deglared, blurredOnes: ones, width: observed.width, height: observed.height, sigma: configuration.guideSigma)
      result.append(deglared)
    }
    return result
  }

  /// The paint inside the mask predicted from the surroundings (linear light planes): the
  /// outside pixels, lightly smoothed, continued into the mask by the membrane over `links`.
  static func predictedPaint(
    observed: ColorPlanes, links: consuming MembraneSolver.Links, inside: [Bool],
    configuration: LocalInpainter.Configuration,
    solver: MembraneSolver.Configuration
  ) -> MaskValues {
    let smoothed = PlaneFilter.normalizedGaussian(
      observed.planes, weights: inside.map { $0 ? 0 : 1 }, width: observed.width, height: observed.height,
      sigma: configuration.predictionSigma
    ).planes
    return MembraneSolver.unknownValues(
      consume smoothed, known: inside.map { !$0 }, links: consume links, configuration: solver)
  }

  /// One estimate of the glare layer (zero outside the mask) from the predicted paint, and the
  /// share of it each of the prediction's pixels keeps (see ``glareLayer``; all 1 unless
  /// `measuresShares`).
  static func estimatedGlare(
    observed: ColorPlanes, prediction: MaskValues, inside: [Bool], components: MaskComponents, clipped: [[Bool]],
    configuration: LocalInpainter.Configuration, solver: MembraneSolver.Configuration, measuresShares: Bool
  ) -> (glare: [[Float]], kept: [Float]) {
    let width = observed.width
    let height = observed.height
    let count = observed.pixelCount
    let channels = observed.planes.count

    // 2-3. Each component's residual, voted along its colour and averaged at its scale. The glare
    // is kept at the mask's pixels only (the prediction's, in the same order) until every
    // component is done, so that no full-size glare planes are alive beside their temporaries.
    var maskGlare = [Float](repeating: 0, count: prediction.pixels.count * channels)
    var kept = [Float](repeating: 1, count: prediction.pixels.count)
    // Inside pixels with too few votes around them (see step 3).
    var known = [Bool](repeating: true, count: count)
    var needsFill = false
    let alongLimit = Float(-configuration.predictionMismatch)
    let offLimit = Float(configuration.colourMismatch)
    for (index, component) in components.components.enumerated() {
      let label = Int32(index)
      // Normalized convolution needs no room beyond the component: nothing outside it votes.
      let area = component.box
      var residual = [[Float]](repeating: [Float](repeating: 0, count: area.area), count: channels)
      var votes = [Float](repeating: 0, count: area.area)
      var members = [Bool](repeating: false, count: area.area)
      for y in 0..<area.height {
        for x in 0..<area.width {
          let p = (area.y + y) * width + area.x + x
          guard components.labels[p] == label else { continue }
          let a = y * area.width + x
          members[a] = true
          let i = prediction.index(of: p)
          for k in 0..<channels { residual[k][a] = observed.planes[k][p] - prediction.value(k, at: i) }
          votes[a] = clipped.contains { $0[p] } ? 0 : 1
        }
      }
      let colourSigma = configuration.glareColourScale * component.glareSigma
      let unclipped = votes
      var direction = colourDirection(residual, votes: votes, area: area, sigma: colourSigma)
      for a in 0..<area.area where votes[a] > 0 {
        var along: Float = 0
        for k in 0..<channels { along += residual[k][a] * direction[k][a] }
        var off: Float = 0
        for k in 0..<channels {
          let d = residual[k][a] - along * direction[k][a]
          off += d * d
        }
        if along < alongLimit || off > offLimit * offLimit { votes[a] = 0 }
      }
      direction = []  // free the first estimate before the second is allocated
      direction = colourDirection(residual, votes: votes, area: area, sigma: colourSigma)
      // Every member votes with the channels it has left: the least-squares amount of the colour
      // in its unclipped channels, weighted by how much of the colour those channels carry (1
      // when none is clipped). Partly clipped pixels (bright paint, a bloom's halo) still count.
      var projected = [Float](repeating: 0, count: area.area)
      for y in 0..<area.height {
        for x in 0..<area.width {
          let a = y * area.width + x
          guard members[a] else { continue }
          let p = (area.y + y) * width + area.x + x
          var carried: Float = 0
          var dot: Float = 0
          for k in 0..<channels where !clipped[k][p] {
            carried += direction[k][a] * direction[k][a]
            dot += residual[k][a] * direction[k][a]
          }
          votes[a] = 0
          guard carried >= minimumCarried else { continue }
          let amount = dot / carried
          var off: Float = 0
          for k in 0..<channels where !clipped[k][p] {
            let d = residual[k][a] - amount * direction[k][a]
            off += d * d
          }
          guard amount >= alongLimit, off <= offLimit * offLimit else { continue }
          projected[a] = amount
          votes[a] = carried
        }
      }
      // Only a band-like component (a streak) has level lines that follow its glare; around a
      // round one (a bloom, a sheen) the mask's circles need not share the glare's centre.
      let orientation =
        component.elongation < configuration.minimumElongation
        ? nil
        : maskOrientation(
          area: area, distance: components.levelLines, workWidth: width, workHeight: height,
          tensorSigma: configuration.orientationScale * component.glareSigma)
      let alongSigma = min(max(configuration.alongScale * component.halfWidth, 2), configuration.maximumSigma)
      let shares =
        measuresShares
        ? explainedShares(
          residual: residual, weights: unclipped, direction: direction, observed: observed, members: members,
          area: area, sigma: component.glareSigma, orientation: orientation, alongSigma: alongSigma,
          configuration: configuration)
        : nil
      // The glare's colour is kept in `glare` until its amount is known, so that neither the
      // residual nor the colour needs a plane of its own while the amounts are averaged.
      for y in 0..<area.height {
        for x in 0..<area.width {
          let a = y * area.width + x
          guard members[a] else { continue }
          let p = (area.y + y) * width + area.x + x
          let i = prediction.index(of: p)
          for k in 0..<channels { maskGlare[i * channels + k] = direction[k][a] }
          if let shares { kept[i] = shares[a] }
        }
      }
      residual = []
      direction = []
      var (averaged, averagedWeight) = PlaneFilter.normalizedGaussian(
        [projected], weights: votes, width: area.width, height: area.height, sigma: component.glareSigma,
        minimumWeight: minimumSupport)
      let isotropic = averaged[0]
      averaged = []
      let amounts: [Float]
      // Per pixel, the amount it may keep, as a share of its own: its mode along its line (a
      // streak; up to `modeCap` times it) or a broad part's bound (`GlareSubtraction+Broad.swift`;
      // at most all of it).
      let bounds: [Float]?
      let cap: Float
      if let orientation {
        // Where each pixel's mode along its line starts: its own neighbourhood's amount.
        let modeStarts =
          measuresShares && configuration.modeSigma > 0 && configuration.alongRangeRelative > 0
          ? PlaneFilter.normalizedGaussian(
            [projected], weights: votes, width: area.width, height: area.height, sigma: configuration.modeSigma,
            minimumWeight: minimumSupport
          ).planes[0] : nil
        (amounts, bounds) = averageAlongMask(
          projected: consume projected, votes: votes, isotropic: consume isotropic, members: members, area: area,
          orientation: orientation, alongSigma: alongSigma,
          rangeRelative: Float(configuration.alongRangeRelative), rangeFloor: Float(configuration.alongRangeFloor),
          modeStarts: modeStarts)
        cap = Float(configuration.modeCap)
      } else {
        let broad =
          measuresShares
          ? broadBounds(
            projected: projected, votes: votes, amounts: isotropic, members: members, area: area,
            halfWidth: component.halfWidth, configuration: configuration) : nil
        (amounts, bounds, cap) = (isotropic, broad, 1)
      }
      for y in 0..<area.height {
        for x in 0..<area.width {
          let a = y * area.width + x
          guard members[a] else { continue }
          let p = (area.y + y) * width + area.x + x
          if averagedWeight[a] < minimumSupport {
            known[p] = false
            needsFill = true
          }
          let amount = max(amounts[a], 0)
          let index = prediction.index(of: p)
          if let bounds, amount > 1e-6 { kept[index] *= min(max(bounds[a], 0) / amount, cap) }
          let i = index * channels
          for k in 0..<channels { maskGlare[i + k] = amount * maskGlare[i + k] }
        }
      }
    }
    var glare = [[Float]](repeating: [Float](repeating: 0, count: count), count: channels)
    for (i, p) in prediction.pixels.enumerated() {
      for k in 0..<channels { glare[k][Int(p)] = maskGlare[i * channels + k] }
    }
    maskGlare = []

    // 3. Inside pixels with too few votes around them (clipped cores, enclosed shapes) take the
    // glare continued from their surroundings, with zero glare outside the mask.
    if needsFill { MembraneSolver.fill(&glare, known: known, width: width, height: height, configuration: solver) }
    for k in 0..<channels {
      for p in 0..<count where !inside[p] { glare[k][p] = 0 }
    }
    return (glare, kept)
  }

  /// The glare's colour at every pixel of `area`: the unit vector of the voters' mean residual
  /// over a Gaussian of `sigma`. A mean that adds no light overall (its channels sum to zero or
  /// less) says nothing about the glare's colour, so neutral grey is used there instead.
  private static func colourDirection(_ residual: [[Float]], votes: [Float], area: PixelRect, sigma: Double)
    -> [[Float]]
  {
    let channels = residual.count
    let neutral = 1 / Float(channels).squareRoot()
    var direction = PlaneFilter.normalizedGaussian(
      residual, weights: votes, width: area.width, height: area.height, sigma: sigma, minimumWeight: 1e-6
    ).planes
    for a in 0..<area.area {
      var norm: Float = 0
      var sum: Float = 0
      for k in 0..<channels {
        norm += direction[k][a] * direction[k][a]
        sum += direction[k][a]
      }
      norm = norm.squareRoot()
      for k in 0..<channels { direction[k][a] = norm > 1e-6 && sum > 0 ? direction[k][a] / norm : neutral }
      // Added light takes at most a little from a channel (a camera's colour matrix): a mean
      // that takes more (paint of another colour than predicted, cyan where brown was expected)
      // is not a glare colour, so its negative part is cut to that little.
      var cut = false
      for k in 0..<channels where direction[k][a] < -maximumNegative {
        direction[k][a] = -maximumNegative
        cut = true
      }
      guard cut else { continue }
      var renorm: Float = 0
      for k in 0..<channels { renorm += direction[k][a] * direction[k][a] }
      renorm = renorm.squareRoot()
      for k in 0..<channels { direction[k][a] /= renorm }
    }
    return direction
  }
}
