import Foundation

// The last check before the glare is subtracted. Glare is added light: taking it away may bring
// the paint back down to the darkest paint around the mask, but not below it. Paint that the
// prediction got wrong (a pale patch, a shape the surroundings do not show) looks like a lift,
// and subtracting that lift from paint that was never veiled pushes its dark parts below
// anything the painting has near the mask. So each part of the mask keeps the largest share of
// its estimated glare that sends no more than a few more of its pixels below the dark floor of
// the paint around the mask; a part that can keep none is left exactly as it is. A part that can
// keep some but not all has that share read again per band of depth in the mask
// (`floorBands`): under a generous mask the clean margin, whose paint the prediction misses most,
// would otherwise set the share of the glare deep inside.
//
// A lit sign's part is judged the same way by its glow, the paint around its opaque core: the
// glare estimated there is spread from the core's huge residual and, on paint paler or busier
// than the sign's surroundings predict, runs well past the true glow (a neutral 0.03-0.05 in
// linear light 10 px out, where the glow had faded to nothing). Measured on
// `Benchmarks/local_eval.sh --quick`: signs 23.81 -> 24.52 dB on the tuning part (the glow on
// the painting crops had been 3-12 dB worse than left alone), 24.81 -> 25.07 held-out; every
// other family unchanged.

extension GlareEvidence {
  /// Scales the glare of each part of `support` (8-connected) by the largest of 1, 0.95, ..., 0
  /// for which at most ``LocalInpainter/Configuration/floorTolerance`` of the part's pixels more
  /// than before fall below the dark floor once the glare is subtracted (in any channel), and
  /// returns the support less the parts whose share is 0. The dark floor is, per plane, the
  /// ``LocalInpainter/Configuration/floorQuantile`` of the unmasked pixels within
  /// ``LocalInpainter/Configuration/floorReach`` of the mask. Parts at least
  /// ``LocalInpainter/Configuration/opaqueEvidence`` opaque (paint gone: a lit sign) are judged
  /// by their pixels that are not opaque (the glow around the core, where the glare is
  /// subtracted) and keep their support whatever their share.
  /// - Parameters:
  ///   - glare: per plane, the glare to subtract (linear light); scaled in place.
  ///   - observed: the work area's planes (linear light).
  ///   - inside: the mask at the work scale (its surroundings give the floor).
  ///   - support: the mask pixels where glare was found.
  ///   - opaque: support pixels whose paint is gone (unexplained clipping).
  ///   - factor: full-resolution pixels per work pixel (the reach is in full-resolution pixels).
  static func floorCheck(
    _ glare: inout [[Float]], observed: ColorPlanes, inside: [Bool], support: [Bool], opaque: [Bool],
    configuration: LocalInpainter.Configuration, factor: Int
  ) -> [Bool] {
    guard configuration.floorTolerance < 1 else { return support }
    let width = observed.width
    let height = observed.height
    let toMask = DistanceTransform.distance(to: inside, width: width, height: height)
    let reach = Float(ringReach(configuration, factor: factor))
    var floor: [Float] = []
    for plane in observed.planes {
      var ring: [Float] = []
      for p in 0..<plane.count where !inside[p] && toMask[p] <= reach { ring.append(plane[p]) }
      guard !ring.isEmpty else { return support }
      ring.sort()
      floor.append(ring[Int((configuration.floorQuantile * Double(ring.count - 1)).rounded())])
    }
    var result = support
    let depth =
      configuration.floorBands > 1
      ? DistanceTransform.distance(to: inside.map { !$0 }, width: width, height: height) : []
    for part in partPixels(support, width: width, height: height) {
      // An opaque part (a lit sign) is judged by its paint that is not gone (the glow around
      // the core), and keeps its support: its core is synthesised whatever its glare.
      let opaqueCount = part.reduce(0) { $0 + (opaque[$1] ? 1 : 0) }
      let isOpaque = Double(opaqueCount) >= configuration.opaqueEvidence * Double(part.count)
      let judged = isOpaque ? part.filter { !opaque[$0] } : part
      guard !judged.isEmpty else { continue }
      let share = floorShare(glare, observed: observed, floor: floor, pixels: judged, configuration: configuration)
      guard share < 1 else { continue }
      // A part that can keep none of its glare is left as it is (paint the prediction missed); one
      // that keeps some has its share read per depth band.
      if share > 0 && !isOpaque && configuration.floorBands > 1 && part.count >= 4 * configuration.floorBands {
        bandedShares(&glare, observed: observed, floor: floor, part: part, depth: depth, configuration: configuration)
        continue
      }
      for p in part {
        for k in glare.indices { glare[k][p] *= share }
        if share == 0 && !isOpaque { result[p] = false }
      }
    }
    return result
  }

  /// The largest share (1, 0.95, ..., 0) of the glare at `pixels` whose subtraction sends at most
  /// ``LocalInpainter/Configuration/floorTolerance`` of them more below `floor` (per plane).
  static func floorShare(
    _ glare: [[Float]], observed: ColorPlanes, floor: [Float], pixels: [Int],
    configuration: LocalInpainter.Configuration
  ) -> Float {
    func below(_ share: Float) -> Int {
      var count = 0
      for p in pixels
      where observed.planes.indices.contains(where: { observed.planes[$0][p] - share * glare[$0][p] < floor[$0] }) {
        count += 1
      }
      return count
    }
    let allowed = below(0) + Int(configuration.floorTolerance * Double(pixels.count))
    for step in stride(from: floorSteps, to: 0, by: -1) {
      let share = Float(step) / Float(floorSteps)
      if below(share) <= allowed { return share }
    }
    return 0
  }

  /// Scales the glare of `part` by a share that follows the depth of its pixels in the mask:
  /// the part's pixels are split by depth into ``LocalInpainter/Configuration/floorBands`` bands
  /// of equal count, each band gets its own ``floorShare(_:observed:floor:pixels:configuration:)``,
  /// and each pixel's share is interpolated between the bands' median depths.
  static func bandedShares(
    _ glare: inout [[Float]], observed: ColorPlanes, floor: [Float], part: [Int], depth: [Float],
    configuration: LocalInpainter.Configuration
  ) {
    let bands = configuration.floorBands
    let sorted = part.sorted { depth[$0] < depth[$1] }
    var centres: [Float] = []
    var shares: [Float] = []
    for b in 0..<bands {
      let lower = b * sorted.count / bands
      let upper = (b + 1) * sorted.count / bands
      let pixels = Array(sorted[lower..<upper])
      centres.append(depth[pixels[pixels.count / 2]])
      shares.append(floorShare(glare, observed: observed, floor: floor, pixels: pixels, configuration: configuration))
    }
    for p in part {
      let d = depth[p]
      var share = shares[0]
      if d >= centres[bands - 1] {
        share = shares[bands - 1]
      } else if d > centres[0] {
        var b = 0
        while b + 1 < bands && centres[b + 1] < d { b += 1 }
        let span = centres[b + 1] - centres[b]
        let t = span > 0 ? (d - centres[b]) / span : 1
        share = shares[b] + t * (shares[b + 1] - shares[b])
      }
      for k in glare.indices { glare[k][p] *= share }
    }
  }

  /// The shares tried are multiples of 1 / this.
  static let floorSteps = 20

  /// How far around the mask, in work pixels, the paint that sets the dark floor (and what a
  /// strong edge is, see ``edgeCheck(_:observed:prediction:inside:support:configuration:factor:)``)
  /// reaches: ``LocalInpainter/Configuration/floorReach`` at the work scale, at least 1.5.
  static func ringReach(_ configuration: LocalInpainter.Configuration, factor: Int) -> Double {
    max(configuration.floorReach / Double(factor), 1.5)
  }

  /// The pixels (row-major indices) of each 8-connected part of `support`, in label order.
  static func partPixels(_ support: [Bool], width: Int, height: Int) -> [[Int]] {
    let parts = ConnectedComponents(width: width, height: height, connectivity: .eight, foreground: support)
    var pixels = [[Int]](repeating: [], count: parts.count)
    for p in 0..<support.count where parts.labels[p] > 0 { pixels[Int(parts.labels[p]) - 1].append(p) }
    return pixels
  }
}
