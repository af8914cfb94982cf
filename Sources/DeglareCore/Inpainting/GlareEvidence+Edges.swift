import Foundation

// Glare is a veil in front of the paint: it crosses the paint's edges without a step, and it
// lifts the dark paint between the pale as much as the pale. Paint that is merely paler than the
// surroundings predict (white blossoms on a gold ground, a pale lily pad) gives an estimate that
// does neither: it steps up where the paint steps up and falls where it falls, and between its
// pale strokes the residual (observed - predicted paint) is about nothing. The dark floor check
// cannot see it, since the pale paint less the estimate stays above the darkest paint around the
// mask. So a part of the support is left exactly as it is when both show: across the strong
// edges of the photo (stronger than the estimate's own, so that a sharp-sided streak's edges,
// which the glare made, do not count) its estimate steps by at least `paintStepLimit` of the
// photo's step, and at least `unliftedLimit` of its glare's core is paint the residual shows
// unlifted. Either alone also happens under real glare: a prediction that misses a paint edge
// under a streak makes the estimate step there, and a busy painting's prediction leaves holes.
//
// Measured on `Benchmarks/local_eval.sh --quick` (tuning part, per part of the support): the
// glare-free parts that followed the paint stepped by about 0.3 with 11-21 % unlifted; the glared
// parts that stepped as much (procedural streaks crossing hard edges, up to about 0.45) had at most
// 7 % unlifted, and on the painting crops no glared part stepped more than about 0.16. The limits
// sit in those narrow gaps: the check is meant to refuse only what is plainly paint.
//
// A part that steps less but is more unlifted is paint as plainly: a pale passage crossed by
// darker strokes (a cream field with grey lines on a Mondrian, a pale lily pad) steps at the
// passage's sides and not at its strokes, about 0.15-0.2 of the photo's steps, with 30-40 %
// unlifted. So the two are also weighed together: a step of at least `leastPaintStep` whose
// product with the unlifted share reaches `paintEvidence`. At the check, the glare-free parts
// of the tuning part reached 0.045-0.09; among the glared ones, two over white blossoms on gold
// reached 0.050 and 0.057 (refused: a sharp streak left as it was, 19.8 -> 17.9 dB, and a part of
// a bloom, 26.9 -> 24.4 dB) and no other passed 0.041.

extension GlareEvidence {
  /// The support less its parts whose glare follows the paint's edges (see above); their glare is
  /// set to zero. Opaque parts (clipped paint the estimate does not explain) are judged alike:
  /// clipped white paint is as pale as paint gets, and a lit sign's core is lifted throughout.
  /// - Parameters:
  ///   - glare: per plane, the glare to subtract (linear light); zeroed on refused parts.
  ///   - observed: the work area's planes (linear light).
  ///   - prediction: the predicted paint over (at least) the support.
  ///   - inside: the mask at the work scale (its surroundings set what a strong edge is).
  ///   - support: the mask pixels where glare was found.
  ///   - factor: full-resolution pixels per work pixel (the distances are in full-resolution pixels).
  static func edgeCheck(
    _ glare: inout [[Float]], observed: ColorPlanes, prediction: MaskValues, inside: [Bool], support: [Bool],
    configuration: LocalInpainter.Configuration, factor: Int
  ) -> [Bool] {
    guard configuration.paintStepLimit > 0 else { return support }
    let width = observed.width
    let pixels = partPixels(support, width: width, height: observed.height)
    guard !pixels.isEmpty else { return support }
    let toMask = DistanceTransform.distance(to: inside, width: width, height: observed.height)
    var result = support
    for part in pixels {
      guard let colour = partColour(glare, part: part) else { continue }
      let unlifted = unliftedShare(glare, colour: colour, observed: observed, prediction: prediction, part: part)
      guard unlifted >= configuration.unliftedLimit else { continue }
      let step = paintStep(
        glare, colour: colour, observed: observed, inside: inside, toMask: toMask, part: part,
        configuration: configuration, factor: factor)
      guard
        step >= configuration.paintStepLimit
          || (step >= leastPaintStep && unlifted * step >= configuration.paintEvidence)
      else { continue }
      for p in part {
        for k in glare.indices { glare[k][p] = 0 }
        result[p] = false
      }
    }
    return result
  }

  /// The unit vector of the glare's sum over `part` (nil when it holds none).
  static func partColour(_ glare: [[Float]], part: [Int]) -> [Float]? {
    var colour = [Float](repeating: 0, count: glare.count)
    for p in part { for k in glare.indices { colour[k] += glare[k][p] } }
    let norm = colour.reduce(0) { $0 + $1 * $1 }.squareRoot()
    guard norm > 0 else { return nil }
    return colour.map { $0 / norm }
  }

  /// The value of `planes` at `p` along `colour`.
  static func along(_ planes: [[Float]], _ colour: [Float], at p: Int) -> Float {
    var sum: Float = 0
    for k in colour.indices { sum += colour[k] * planes[k][p] }
    return sum
  }

  /// The share of a part's glare core (its glare along `colour` at least half the part's 90th
  /// percentile) whose residual (observed - predicted paint, along `colour`) is under half its
  /// glare.
  static func unliftedShare(
    _ glare: [[Float]], colour: [Float], observed: ColorPlanes, prediction: MaskValues, part: [Int]
  ) -> Double {
    let amounts = part.map { along(glare, colour, at: $0) }
    let ninetieth = amounts.sorted()[Int((0.9 * Double(amounts.count - 1)).rounded())]
    var core = 0
    var unlifted = 0
    for (index, p) in part.enumerated() where amounts[index] >= 0.5 * ninetieth && amounts[index] > 0 {
      core += 1
      let i = prediction.index(of: p)
      var residual: Float = 0
      for k in colour.indices { residual += colour[k] * (observed.planes[k][p] - prediction.value(k, at: i)) }
      if residual < 0.5 * amounts[index] { unlifted += 1 }
    }
    return Double(unlifted) / Double(max(core, 1))
  }

  /// How much a part's glare steps across the photo's strong edges inside it, as a share of the
  /// photo's own step there (both along `colour`, read
  /// ``LocalInpainter/Configuration/edgeStepDistance`` to each side along the photo's gradient; 0
  /// when the part holds fewer than ``minimumEdges`` strong edges). An edge is strong when the
  /// photo's gradient exceeds ``edgeQuantile`` of the unmasked ring's (within
  /// ``LocalInpainter/Configuration/floorReach``) and ``ownEdgeRatio`` times the glare's.
  static func paintStep(
    _ glare: [[Float]], colour: [Float], observed: ColorPlanes, inside: [Bool], toMask: [Float], part: [Int],
    configuration: LocalInpainter.Configuration, factor: Int
  ) -> Double {
    let width = observed.width
    // The part's box grown by the ring and the sampling distance.
    let reach = ringReach(configuration, factor: factor)
    let distance = max(Int((configuration.edgeStepDistance / Double(factor)).rounded()), 1)
    let padding = Int(reach.rounded(.up)) + distance + 3
    var minX = Int.max
    var minY = Int.max
    var maxX = Int.min
    var maxY = Int.min
    for p in part {
      minX = min(minX, p % width)
      maxX = max(maxX, p % width)
      minY = min(minY, p / width)
      maxY = max(maxY, p / width)
    }
    let x0 = max(minX - padding, 0)
    let y0 = max(minY - padding, 0)
    let box = PixelRect(
      x: x0, y: y0, width: min(maxX + padding + 1, width) - x0, height: min(maxY + padding + 1, observed.height) - y0)
    var photo = [Float](repeating: 0, count: box.area)
    var layer = [Float](repeating: 0, count: box.area)
    for y in 0..<box.height {
      for x in 0..<box.width {
        let p = (box.y + y) * width + box.x + x
        photo[y * box.width + x] = along(observed.planes, colour, at: p)
        layer[y * box.width + x] = along(glare, colour, at: p)
      }
    }
    photo = smoothed(photo, box: box, sigma: configuration.edgeSigma)
    let smoothLayer = smoothed(layer, box: box, sigma: configuration.edgeSigma)
    func gradient(_ plane: [Float], _ x: Int, _ y: Int) -> (x: Float, y: Float) {
      let left = plane[y * box.width + max(x - 1, 0)]
      let right = plane[y * box.width + min(x + 1, box.width - 1)]
      let up = plane[max(y - 1, 0) * box.width + x]
      let down = plane[min(y + 1, box.height - 1) * box.width + x]
      return ((right - left) / 2, (down - up) / 2)
    }
    var ring: [Float] = []
    for y in 0..<box.height {
      for x in 0..<box.width {
        let p = (box.y + y) * width + box.x + x
        guard !inside[p] && Double(toMask[p]) <= reach else { continue }
        let g = gradient(photo, x, y)
        ring.append((g.x * g.x + g.y * g.y).squareRoot())
      }
    }
    guard !ring.isEmpty else { return 0 }
    ring.sort()
    let strong = ring[Int((edgeQuantile * Double(ring.count - 1)).rounded())]
    var weighted = 0.0
    var total = 0.0
    var edges = 0
    for p in part {
      let x = p % width - box.x
      let y = p / width - box.y
      let g = gradient(photo, x, y)
      let magnitude = (g.x * g.x + g.y * g.y).squareRoot()
      guard magnitude > strong else { continue }
      let l = gradient(smoothLayer, x, y)
      guard magnitude > Float(ownEdgeRatio) * (l.x * l.x + l.y * l.y).squareRoot() else { continue }
      func sample(_ plane: [Float], _ side: Float) -> Float {
        let sx = min(max(Int((Float(x) + side * Float(distance) * g.x / magnitude).rounded()), 0), box.width - 1)
        let sy = min(max(Int((Float(y) + side * Float(distance) * g.y / magnitude).rounded()), 0), box.height - 1)
        return plane[sy * box.width + sx]
      }
      let photoStep = Double(sample(photo, 1) - sample(photo, -1))
      weighted += Double(sample(layer, 1) - sample(layer, -1)) * photoStep
      total += photoStep * photoStep
      edges += 1
    }
    guard edges >= minimumEdges, total > 0 else { return 0 }
    return weighted / total
  }

  /// An edge is strong when its gradient exceeds this quantile of the gradients in the unmasked
  /// ring around the mask.
  static let edgeQuantile = 0.9
  /// An edge counts only where the photo's gradient exceeds the estimate's by this factor: where
  /// the two are alike, the glare made the edge (a sharp-sided streak).
  static let ownEdgeRatio = 2.0
  /// The least step (as a share of the photo's) that counts towards
  /// ``LocalInpainter/Configuration/paintEvidence``: below it the estimate does not follow the paint.
  static let leastPaintStep = 0.1
  /// Fewer strong edges than this in a part say nothing.
  static let minimumEdges = 10

  /// `plane` (one value per pixel of `box`) smoothed by a Gaussian of `sigma` work pixels,
  /// normalized at the box's borders.
  private static func smoothed(_ plane: [Float], box: PixelRect, sigma: Double) -> [Float] {
    var result = plane
    PlaneFilter.gaussian(&result, width: box.width, height: box.height, sigma: sigma)
    var ones = [Float](repeating: 1, count: box.area)
    PlaneFilter.gaussian(&ones, width: box.width, height: box.height, sigma: sigma)
    for a in 0..<box.area { result[a] /= max(ones[a], 1e-6) }
    return result
  }
}
