/// The per-region reports of one repair, filled in as the work areas are done: one
/// ``LocalRegion`` per 8-connected part of the mask.
struct RegionReports {
  /// The mask's bounding box, in the image.
  let box: PixelRect
  /// Part number (1...) of every pixel of the box, 0 outside the mask.
  let labels: [Int32]
  /// The reports, in the order of the parts' first pixels.
  private(set) var regions: [LocalRegion]

  /// All parts of `mask` within `box`, each unchanged so far.
  init(mask: Mask, box: PixelRect) {
    self.box = box
    let parts = ConnectedComponents(
      width: box.width, height: box.height, connectivity: .eight,
      foreground: LocalInpainter.insidePixels(of: mask, in: box))
    labels = parts.labels
    regions = parts.components.map { part in
      LocalRegion(
        box: PixelRect(
          minX: box.x + part.minX, minY: box.y + part.minY, maxX: box.x + part.maxX, maxY: box.y + part.maxY),
        pixels: part.area, action: .unchanged, subtractedPixels: 0, filledPixels: 0, glarePeak: 0)
    }
  }

  /// Records what happened at the mask pixels of `area`: `state[p]` is 0 (unchanged), 1
  /// (subtracted) or 2 and above (filled); `peaks[p]` the glare subtracted there (linear light).
  mutating func record(area: PixelRect, inside: [Bool], state: [UInt8], peaks: [Float]? = nil) {
    for y in 0..<area.height {
      let by = area.y + y - box.y
      guard by >= 0 && by < box.height else { continue }
      for x in 0..<area.width where inside[y * area.width + x] {
        let bx = area.x + x - box.x
        guard bx >= 0 && bx < box.width else { continue }
        let label = Int(labels[by * box.width + bx])
        guard label > 0 else { continue }
        let p = y * area.width + x
        switch state[p] {
        case 0: break
        case 1: regions[label - 1].subtractedPixels += 1
        default: regions[label - 1].filledPixels += 1
        }
        if let peaks { regions[label - 1].glarePeak = max(regions[label - 1].glarePeak, Double(peaks[p])) }
      }
    }
    for index in regions.indices {
      if regions[index].filledPixels > 0 {
        regions[index].action = .fill
      } else if regions[index].subtractedPixels > 0 {
        regions[index].action = .subtract
      }
    }
  }
}
