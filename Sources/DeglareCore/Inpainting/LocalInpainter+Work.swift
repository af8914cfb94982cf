import Foundation

/// One repaint in progress: the work area's planes, its mask and scales.
struct Work {
  let planes: ColorPlanes
  let inside: [Bool]
  let components: MaskComponents
  let configuration: LocalInpainter.Configuration
  let solver = MembraneSolver.Configuration()

  /// Pixels whose colour channels are all below the clip level.
  var reliable: [Bool] {
    let level = Float(configuration.clipLevel)
    let threshold = configuration.linearLight ? SRGBTransfer.decode(level) : level
    var clipped = [Bool](repeating: false, count: planes.pixelCount)
    for plane in planes.planes {
      for p in 0..<plane.count where plane[p] >= threshold { clipped[p] = true }
    }
    if configuration.clipGrowth > 0 && clipped.contains(true) {
      let distance = DistanceTransform.distance(to: clipped, width: planes.width, height: planes.height)
      let growth = Float(configuration.clipGrowth)
      return distance.map { $0 > growth }
    }
    return clipped.map { !$0 }
  }

  /// Subtracts the estimated glare layer inside the mask; with `fillClipped`, the clipped
  /// pixels are then filled from the subtracted result and the surroundings.
  func subtract(fillClipped: Bool) -> ColorPlanes {
    let reliable = self.reliable
    let glare = GlareSubtraction.glareLayer(
      observed: planes, inside: inside, components: components, reliable: reliable, configuration: configuration,
      solver: solver)
    var result = planes
    for k in 0..<result.planes.count {
      for p in 0..<result.pixelCount where inside[p] {
        result.planes[k][p] = max(result.planes[k][p] - glare[k][p], 0)
      }
    }
    if fillClipped {
      var known = [Bool](repeating: true, count: result.pixelCount)
      for p in 0..<known.count where inside[p] && !reliable[p] { known[p] = false }
      MembraneSolver.fill(&result.planes, known: known, width: result.width, height: result.height, configuration: solver)
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
