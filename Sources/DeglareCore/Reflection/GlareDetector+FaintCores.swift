// Clipped cores that do not stand above their surroundings: a lamp's spot that clips over a white
// mat or a white garment. The opening of the luma stands as high as the white field and the
// spot's own halo, so the blown seed's elevation test (``Configuration/blownMinElevation``)
// never passes and no seed blob holds the core. Such a core is judged by its light alone: it is
// kept when its halo surrounds it (the clipped-core rule of GlareDetector+Blobs.swift), which a
// white object that clipped on its own, or a white field clipped by the exposure, does not show.

extension GlareDetector {
  /// The clipped cores that no accepted blob holds or touches, kept when small and surrounded by
  /// their own light (see ``Configuration/faintCores``).
  /// - Parameters:
  ///   - clipped: per analysis pixel, the fraction of its source pixels clipped in all channels.
  ///   - accepted: the blobs the seed tests kept; cores touching them are theirs already.
  ///   - measurable: pixels whose neighbours all lie inside the glass.
  func faintCores(
    clipped: [Float], accepted: [AcceptedBlob], evidence: Evidence, width: Int, height: Int, measurable: [Bool]
  ) -> [AcceptedBlob] {
    let c = configuration
    guard c.faintCores else { return [] }
    let count = width * height
    var taken = [Bool](repeating: false, count: count)
    for blob in accepted {
      for i in blob.pixels { taken[i] = true }
    }
    let candidates = (0..<count).map { i in
      measurable[i] && !taken[i] && clipped[i] >= c.minClippedFraction
    }
    guard candidates.contains(true) else { return [] }
    let components = ConnectedComponents(width: width, height: height, connectivity: .eight, foreground: candidates)
    var members = [[Int]](repeating: [], count: components.count)
    var touches = [Bool](repeating: false, count: components.count)
    for i in 0..<count where components.labels[i] != 0 {
      let b = Int(components.labels[i]) - 1
      members[b].append(i)
      if !touches[b] {
        Neighbours.eight(of: i, width: width, height: height) { j in touches[b] = touches[b] || taken[j] }
      }
    }
    let glassCells = Double(max(1, measurable.count { $0 }))
    let luma = evidence.luma.values
    var region = HalfLevelRegion(width: width, height: height, measurable: measurable)
    var found: [AcceptedBlob] = []
    for (b, core) in members.enumerated() where !touches[b] {
      guard core.count >= c.minBlownCells, Double(core.count) <= c.maxBlownFraction * glassCells else { continue }
      // The white the core clipped over: its half-level region, as for a white seed blob.
      let base = Self.percentile(core.map { evidence.lumaOpening.values[$0] }, 0.5)
      let peak = Self.percentile(core.map { luma[$0] }, 0.9)
      let threshold = base + c.halfLevel * (peak - base)
      let stamp = Int32(b + 1)
      _ = region.boundary(from: core, stamp: stamp, within: { luma[$0] >= threshold })
      guard haloSurrounds(core, stamp: stamp, region: &region, luma: luma) else { continue }
      let amplitude = max(Self.percentile(core.map { evidence.elevation[$0] }, 0.9), 1)
      found.append(AcceptedBlob(pixels: core, code: SeedKind.blown | SeedKind.white, amplitude: amplitude))
    }
    return found
  }
}
