extension WorkScale {
  /// The work pixels whose clipping may be an opaque reflection's core (a lit sign, a blown
  /// spot), grown like ``clippedChannels(of:configuration:)``; clipping anywhere else is the
  /// paint's own white, which `auto` never synthesises.
  ///
  /// A connected clipped region (any colour channel at or above the clip level, 8-connected, at
  /// full resolution) is the paint's when it continues outside the mask (a white field the mask
  /// crosses), or when it is smaller than ``LocalInpainter/Configuration/opaqueCoreMinimum``
  /// pixels or than ``LocalInpainter/Configuration/opaqueCoreRatio`` times the largest clipped
  /// region of the unmasked paint within ``LocalInpainter/Configuration/whiteReach`` pixels of
  /// the mask, near the clipped mask pixels (impasto highlights, white specks: the paint shows
  /// how large its whites get). A reflection's core lies inside the mask and is larger than
  /// anything white the paint has nearby.
  func opaqueCores(of image: ImageBuffer, mask: Mask, configuration: LocalInpainter.Configuration) -> [Bool] {
    let limit = Int((configuration.clipLevel * Double(image.bitDepth.maxValue)).rounded(.up))
    let channels = image.layout.colorChannelCount
    func isClipped(_ x: Int, _ y: Int) -> Bool {
      (0..<channels).contains { image.sample(x: x, y: y, channel: $0) >= limit }
    }
    var cores = [Bool](repeating: false, count: width * height)
    // Only the clipped mask pixels and the paint around them are looked at: the area of a
    // spread mask can be the whole photo.
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX where mask.isInside(x: x, y: y) && isClipped(x, y) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return cores }
    let reach = Int(configuration.whiteReach.rounded(.up))
    let rect = PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY).padded(by: reach, within: image.bounds)
    var clipped = [Bool](repeating: false, count: rect.area)
    for y in 0..<rect.height {
      for x in 0..<rect.width { clipped[y * rect.width + x] = isClipped(rect.x + x, rect.y + y) }
    }
    let regions = ConnectedComponents(width: rect.width, height: rect.height, foreground: clipped)
    // Per region: its pixels inside the mask, whether it has unmasked ones, and whether it comes
    // within the reach of the mask (the paint's whites nearby).
    let masked = LocalInpainter.insidePixels(of: mask, in: rect)
    let toMask = DistanceTransform.distance(to: masked, width: rect.width, height: rect.height)
    var outside = [Bool](repeating: false, count: regions.count)
    var near = [Bool](repeating: false, count: regions.count)
    var insideCount = [Int](repeating: 0, count: regions.count)
    for p in 0..<rect.area {
      let label = Int(regions.labels[p])
      guard label > 0 else { continue }
      if masked[p] { insideCount[label - 1] += 1 } else { outside[label - 1] = true }
      if toMask[p] <= Float(reach) { near[label - 1] = true }
    }
    var paintWhite = 0
    for i in 0..<regions.count where insideCount[i] == 0 && near[i] {
      paintWhite = max(paintWhite, regions.components[i].area)
    }
    let smallest = max(configuration.opaqueCoreRatio * Double(paintWhite), Double(configuration.opaqueCoreMinimum))
    var core = [Bool](repeating: false, count: regions.count)
    for i in 0..<regions.count where !outside[i] && Double(insideCount[i]) >= smallest { core[i] = true }
    guard core.contains(true) else { return cores }
    // Mark the cores' work pixels (a core lies inside the mask, so inside the area).
    for y in rect.y..<rect.maxY where y >= area.y && y < area.maxY {
      for x in rect.x..<rect.maxX where x >= area.x && x < area.maxX {
        let label = Int(regions.labels[(y - rect.y) * rect.width + x - rect.x])
        if label > 0 && core[label - 1] { cores[((y - area.y) / factor) * width + (x - area.x) / factor] = true }
      }
    }
    let growth = (Double(configuration.clipGrowth) / Double(factor)).rounded(.up)
    guard growth > 0 else { return cores }
    return DistanceTransform.distance(to: cores, width: width, height: height).map { $0 <= Float(growth) }
  }
}
