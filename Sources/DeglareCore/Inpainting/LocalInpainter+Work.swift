import Foundation

/// One repaint in progress: the work area's planes, its mask and scales.
struct Work {
  let planes: ColorPlanes
  let inside: [Bool]
  let components: MaskComponents
  let configuration: LocalInpainter.Configuration
  let solver = MembraneSolver.Configuration()

  /// The clip level as a plane value.
  var clipThreshold: Float {
    let level = Float(configuration.clipLevel)
    return configuration.linearLight ? SRGB.decode(level) : level
  }

  /// For each colour channel, the pixels where that channel is clipped, grown by `clipGrowth`.
  var clippedChannels: [[Bool]] {
    let threshold = clipThreshold
    return planes.planes.map { plane in
      let clipped = plane.map { $0 >= threshold }
      guard configuration.clipGrowth > 0 && clipped.contains(true) else { return clipped }
      let distance = DistanceTransform.distance(to: clipped, width: planes.width, height: planes.height)
      let growth = Float(configuration.clipGrowth)
      return distance.map { $0 <= growth }
    }
  }

  /// Subtracts the estimated glare layer inside the mask; with `fillClipped`, each channel's
  /// clipped pixels are then filled from that channel's subtracted result and surroundings (the
  /// channels that still hold paint keep it).
  func subtract(fillClipped: Bool) -> ColorPlanes {
    let clipped = clippedChannels
    var reliable = [Bool](repeating: true, count: planes.pixelCount)
    for channel in clipped {
      for p in 0..<channel.count where channel[p] { reliable[p] = false }
    }
    let (glare, prediction) = GlareSubtraction.glareLayer(
      observed: planes, inside: inside, components: components, clipped: clipped, configuration: configuration,
      solver: solver)
    var result = planes
    for k in 0..<result.planes.count {
      for p in 0..<result.pixelCount where inside[p] {
        result.planes[k][p] = max(result.planes[k][p] - glare[k][p], 0)
      }
    }
    guard fillClipped else { return result }
    // A pixel whose clipping the estimate explains (predicted paint + glare reaches the clip
    // level in every clipped channel: bright paint under moderate glare) keeps its unclipped
    // channels' subtracted paint and only the clipped ones are filled. Clipping the estimate
    // does not explain (an opaque exit sign, a blown core) means its glare there is unknown, so
    // every channel is filled.
    let threshold = clipThreshold
    let explained = Float(configuration.explainedClipping)
    var fillAll = [Bool](repeating: false, count: result.pixelCount)
    for p in 0..<result.pixelCount where inside[p] && !reliable[p] {
      let i = prediction.index(of: p)
      for k in 0..<result.planes.count where clipped[k][p] {
        if prediction.value(k, at: i) + glare[k][p] < explained * threshold { fillAll[p] = true }
      }
    }
    for k in 0..<result.planes.count {
      var known = [Bool](repeating: true, count: result.pixelCount)
      var any = false
      for p in 0..<known.count where inside[p] && (clipped[k][p] || fillAll[p]) {
        known[p] = false
        any = true
      }
      guard any else { continue }
      var plane = [result.planes[k]]
      MembraneSolver.fill(&plane, known: known, width: result.width, height: result.height, configuration: solver)
      result.planes[k] = plane[0]
    }
    return result
  }

  /// Fills the whole mask from the surroundings.
  func fillAll() -> ColorPlanes {
    var result = planes
    MembraneSolver.fill(
      &result.planes, known: inside.map { !$0 }, width: result.width, height: result.height, configuration: solver)
    return result
  }
}
