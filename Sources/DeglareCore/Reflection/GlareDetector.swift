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
// 4. The result is mapped back to full resolution; the margin band is never proposed.

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

  /// Detects glare in `image` (canonical orientation, 8- or 16-bit, gray or colour, alpha ignored).
  /// - Parameter marginBand: pixels along every edge that are never proposed; nil for the default
  ///   (3 % of the shorter side), 0 for none.
  /// - Returns: a 0/255 mask of the image's size, its coverage and blob count.
  public func detect(_ image: ImageBuffer, marginBand: Int? = nil) -> GlareDetection {
    let band = max(0, marginBand ?? defaultMarginBand(for: image.size))
    let analysis = AnalysisImage(
      image, maxSide: max(8, configuration.maxAnalysisSide), clipLevel: configuration.clipLevel)
    var proposal = propose(analysis, marginBand: band)
    // Cells that touch the band are excluded in analysis space; the exact band is cleared at full
    // resolution below.
    let mask = upscale(&proposal, analysis: analysis, size: image.size, band: band)
    let components = ConnectedComponents(
      width: mask.width, height: mask.height, connectivity: .eight, foreground: mask.values.map { $0 != 0 })
    var inside = 0
    for component in components.components { inside += component.area }
    let coverage = 100 * Double(inside) / Double(image.pixelCount)
    return GlareDetection(mask: mask, coveragePercent: coverage, blobCount: components.count, marginBand: band)
  }

  /// Nearest-cell upscale of the analysis proposal to full resolution, band cleared.
  private func upscale(_ proposal: inout [Bool], analysis: AnalysisImage, size: PixelSize, band: Int) -> Mask {
    var values = [UInt8](repeating: 0, count: size.width * size.height)
    guard proposal.contains(true) else { return Mask(width: size.width, height: size.height, values: values) }
    let f = analysis.factor
    let aw = analysis.width
    let ah = analysis.height
    let columnCell = (0..<size.width).map { min($0 / f, aw - 1) }
    values.withUnsafeMutableBufferPointer { out in
      proposal.withUnsafeBufferPointer { cells in
        for y in band..<max(band, size.height - band) {
          let cellRow = min(y / f, ah - 1) * aw
          let row = y * size.width
          for x in band..<max(band, size.width - band) where cells[cellRow + columnCell[x]] {
            out[row + x] = 255
          }
        }
      }
    }
    return Mask(width: size.width, height: size.height, values: values)
  }
}
