/// The per-region reports of one repair, filled in as the work areas are done: one
/// ``LocalRegion`` per 8-connected part of the mask.
///
/// Which part a mask pixel belongs to is kept as runs (row, first and last column, part), not as
/// a label per pixel: a spread mask's bounding box can cover a third of a 24 MP photo, where a
/// label map would cost 4 bytes a pixel for the whole repair.
struct RegionReports {
  /// One row's stretch of mask pixels of one part, in box coordinates.
  struct Run {
    /// First column.
    var start: Int32
    /// One past the last column.
    var end: Int32
    /// Index of its part in ``regions``.
    var part: Int32
  }

  /// The mask's bounding box, in the image.
  let box: PixelRect
  /// The runs of every row of the box, left to right: row `y`'s are `runs[rowStarts[y]..<rowStarts[y + 1]]`.
  private let runs: [Run]
  /// Where each row's runs begin in ``runs`` (`box.height + 1` entries).
  private let rowStarts: [Int]
  /// The reports, in the order of the parts' first pixels.
  private(set) var regions: [LocalRegion]

  /// All parts of `mask` within `box`, each unchanged so far.
  init(mask: Mask, box: PixelRect) {
    self.box = box
    let parts = ConnectedComponents(
      width: box.width, height: box.height, connectivity: .eight,
      foreground: LocalInpainter.insidePixels(of: mask, in: box))
    var runs: [Run] = []
    var rowStarts = [0]
    rowStarts.reserveCapacity(box.height + 1)
    parts.labels.withUnsafeBufferPointer { labels in
      for y in 0..<box.height {
        let row = y * box.width
        var x = 0
        while x < box.width {
          let label = labels[row + x]
          guard label > 0 else {
            x += 1
            continue
          }
          let start = x
          while x < box.width && labels[row + x] == label { x += 1 }
          runs.append(Run(start: Int32(start), end: Int32(x), part: label - 1))
        }
        rowStarts.append(runs.count)
      }
    }
    self.runs = runs
    self.rowStarts = rowStarts
    regions = parts.components.map { part in
      LocalRegion(
        box: PixelRect(
          minX: box.x + part.minX, minY: box.y + part.minY, maxX: box.x + part.maxX, maxY: box.y + part.maxY),
        pixels: part.area, action: .unchanged, subtractedPixels: 0, filledPixels: 0, glarePeak: 0)
    }
  }

  /// Records what happened at the mask pixels of `area`, which holds the whole of every part it
  /// touches (a work area): `state[p]` (per area pixel) is 0 (unchanged), 1 (subtracted) or 2
  /// and above (filled); `peaks` the glare subtracted at each of the area's mask pixels in
  /// row-major order (linear light).
  mutating func record(area: PixelRect, state: [UInt8], peaks: [Float]? = nil) {
    var ordinal = 0
    for y in 0..<area.height {
      let by = area.y + y - box.y
      guard by >= 0 && by < box.height else { continue }
      for run in runs[rowStarts[by]..<rowStarts[by + 1]] {
        let first = max(Int(run.start) + box.x, area.x)
        let last = min(Int(run.end) + box.x, area.maxX)
        guard first < last else { continue }
        let part = Int(run.part)
        for x in first..<last {
          let p = y * area.width + x - area.x
          switch state[p] {
          case 0: break
          case 1: regions[part].subtractedPixels += 1
          default: regions[part].filledPixels += 1
          }
          if let peaks { regions[part].glarePeak = max(regions[part].glarePeak, Double(peaks[ordinal])) }
          ordinal += 1
        }
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
