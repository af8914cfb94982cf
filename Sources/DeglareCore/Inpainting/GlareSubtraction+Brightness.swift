import Foundation

// Paint lighter than predicted is not glare. The residual observed - prediction is glare plus
// the prediction's error, and one error is common where a generous mask's edge lies on a dark
// band (a frame's shadow) beside pale paint: the membrane continues the dark band into the pale
// paint, so the pale paint's residual is the paint itself, lighter than predicted. Most of those
// pixels refuse to vote (their residual is off the glare's colour), but the few whose residual
// happens to lie along it vote large amounts, and their mean becomes a layer that turns the pale
// paint red under a green streak (IMG_7690, docs/local-method.md "Paint lighter than predicted").
//
// Such an error has the paint's own colour: the paint is brighter or darker than predicted. So
// the residual's local mean (along the mask's level lines, over unclipped pixels) is fitted as
// an amount of the glare's colour plus an amount of the pixel's observed colour, and the glare's
// share of the single-colour fit is what the pixel keeps of its estimate. A mean that lies along
// the glare's colour keeps it all, whatever the paint's colour; a mean of the paint's own colour
// keeps none. Where the two colours are too close to tell apart (white glare on pale paint) the
// estimate is kept as it is.

extension GlareSubtraction {
  /// The share of the glare estimate that `mean`, the residual's local mean, leaves to the glare
  /// once an error of the paint's own brightness is allowed for: the glare's amount in the
  /// least-squares fit of `mean` by `colour` (a unit vector) and `paint`'s direction, over its
  /// amount in the fit by `colour` alone, ramped from 0 at `configuration.explainedNone` to 1 at
  /// `configuration.explainedFull`. 1 where the fit says nothing: a mean with no light along the
  /// colour, or a paint whose colour is within `configuration.brightnessSeparation` (the sine of
  /// the angle between them) of the glare's.
  static func explainedShare(
    mean: [Float], colour: [Float], paint: [Float], configuration: LocalInpainter.Configuration
  ) -> Float {
    var paintNorm: Float = 0
    for value in paint { paintNorm += value * value }
    paintNorm = paintNorm.squareRoot()
    guard paintNorm > 1e-6 else { return 1 }
    var alongColour: Float = 0
    var alongPaint: Float = 0
    var cosine: Float = 0
    for k in colour.indices {
      let direction = paint[k] / paintNorm
      alongColour += mean[k] * colour[k]
      alongPaint += mean[k] * direction
      cosine += direction * colour[k]
    }
    let separation = Float(configuration.brightnessSeparation)
    let sineSquared = 1 - cosine * cosine
    guard alongColour > 1e-6, sineSquared >= separation * separation else { return 1 }
    let glare = (alongColour - alongPaint * cosine) / sineSquared
    let share = min(max(glare / alongColour, 0), 1)
    let none = Float(configuration.explainedNone)
    let full = Float(configuration.explainedFull)
    return min(max((share - none) / (full - none), 0), 1)
  }

  /// ``explainedShare(mean:colour:paint:configuration:)`` for every member of a component's box:
  /// the residual's mean over `weights` (unclipped members) along the mask's level lines where
  /// `orientation` is given (a streak), else over an isotropic Gaussian of `sigma`.
  /// - Parameters:
  ///   - residual: observed - prediction, one plane per channel over `area`.
  ///   - direction: the glare's colour (unit vector) per pixel of `area`.
  ///   - observed: the work area's planes (`area` is a box in it).
  /// - Returns: the share per pixel of `area` (1 off the members).
  static func explainedShares(
    residual: [[Float]], weights: [Float], direction: [[Float]], observed: ColorPlanes, members: [Bool],
    area: PixelRect, sigma: Double, orientation: MaskOrientation?, alongSigma: Double,
    configuration: LocalInpainter.Configuration
  ) -> [Float] {
    var mean = PlaneFilter.normalizedGaussian(
      residual, weights: weights, width: area.width, height: area.height, sigma: sigma, minimumWeight: minimumSupport
    ).planes
    if let orientation {
      mean = meanAlongMask(
        residual, weights: weights, isotropic: consume mean, members: members, area: area,
        orientation: orientation, alongSigma: alongSigma)
    }
    let channels = residual.count
    var shares = [Float](repeating: 1, count: area.area)
    var pixelMean = [Float](repeating: 0, count: channels)
    var colour = [Float](repeating: 0, count: channels)
    var paint = [Float](repeating: 0, count: channels)
    for y in 0..<area.height {
      for x in 0..<area.width {
        let a = y * area.width + x
        guard members[a] else { continue }
        let p = (area.y + y) * observed.width + area.x + x
        for k in 0..<channels {
          pixelMean[k] = mean[k][a]
          colour[k] = direction[k][a]
          paint[k] = observed.planes[k][p]
        }
        shares[a] = explainedShare(mean: pixelMean, colour: colour, paint: paint, configuration: configuration)
      }
    }
    return shares
  }
}
