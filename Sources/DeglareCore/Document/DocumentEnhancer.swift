// `deglare enhance`: a photographed page made readable. The paper's own brightness under the
// photo's light (the background) is estimated on a small copy, every pixel is divided by it,
// which flattens uneven light and neutralises the light's colour, then:
// - enhanced: levels from the ink's black to the paper's white, with a gentle gamma that
//   darkens ink without pushing faint print into the paper;
// - bw: a pixel is black when it is darker than its local paper by more than the paper's noise
//   allows (a local, adaptive threshold: the background is local), isolated specks removed.

/// What `enhance` makes of a page.
public enum EnhanceMode: String, Sendable, CaseIterable {
  /// Even light, white paper, stronger contrast, colours kept.
  case enhanced
  /// Black ink on white paper, one bit per pixel (written as 8-bit gray).
  case bw
}

/// Flattens a photographed page's light and pushes its contrast, or thresholds it to black and
/// white. Pure: no files.
public enum DocumentEnhancer {
  /// The tunables, with the reason for each default.
  public struct Configuration: Sendable, Equatable {
    /// The background is estimated on a copy this many pixels long (block means): the paper's
    /// light changes slowly, and the copy keeps the work small.
    public var analysisLongSide: Int
    /// The closing window (a fraction of the copy's longer side) that fills ink with paper:
    /// wider than a line of text, narrower than the light's changes.
    public var backgroundWindowFraction: Double
    /// The window of the large-scale paper level (a fraction of the copy's longer side)...
    public var paperWindowFraction: Double
    /// ... below whose this fraction the background never goes: a dark picture on the page
    /// larger than the closing window stays dark instead of being taken for shadowed paper.
    public var darkestBackground: Float
    /// The white point sits this many noise deviations below the paper's level, so paper comes
    /// out clean white.
    public var whiteNoiseDeviations: Float
    /// The black point: this quantile of the flattened brightness...
    public var blackQuantile: Float
    /// ... at most this fraction of the white point (a page with no black ink keeps its greys).
    public var highestBlackPoint: Float
    /// Gamma of `enhanced` after the levels: above 1 darkens ink and mid-tones.
    public var gamma: Float
    /// `bw`: a pixel is ink when darker than its local paper by this many noise deviations...
    public var inkNoiseDeviations: Float
    /// ... but by at least this fraction (faint print is kept down to it)...
    public var shallowestInk: Float
    /// ... and never needs to be darker than this fraction.
    public var deepestInk: Float

    /// Creates the default configuration.
    public init() {
      analysisLongSide = 800
      backgroundWindowFraction = 0.03
      paperWindowFraction = 0.15
      darkestBackground = 0.5
      whiteNoiseDeviations = 2
      blackQuantile = 0.005
      highestBlackPoint = 0.45
      gamma = 1.25
      inkNoiseDeviations = 5
      shallowestInk = 0.07
      deepestInk = 0.3
    }
  }

  /// The enhanced page: 8-bit RGB (gray for a gray photo) for `.enhanced`, 8-bit gray holding
  /// only 0 and 255 for `.bw`; the photo's size. Alpha is dropped.
  public static func enhance(
    _ image: ImageBuffer, mode: EnhanceMode, configuration: Configuration = Configuration()
  ) -> ImageBuffer {
    let flat = FlattenedPage(image, configuration: configuration)
    switch mode {
    case .enhanced: return flat.levelled(configuration)
    case .bw: return flat.thresholded(configuration)
    }
  }
}
