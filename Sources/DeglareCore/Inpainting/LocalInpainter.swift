import Foundation

/// How the local provider repaints the masked area (`--method`).
public enum LocalMethod: String, Sendable, CaseIterable {
  /// Estimate the smooth added glare layer and subtract it, keeping the paint's texture.
  case subtract
  /// Fill the whole mask from its surroundings (for opaque reflections).
  case fill
  /// Subtract where the channels are below clipping, fill where the glare clipped the sensor.
  case auto
}

/// The offline, deterministic repainting behind `--provider local`.
///
/// Works on any ``ImageBuffer`` (gray or RGB, with or without alpha, 8 or 16 bit) in Float
/// internally. Only colour samples of pixels inside the mask change; alpha and every pixel outside
/// the mask are returned bit-identical. No randomness: the same input gives the same output. A
/// mask that covers the whole image leaves it unchanged (there are no surroundings to learn the
/// paint from).
///
/// Evidence comes before subtraction: the glare layer is first estimated over the whole mask,
/// then kept only where the photo shows one (``GlareEvidence``), and estimated again with every
/// other mask pixel treated as the paint it is; a part of the mask with no glare comes out
/// unchanged. Last, each part keeps only as much of its glare as it can lose without its paint
/// going darker than the paint around the mask (the dark floor check of ``GlareEvidence``).
/// Where the paint is gone (clipped by an opaque or blown reflection) `auto` and `fill`
/// synthesise it from the surrounding paint's patches (``ExemplarFill``).
public enum LocalInpainter {
  /// Repaints the pixels of `image` inside `mask` with `method`.
  /// - Parameters:
  ///   - image: the crop, any layout and depth.
  ///   - mask: the same size; pixels with gray >= 128 are repainted.
  ///   - method: subtract, fill or auto.
  ///   - configuration: thresholds and scales (see ``Configuration``).
  /// - Returns: an image of the same size, layout and depth.
  public static func repaint(
    _ image: ImageBuffer, mask: Mask, method: LocalMethod, configuration: Configuration = Configuration()
  ) -> ImageBuffer {
    // Never cancelled, so never thrown.
    (try? repair(image, mask: mask, method: method, configuration: configuration))?.image ?? image
  }

  /// Repaints the pixels of `image` inside `mask` with `method` and reports what it did where.
  /// - Parameters:
  ///   - image: the crop, any layout and depth.
  ///   - mask: the same size; pixels with gray >= 128 are repainted.
  ///   - method: subtract, fill or auto.
  ///   - configuration: thresholds and scales (see ``Configuration``).
  ///   - cancellation: asked between rows and iterations; once it says stop, the work ends
  ///     within a row or an iteration and nothing is returned.
  /// - Returns: the repaired image (same size, layout and depth) and one report per connected
  ///   part of the mask.
  /// - Throws: ``RepairCancelled`` when `cancellation` said stop.
  public static func repair(
    _ image: ImageBuffer, mask: Mask, method: LocalMethod, configuration: Configuration = Configuration(),
    cancellation: RepairCancellation = .never
  ) throws(RepairCancelled) -> LocalRepair {
    precondition(image.size == mask.size, "the mask must match the image")
    try cancellation.check()
    guard let box = mask.insideBoundingBox else { return LocalRepair(image: image, regions: []) }
    var result = image
    var reports = RegionReports(mask: mask, box: box)
    // Settings in pixels for the picture's own scale of detail (see `DetailScale`).
    var configuration = configuration
    if configuration.adaptsToDetailScale {
      configuration = configuration.forDetailScale(
        DetailScale.of(image, mask: mask, box: box, largest: configuration.largestDetailScale))
    }
    // A large mask may be worked on in blocks (see `workScale`): its margin is then in blocks.
    let blocks = mask.insideCount > configuration.workUnknowns ? configuration.largestWorkScale : 1
    let margin = Self.margin(configuration) * blocks
    let parts = reports.regions.map(\.box)
    for area in workAreas(of: parts, box: box, margin: margin, bounds: image.bounds, configuration: configuration) {
      try cancellation.check()
      try repair(
        image, into: &result, mask: mask, area: area, method: method, configuration: configuration,
        reports: &reports, cancellation: cancellation)
    }
    try cancellation.check()
    return LocalRepair(image: result, regions: reports.regions)
  }

  /// Room, in pixels at the work scale, around the mask for the smoothing of its surroundings
  /// (the glare's own low-pass reads inside pixels only).
  static func margin(_ configuration: Configuration) -> Int {
    Int((3 * max(configuration.predictionSigma, configuration.guideSigma)).rounded(.up)) + 2
  }

  /// The work areas of a mask whose parts (8-connected) have the bounding boxes `parts`: each
  /// part with `margin` pixels around, areas that overlap joined, so no area reaches another's
  /// mask pixels. Every part is repainted from its own surroundings only, so processing far-apart
  /// parts one area at a time gives the same result as one big area would, in the memory of the
  /// largest area instead of the whole bounding box `box` (blobs scattered over a painting would
  /// otherwise need planes for all of it).
  static func workAreas(
    of parts: [PixelRect], box: PixelRect, margin: Int, bounds: PixelRect, configuration: Configuration
  ) -> [PixelRect] {
    let whole = [box.padded(by: margin, within: bounds)]
    guard parts.count > 1 && parts.count <= configuration.maximumSeparateAreas else { return whole }
    var areas = parts.map { $0.padded(by: margin, within: bounds) }
    // Join overlapping areas until none overlap (a union can reach a third area).
    var joined = true
    while joined {
      joined = false
      search: for i in areas.indices {
        for j in areas.indices where j > i && !areas[i].intersection(areas[j]).isEmpty {
          areas[i] = areas[i].union(areas[j])
          areas.remove(at: j)
          joined = true
          break search
        }
      }
    }
    return areas
  }

  /// Whether each pixel of `rect` is inside the mask, row-major.
  static func insidePixels(of mask: Mask, in rect: PixelRect) -> [Bool] {
    var inside = [Bool](repeating: false, count: rect.area)
    for y in 0..<rect.height {
      for x in 0..<rect.width { inside[y * rect.width + x] = mask.isInside(x: rect.x + x, y: rect.y + y) }
    }
    return inside
  }
}

extension PixelRect {
  /// The rectangle grown by `amount` pixels on every side, clipped to `bounds`.
  func padded(by amount: Int, within bounds: PixelRect) -> PixelRect {
    let minX = Swift.max(x - amount, bounds.x)
    let minY = Swift.max(y - amount, bounds.y)
    let maxX = Swift.min(self.maxX + amount, bounds.maxX)
    let maxY = Swift.min(self.maxY + amount, bounds.maxY)
    return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
