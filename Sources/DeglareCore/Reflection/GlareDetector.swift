// Precision-first glare proposal.
//
// The iOS app's rule proposes a pixel only if it is bright AND unsaturated AND locally elevated
// above the morphological opening of the luminance; it marks too much on pale paint beside dark
// figures and cannot see coloured reflections. Here, on a box-averaged analysis copy:
//
// 1. Seeds of three kinds:
//    - white: unsaturated, elevated above the luma opening, with a linear-light ratio test
//      (reflected light adds a lot of light);
//    - blown: cells whose source pixels are clipped in all channels and stand above the opening
//      (specular cores; photographed paint practically never clips);
//    - coloured: the per-channel excess over a per-channel median background (a wide window on a
//      coarse grid, which sees past dark figures and paint texture), in linear light, is strong,
//      pure (one or two channels), its hue departs from the paint's (neither the same hue nor
//      the opposite one, which is merely paler paint) and it leaves the pixel tinted its way.
// 2. Seed blobs (8-connected) are judged by the edge of their half-level region (the pixels
//    connected to them halfway up from their background to their peak): glare fades, so that
//    edge is soft; a pale dress, door or cloud is painted, so some of it is hard, even when
//    shading splits its seeds. White blobs are judged at the 80th percentile of their boundary,
//    coloured ones at the median; specular cores skip the size test and get a lenient limit.
//    Then glare must end: a little way beyond that region the paint must look different from
//    the blob; where the same colour goes on (sky in the corner of a dark frame, which the
//    median background misjudges), the blob is paint.
// 3. Kept seeds grow a bounded distance into their halo (mildly elevated, unsaturated or
//    coloured-by-the-same-test pixels).
// 4. Streak-shaped blobs are followed along their axis against their own flanks (light added by
//    the glass crosses the paint's edges), and specular spots are filled and grown in rings of
//    their own shape (GlareDetector+StreakExtension.swift, GlareDetector+SpotRings.swift).
//    Broad cyan skylight veils, which no seed test sees, are found as long bands lifted over
//    both flanks by the same cyan light (GlareDetector+Skylight.swift), and soft white streaks
//    over gold leaf or paper, which show the paint through them, as narrow straight bands lifted
//    over both flanks by near-neutral light that leaves the paint's texture as it was
//    (GlareDetector+WhiteStreak.swift). Before that, specular
//    spots and coloured streaks over uniform paint grow to where their light is still visible
//    against that paint (GlareDetector+Extent.swift).
// 5. The result is mapped back to full resolution; the margin band is never proposed.

/// Proposes a glare mask for a photo of a painting.
public struct GlareDetector: Sendable {
  /// The thresholds.
  public var configuration: Configuration

  /// Creates a detector.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// The default margin band for an image: ``Configuration/marginBandFraction`` of its shorter side.
  public func defaultMarginBand(for size: PixelSize) -> Int {
    Int((Double(min(size.width, size.height)) * configuration.marginBandFraction).rounded())
  }

  /// Detects glare in `image` (canonical orientation, 8- or 16-bit, gray or colour, alpha ignored)
  /// anywhere in the photo but the margin band along its edges; no frame is searched for (see
  /// ``detectInFrame(_:marginBand:frameDetector:)``).
  /// - Parameter marginBand: pixels along every edge that are never proposed; nil for the default
  ///   (3 % of the shorter side), 0 for none.
  /// - Returns: a 0/255 mask of the image's size, its coverage and blobs.
  public func detect(_ image: ImageBuffer, marginBand: Int? = nil) -> GlareDetection {
    detect(image, glass: .image(image.size, band: max(0, marginBand ?? defaultMarginBand(for: image.size))))
  }

  /// Detects glare in `image` inside `glass` only.
  public func detect(_ image: ImageBuffer, glass: GlassRegion) -> GlareDetection {
    let spans = glass.rowSpans(image.size)
    guard let area = analysedRegion(glass, size: image.size) else {
      return GlareDetection(
        mask: Mask(width: image.width, height: image.height), coveragePercent: 0, blobs: [], glass: glass)
    }
    let analysis = AnalysisImage(
      image, region: area, maxSide: max(8, configuration.maxAnalysisSide), clipLevel: configuration.clipLevel)
    let proposal = propose(analysis, allowed: Self.allowedCells(spans, analysis: analysis))
    // Cells not wholly inside the glass were excluded in analysis space; the exact region is
    // cleared at full resolution here.
    let (mask, runs) = upscale(proposal.blobs, analysis: analysis, size: image.size, spans: spans)
    let pieces = Self.components(of: runs)
    var blobs: [GlareBlob] = []
    blobs.reserveCapacity(pieces.count)
    var inside = 0
    // Components come in raster order of their first pixel, which tells which analysis blob
    // (and so which kind) each came from.
    for piece in pieces {
      let component = piece.component
      let cell = analysis.cell(forCanonical: piece.firstX, piece.firstY)
      let description = proposal.kinds[Int(proposal.blobs[cell.y * analysis.width + cell.x]) - 1]
      blobs.append(
        GlareBlob(
          kind: description.kind, coloured: description.coloured,
          bounds: PixelRect(
            x: component.minX, y: component.minY, width: component.maxX - component.minX + 1,
            height: component.maxY - component.minY + 1), pixelCount: component.area))
      inside += component.area
    }
    let coverage = 100 * Double(inside) / Double(image.pixelCount)
    return GlareDetection(mask: mask, coveragePercent: coverage, blobs: blobs, glass: glass)
  }

  /// The part of the photo that is analysed: the bounding box of the glass's quad (the frame's
  /// outer edge, so the frame's lip is seen as context), clamped to the photo, so a frame in a
  /// raw photo gets the whole analysis resolution; the whole photo when that box covers at least
  /// ``Configuration/wholePhotoFraction`` of it (a straightened photo is analysed as before any
  /// frame was searched for); nil when the box is too small to analyse.
  func analysedRegion(_ glass: GlassRegion, size: PixelSize) -> PixelRect? {
    let bounds = glass.quad.bounds
    let x0 = max(0, Int(bounds.minX.rounded(.up)))
    let y0 = max(0, Int(bounds.minY.rounded(.up)))
    let x1 = min(size.width - 1, Int(bounds.maxX.rounded(.down)))
    let y1 = min(size.height - 1, Int(bounds.maxY.rounded(.down)))
    guard x1 - x0 >= 7, y1 - y0 >= 7 else { return nil }
    let box = PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    if Double(box.area) >= configuration.wholePhotoFraction * Double(size.area) {
      return PixelRect(x: 0, y: 0, width: size.width, height: size.height)
    }
    return box
  }

  /// Analysis cells whose every source pixel lies in the spans (the region is convex, so the
  /// cell's four corner pixels decide).
  static func allowedCells(_ spans: [Range<Int>], analysis: AnalysisImage) -> [Bool] {
    let f = analysis.factor
    let origin = analysis.region
    var allowed = [Bool](repeating: false, count: analysis.width * analysis.height)
    for j in 0..<analysis.height {
      let top = spans[origin.y + j * f]
      let bottom = spans[min(origin.y + j * f + f - 1, spans.count - 1)]
      for i in 0..<analysis.width {
        let x0 = origin.x + i * f
        let x1 = x0 + f - 1
        allowed[j * analysis.width + i] =
          top.contains(x0) && top.contains(x1) && bottom.contains(x0)
          && bottom.contains(x1)
      }
    }
    return allowed
  }

  /// A run of proposed pixels on one row of the full-resolution mask: columns `start..<end`.
  struct MaskRun {
    var y: Int
    var start: Int
    var end: Int
  }

  /// Nearest-cell upscale of the analysis proposal (blob numbers, 0 = none) to full resolution,
  /// restricted to the spans, and its runs of proposed pixels in raster order.
  private func upscale(
    _ proposal: [Int32], analysis: AnalysisImage, size: PixelSize, spans: [Range<Int>]
  ) -> (Mask, [MaskRun]) {
    var values = [UInt8](repeating: 0, count: size.width * size.height)
    guard proposal.contains(where: { $0 != 0 }) else {
      return (Mask(width: size.width, height: size.height, values: values), [])
    }
    let aw = analysis.width
    let columnCell = (0..<size.width).map { analysis.cell(forCanonical: $0, 0).x }
    var runs: [MaskRun] = []
    values.withUnsafeMutableBufferPointer { out in
      proposal.withUnsafeBufferPointer { cells in
        for y in 0..<size.height where !spans[y].isEmpty {
          let cellRow = analysis.cell(forCanonical: 0, y).y * aw
          let row = y * size.width
          var start = -1
          for x in spans[y] {
            if cells[cellRow + columnCell[x]] != 0 {
              out[row + x] = 255
              if start < 0 { start = x }
            } else if start >= 0 {
              runs.append(MaskRun(y: y, start: start, end: x))
              start = -1
            }
          }
          if start >= 0 { runs.append(MaskRun(y: y, start: start, end: spans[y].upperBound)) }
        }
      }
    }
    return (Mask(width: size.width, height: size.height, values: values), runs)
  }

  /// The 8-connected components of a mask given by its runs (raster order), in raster order of
  /// their first pixel (the numbering of ``ConnectedComponents``, which labelling the full-
  /// resolution mask pixel by pixel gave at several times the cost): each one's first pixel and
  /// its area and bounds.
  static func components(of runs: [MaskRun]) -> [(firstX: Int, firstY: Int, component: ConnectedComponents.Component)] {
    var parent = Array(0..<runs.count)
    func find(_ run: Int) -> Int {
      var node = run
      while parent[node] != node {
        parent[node] = parent[parent[node]]
        node = parent[node]
      }
      return node
    }
    // Runs of consecutive rows touch (8-connected) when their columns overlap or meet at a
    // corner; the smaller run index, the earlier in raster order, becomes the root.
    var previous = 0..<0
    var index = 0
    while index < runs.count {
      let y = runs[index].y
      var rowEnd = index
      while rowEnd < runs.count, runs[rowEnd].y == y { rowEnd += 1 }
      if let first = previous.first, runs[first].y == y - 1 {
        var p = previous.lowerBound
        for b in index..<rowEnd {
          while p < previous.upperBound, runs[p].end < runs[b].start { p += 1 }
          var q = p
          while q < previous.upperBound, runs[q].start <= runs[b].end {
            let rootA = find(q)
            let rootB = find(b)
            if rootA != rootB { parent[max(rootA, rootB)] = min(rootA, rootB) }
            q += 1
          }
        }
      }
      previous = index..<rowEnd
      index = rowEnd
    }
    var number = [Int](repeating: -1, count: runs.count)
    var result: [(firstX: Int, firstY: Int, component: ConnectedComponents.Component)] = []
    for (i, run) in runs.enumerated() {
      let root = find(i)
      if root == i {
        number[i] = result.count
        result.append(
          (run.start, run.y, ConnectedComponents.Component(area: 0, minX: run.start, minY: run.y, maxX: -1, maxY: -1)))
      }
      let c = number[root]
      result[c].component.area += run.end - run.start
      result[c].component.minX = min(result[c].component.minX, run.start)
      result[c].component.maxX = max(result[c].component.maxX, run.end - 1)
      result[c].component.maxY = max(result[c].component.maxY, run.y)
    }
    return result
  }
}
