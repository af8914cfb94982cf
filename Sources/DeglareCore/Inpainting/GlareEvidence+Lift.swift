import Foundation

// What glare physically is: light added on the glass, smooth, in front of the paint. It lifts
// every value under it, the darkest included, by about the same amount across the paint's edges.
// Paint that is merely lighter than the surroundings predict (white blossoms on a gold ground, a
// pale block among black bars) lifts only its own light parts: between them, the darkest paint
// inside the mask is as dark as the darkest paint just outside it. So the glare at a mask pixel
// can be no more than the lift of the darkest paint around it over the darkest paint outside the
// mask nearby (continued smoothly into the mask), in each channel the glare's colour holds. A
// glare estimate above that bound is the prediction's miss, not glare: it is cut to the bound,
// and where the bound is zero the paint is left exactly as it is.

extension GlareEvidence {
  /// Per plane, how much the darkest paint near each mask pixel is lifted above the darkest paint
  /// outside the mask near it (linear light, never negative; 0 outside the mask).
  ///
  /// The darkest paint inside is the minimum over the mask pixels of a square window of
  /// ``LocalInpainter/Configuration/envelopeRadius`` around each pixel; the darkest paint outside
  /// is the minimum over the unmasked pixels of a window ``LocalInpainter/Configuration/envelopeReach``
  /// times as wide, continued into the mask by the membrane.
  /// - Parameters:
  ///   - observed: the work area's planes (linear light).
  ///   - inside: the mask at the work scale.
  ///   - factor: full-resolution pixels per work pixel (the radius is in full-resolution pixels).
  static func lift(
    observed: ColorPlanes, inside: [Bool], configuration: LocalInpainter.Configuration, factor: Int,
    solver: MembraneSolver.Configuration
  ) -> [[Float]] {
    let width = observed.width
    let height = observed.height
    let radius = max(Int((configuration.envelopeRadius / Double(factor)).rounded()), 1)
    let outerRadius = max(
      Int((configuration.envelopeRadius * configuration.envelopeReach / Double(factor)).rounded()), 1)
    let outside = inside.map { !$0 }
    var darkestOutside = observed.planes.map {
      windowExtreme($0, valid: outside, width: width, height: height, radius: outerRadius)
    }
    for k in darkestOutside.indices {
      for p in 0..<inside.count where inside[p] { darkestOutside[k][p] = 0 }
    }
    MembraneSolver.fill(&darkestOutside, known: outside, width: width, height: height, configuration: solver)
    var result: [[Float]] = []
    for k in 0..<observed.planes.count {
      var lift = windowExtreme(observed.planes[k], valid: inside, width: width, height: height, radius: radius)
      for p in 0..<lift.count { lift[p] = inside[p] ? max(lift[p] - darkestOutside[k][p], 0) : 0 }
      // The window's minimum reaches `radius` beyond a sharp-sided glare's edge; its maximum over
      // the same window gives the edge back (a morphological opening of the lifted layer).
      if configuration.envelopeOpening {
        lift = windowExtreme(lift, valid: inside, width: width, height: height, radius: radius, largest: true)
      }
      for p in 0..<lift.count where !inside[p] { lift[p] = 0 }
      result.append(lift)
    }
    return result
  }

  /// Cuts the glare at each pixel to the amount the lift allows along the glare's own colour: the
  /// smallest ratio lift / colour over the channels (added light lifts each of them in
  /// proportion; paint of another colour lifts only some). Glare is light of low saturation, so
  /// a channel is taken to hold at least ``minimumShare`` of it: a colour that leaves a channel
  /// nearly out (cyan where the paint went from red to white) is the paint's, not the glass's.
  static func bound(_ glare: inout [[Float]], by lift: [[Float]], inside: [Bool]) {
    let channels = glare.count
    for p in 0..<inside.count where inside[p] {
      var amount: Float = 0
      for k in 0..<channels { amount += glare[k][p] * glare[k][p] }
      amount = amount.squareRoot()
      guard amount > 0 else { continue }
      var allowed = Float.infinity
      for k in 0..<channels {
        allowed = min(allowed, lift[k][p] / max(glare[k][p] / amount, minimumShare))
      }
      guard allowed < amount else { continue }
      let scale = allowed / amount
      for k in 0..<channels { glare[k][p] *= scale }
    }
  }

  /// The least share of the glare's colour (a unit vector's component) a channel is taken to
  /// hold (a neutral colour holds 0.58 in each of three channels, a cyan skylight 0.26 in red).
  static let minimumShare: Float = 0.2

  /// The minimum of `plane` over the `valid` pixels of the square window of half-side `radius`
  /// around each pixel (+infinity where the window holds none), by a row pass and a column pass;
  /// with `largest`, the maximum instead (-infinity where none).
  static func windowExtreme(
    _ plane: [Float], valid: [Bool], width: Int, height: Int, radius: Int, largest: Bool = false
  ) -> [Float] {
    // The maximum is the minimum of the negated plane.
    let sign: Float = largest ? -1 : 1
    var rows = [Float](repeating: .infinity, count: plane.count)
    var line = [Float](repeating: .infinity, count: max(width, height))
    for y in 0..<height {
      let row = y * width
      for x in 0..<width { line[x] = valid[row + x] ? sign * plane[row + x] : .infinity }
      for x in 0..<width {
        var least = Float.infinity
        for t in max(x - radius, 0)...min(x + radius, width - 1) where line[t] < least { least = line[t] }
        rows[row + x] = least
      }
    }
    var result = [Float](repeating: .infinity, count: plane.count)
    for x in 0..<width {
      for y in 0..<height { line[y] = rows[y * width + x] }
      for y in 0..<height {
        var least = Float.infinity
        for t in max(y - radius, 0)...min(y + radius, height - 1) where line[t] < least { least = line[t] }
        result[y * width + x] = sign * least
      }
    }
    return result
  }
}
