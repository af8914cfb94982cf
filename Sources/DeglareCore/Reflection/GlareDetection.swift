/// What ``GlareDetector`` proposes for one image.
public struct GlareDetection: Sendable, Equatable {
  /// The proposal at full resolution in canonical coordinates: 255 = proposed glare, else 0.
  public var mask: Mask
  /// Proposed pixels as a percentage of all pixels (0...100).
  public var coveragePercent: Double
  /// Number of 8-connected blobs in ``mask``.
  public var blobCount: Int
  /// The margin band that was excluded, in pixels from each edge (0 = none).
  public var marginBand: Int

  /// Creates a detection.
  public init(mask: Mask, coveragePercent: Double, blobCount: Int, marginBand: Int) {
    self.mask = mask
    self.coveragePercent = coveragePercent
    self.blobCount = blobCount
    self.marginBand = marginBand
  }
}
