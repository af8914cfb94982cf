import Foundation

// One work area's repair. The glare layer is smooth, so it is estimated at a reduced scale (blocks
// of `factor` x `factor` pixels, averaged in linear light) when the mask is large: the cost then
// follows the masked area divided by factor squared, and only the final subtraction and any
// synthesis run at full resolution. On small masks the factor is 1 and every step is exact.

extension LocalInpainter {
  /// Repairs the mask's pixels within `area` (which holds the whole of every mask part it
  /// touches, with its margin), reading `image` and writing `result`, and records what it did.
  static func repair(
    _ image: ImageBuffer, into result: inout ImageBuffer, mask: Mask, area: PixelRect, method: LocalMethod,
    configuration: Configuration, reports: inout RegionReports, cancellation: RepairCancellation
  ) throws(RepairCancelled) {
    let fullInside = insidePixels(of: mask, in: area)
    // With no unmasked pixel at all there is nothing to predict the paint from.
    guard fullInside.contains(false) else { return }
    if method == .fill {
      try ExemplarFill.fill(
        &result, region: fullInside, in: area, mask: mask, configuration: configuration, cancellation: cancellation)
      reports.record(area: area, state: fullInside.map { $0 ? 3 : 0 })
      return
    }
    let scale = WorkScale(area: area, factor: workScale(of: fullInside, area: area, configuration: configuration))
    let planes = scale.planes(of: image, linear: configuration.linearLight)
    let inside = scale.inside(fullInside)
    guard inside.contains(false) else { return }
    var solver = MembraneSolver.Configuration()
    solver.cancellation = cancellation
    let work = Work(
      planes: planes, inside: inside, clipped: scale.clippedChannels(of: image, configuration: configuration),
      cores: scale.opaqueCores(of: image, mask: mask, configuration: configuration),
      configuration: configuration, solver: solver, factor: scale.factor)
    let estimate = try work.estimate(fillClipped: method == .auto)
    try cancellation.check()
    let outcome = scale.write(estimate, image: image, into: &result, inside: fullInside, configuration: configuration)
    reports.record(area: area, state: outcome.state, peaks: outcome.peaks)
    guard outcome.fill.contains(true) else { return }
    try ExemplarFill.fill(
      &result, region: outcome.fill, in: area, mask: mask, configuration: configuration, cancellation: cancellation)
  }

  /// The reduction factor of a work area: 1 for small masks, larger when the mask holds more
  /// than ``Configuration/workUnknowns`` pixels, but never so large that a part of the mask
  /// would be less than ``Configuration/workHalfWidth`` blocks across.
  static func workScale(of inside: [Bool], area: PixelRect, configuration: Configuration) -> Int {
    let count = inside.reduce(0) { $0 + ($1 ? 1 : 0) }
    let byCount = Int((Double(count) / Double(max(configuration.workUnknowns, 1))).squareRoot().rounded(.up))
    guard byCount > 1 else { return 1 }
    // The thinnest sizeable part's half-width: twice the mean distance of its pixels to the outside.
    let distance = DistanceTransform.distance(to: inside.map { !$0 }, width: area.width, height: area.height)
    var sum = 0.0
    for p in 0..<distance.count where inside[p] { sum += Double(distance[p]) }
    let halfWidth = 2 * sum / Double(max(count, 1))
    let byWidth = Int(halfWidth / configuration.workHalfWidth)
    return max(1, min(byCount, byWidth, configuration.largestWorkScale))
  }
}

/// One estimate in progress, at the work scale: the area's planes, its mask and clipping.
struct Work {
  let planes: ColorPlanes
  let inside: [Bool]
  /// Per colour channel, the pixels where that channel is clipped, grown.
  let clipped: [[Bool]]
  /// The clipped pixels that may be an opaque reflection's core, grown (see
  /// ``WorkScale/opaqueCores(of:mask:configuration:)``); other clipping is the paint's white.
  let cores: [Bool]
  let configuration: LocalInpainter.Configuration
  let solver: MembraneSolver.Configuration
  /// Full-resolution pixels per work pixel along each axis.
  let factor: Int

  /// The clip level as a plane value.
  var clipThreshold: Float {
    let level = Float(configuration.clipLevel)
    return configuration.linearLight ? SRGB.decode(level) : level
  }

  /// The glare estimate at the work scale, after the evidence test.
  struct Estimate {
    /// Per plane, the glare to subtract (0 off the support).
    var glare: [[Float]]
    /// Work pixels where glare was found (a subset of the mask).
    var support: [Bool]
    /// Work pixels whose paint is gone: every channel is synthesised.
    var fillAll: [Bool]
    /// Per plane, the pixels whose clipped channel is filled from `filled` (the others keep their
    /// subtracted paint); nil when nothing is clipped.
    var channelFilled: [[Bool]]?
    /// The subtracted planes with the clipped channels (and `fillAll` pixels) filled by the
    /// membrane.
    var filled: [[Float]]?
  }

  /// Estimates the glare over the whole mask, keeps it only where ``GlareEvidence`` finds the
  /// photo shows one, and estimates it again over that support alone (every other pixel is then
  /// known paint). With `fillClipped`, clipped pixels whose clipping the estimate does not explain
  /// are marked for synthesis and explained ones get their clipped channels filled.
  func estimate(fillClipped: Bool) throws(RepairCancelled) -> Estimate {
    let width = planes.width
    let height = planes.height
    var components = MaskComponents(inside: inside, width: width, height: height, configuration: configuration)
    // The glare found inside the mask keeps the mask's level lines (see `MaskComponents`).
    let userMaskDistance = components.distance
    var (glare, prediction, shares) = GlareSubtraction.glareLayer(
      observed: planes, inside: inside, components: components, clipped: clipped, configuration: configuration,
      solver: solver)
    try solver.cancellation.check()
    // No more glare than the darkest paint is lifted by (added light lifts it; lighter paint does not).
    let lift =
      configuration.envelopeRadius > 0
      ? GlareEvidence.lift(
        observed: planes, inside: inside, configuration: configuration, factor: factor, solver: solver)
      : nil
    // A part whose paint is mostly gone (at least `opaqueEvidence` of it clipped beyond what the
    // estimate explains: an opaque sign) has too little paint left to read a lift from: its
    // glare is not cut. A few clipped pixels are as likely white paint.
    var bounded = inside
    if lift != nil {
      let opaque = unexplainedClipping(glare: glare, prediction: prediction, lift: lift, within: inside)
      var count = [Int](repeating: 0, count: components.components.count)
      var size = [Int](repeating: 0, count: components.components.count)
      for p in 0..<opaque.count where inside[p] {
        size[Int(components.labels[p])] += 1
        if opaque[p] { count[Int(components.labels[p])] += 1 }
      }
      for p in 0..<bounded.count where bounded[p] {
        let part = Int(components.labels[p])
        if Double(count[part]) >= configuration.opaqueEvidence * Double(size[part]) { bounded[p] = false }
      }
    }
    if let lift, configuration.envelopeBoundsAmount { GlareEvidence.bound(&glare, by: lift, inside: bounded) }
    // Each round keeps the glare where the last estimate shows one and estimates it again with
    // the rest known: a closer prediction, so a tighter and truer support, until it stops
    // shrinking. Clipping that an estimate does not explain is evidence by itself: paint is gone.
    // Parts whose glare does not stand out from the paint's own structure are left as they are.
    var support = inside
    if configuration.evidenceContrast > 0 {
      support = GlareEvidence.confident(
        glare: glare, observed: planes, inside: inside,
        opaque: unexplainedClipping(glare: glare, prediction: prediction, lift: lift, within: inside),
        components: components,
        configuration: configuration, factor: factor)
    }
    if support != inside && support.contains(true) {
      components = MaskComponents(
        inside: support, width: width, height: height, configuration: configuration,
        userMaskDistance: userMaskDistance)
    }
    for _ in 0..<max(configuration.evidenceRounds, 1) where support.contains(true) {
      var seeds = glare
      if let lift { GlareEvidence.bound(&seeds, by: lift, inside: zip(support, bounded).map { $0 && $1 }) }
      let next = GlareEvidence.support(
        glare: glare, seeds: seeds, inside: support,
        opaque: unexplainedClipping(glare: glare, prediction: prediction, lift: lift, within: support),
        components: components, width: width, height: height, configuration: configuration, factor: factor)
      // A support that keeps nearly all of the mask (a tight mask) is not worth another estimate.
      let kept = next.reduce(0) { $0 + ($1 ? 1 : 0) }
      let before = support.reduce(0) { $0 + ($1 ? 1 : 0) }
      guard Double(kept) < configuration.narrowing * Double(before) else { break }
      support = next
      guard support.contains(true) else { break }
      components = MaskComponents(
        inside: support, width: width, height: height, configuration: configuration,
        userMaskDistance: userMaskDistance)
      (glare, prediction, shares) = GlareSubtraction.glareLayer(
        observed: planes, inside: support, components: components, clipped: clipped, configuration: configuration,
        solver: solver)
      if let lift, configuration.envelopeBoundsAmount {
        GlareEvidence.bound(&glare, by: lift, inside: zip(support, bounded).map { $0 && $1 })
      }
      try solver.cancellation.check()
    }
    // No glare whose estimate follows the paint's edges and leaves the paint between them unlifted.
    // Judged before the floor check shrinks the estimate: paint's estimate, shrunk, steps by less
    // than the photo does and would pass (white blossoms on gold did).
    if support.contains(true) {
      support = GlareEvidence.edgeCheck(
        &glare, observed: planes, prediction: prediction, inside: inside, support: support,
        configuration: configuration, factor: factor)
    }
    // No more glare than the paint can lose without going darker than the paint around the mask.
    if support.contains(true) {
      support = GlareEvidence.floorCheck(
        &glare, observed: planes, inside: inside, support: support,
        opaque: unexplainedClipping(glare: glare, prediction: prediction, lift: lift, within: support),
        configuration: configuration, factor: factor)
    }
    let empty = Estimate(
      glare: [], support: support, fillAll: [Bool](repeating: false, count: inside.count), channelFilled: nil,
      filled: nil)
    guard support.contains(true) else { return empty }
    // Only the share of the glare that the paint's own colour does not explain
    // (`GlareSubtraction+Brightness.swift`), and that the pixel's own mode along its level line
    // gives (`GlareSubtraction+Along.swift`), is taken away. Applied last, so that the support
    // is found from the whole estimate: cut before, it split streaks and left their pieces
    // known paint, and the mode changed which parts the edge check refused.
    for (i, p) in prediction.pixels.enumerated() where shares[i] != 1 {
      for k in 0..<glare.count { glare[k][Int(p)] *= shares[i] }
    }
    var estimate = empty
    estimate.glare = glare
    guard fillClipped else { return estimate }
    // A pixel whose clipping the estimate explains (predicted paint + glare reaches the clip
    // level in every clipped channel: bright paint under moderate glare) keeps its unclipped
    // channels' subtracted paint and only the clipped ones are filled. Clipping the estimate
    // does not explain (an opaque exit sign, a blown core) means its paint is gone there, so
    // every channel is synthesised (if it may be a core: see `cores`). The paint's own whites
    // (clipping that is no core, and that the estimate does not explain) were clipped before any
    // glare: they keep their subtracted value.
    let glareClipped = (0..<inside.count).map { p in
      support[p] && clipped.contains { $0[p] } && (cores[p] || explains(glare, prediction: prediction, at: p))
    }
    guard glareClipped.contains(true) else { return estimate }
    let fillAll = unexplainedClipping(glare: glare, prediction: prediction, lift: lift, within: support)
    var subtracted = planes
    for k in 0..<subtracted.planes.count {
      for p in 0..<subtracted.pixelCount where support[p] {
        subtracted.planes[k][p] = max(subtracted.planes[k][p] - glare[k][p], 0)
      }
    }
    var channelFilled: [[Bool]] = []
    for k in 0..<subtracted.planes.count {
      var known = [Bool](repeating: true, count: subtracted.pixelCount)
      // With the lift bound on, a clipped channel is filled only under glare: with none
      // estimated, its value is the paint.
      for p in 0..<known.count
      where support[p] && (fillAll[p] || (clipped[k][p] && glareClipped[p] && (lift == nil || glared(glare, at: p)))) {
        known[p] = false
      }
      channelFilled.append(known.map { !$0 })
      guard known.contains(false) else { continue }
      var plane = [subtracted.planes[k]]
      MembraneSolver.fill(&plane, known: known, width: width, height: height, configuration: solver)
      subtracted.planes[k] = plane[0]
    }
    try solver.cancellation.check()
    estimate.fillAll = fillAll
    estimate.channelFilled = channelFilled
    estimate.filled = subtracted.planes
    return estimate
  }

  /// Whether the glare at `p` reaches the trace level (linear light, Euclidean over the planes).
  func glared(_ glare: [[Float]], at p: Int) -> Bool {
    var sum: Float = 0
    for plane in glare { sum += plane[p] * plane[p] }
    return sum >= Float(configuration.traceLevel * configuration.traceLevel)
  }

  /// The pixels of `within` with a clipped channel whose predicted paint plus glare stays below
  /// ``LocalInpainter/Configuration/explainedClipping`` of the clip level: an opaque reflection
  /// or a blown core, whose paint is gone (bright paint under moderate glare explains its
  /// clipping, and keeps its unclipped channels). Only clipping that may be such a core counts
  /// (``cores``): the paint's own whites are paint, explained or not.
  func unexplainedClipping(glare: [[Float]], prediction: MaskValues, lift: [[Float]]?, within: [Bool]) -> [Bool] {
    let evidence = Float(configuration.evidenceLevel)
    var result = [Bool](repeating: false, count: within.count)
    for p in 0..<within.count where within[p] && cores[p] && clipped.contains(where: { $0[p] }) {
      // Clipped paint (a white) lifts nothing around it; an opaque reflection lifts it all.
      if let lift, !lift.contains(where: { $0[p] >= evidence }) { continue }
      result[p] = !explains(glare, prediction: prediction, at: p)
    }
    return result
  }

  /// Whether the predicted paint plus the glare reaches ``LocalInpainter/Configuration/explainedClipping``
  /// of the clip level in every clipped channel of `p` (a pixel of the prediction's mask).
  func explains(_ glare: [[Float]], prediction: MaskValues, at p: Int) -> Bool {
    let level = Float(configuration.explainedClipping) * clipThreshold
    let i = prediction.index(of: p)
    for k in 0..<clipped.count where clipped[k][p] && prediction.value(k, at: i) + glare[k][p] < level { return false }
    return true
  }
}
