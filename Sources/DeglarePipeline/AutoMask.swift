import DeglareCore

/// `remove --mask auto`: the glare detector's proposal, grown for removal, as the removal mask.
public enum AutoMask {
  /// How the proposal becomes a removal mask.
  public struct Configuration: Sendable, Equatable {
    /// Growth of the proposal before removal, as a fraction of the image's shorter side (0.004 is
    /// 13 px on a 12 MP photo). The detector is precision-first: its proposal covers where glare
    /// is plainly visible, while the glare's soft flanks fade out a little beyond. Left outside,
    /// the flanks tint the surroundings every method predicts the paint from, and the removal
    /// stops short (on IMG_7690's green streak about half of it stays). Growing costs nothing
    /// that matters: the subtract method keeps the paint's texture in the extra ring.
    public var growthFraction: Double
    /// Smallest growth in pixels.
    public var minimumGrowth: Int

    /// Creates a configuration; the defaults are the measured ones above.
    public init(growthFraction: Double = 0.004, minimumGrowth: Int = 2) {
      self.growthFraction = growthFraction
      self.minimumGrowth = minimumGrowth
    }

    /// The growth in pixels for an image of `size`, at most ``Mask/largestGrowth``.
    public func growth(for size: PixelSize) -> Int {
      let scaled = Int((Double(min(size.width, size.height)) * growthFraction).rounded())
      return min(max(minimumGrowth, scaled), Mask.largestGrowth)
    }
  }

  /// What `--mask auto` removes.
  public struct Result: Sendable {
    /// The detector's proposal, as `deglare detect` writes it.
    public var detection: GlareDetection
    /// The proposal grown by ``growth`` pixels, kept inside the glass (the margin band and all
    /// outside the frame still left out).
    public var mask: Mask
    /// The growth applied, in pixels.
    public var growth: Int
  }

  /// Finds the frame, runs the detector inside it with its default configuration and margin
  /// band, then grows the proposal.
  public static func detect(_ image: ImageBuffer, configuration: Configuration = Configuration()) -> Result {
    let detection = GlareDetector().detectInFrame(image)
    let growth = configuration.growth(for: image.size)
    let mask = detection.glass.clearingOutside(detection.mask.grown(by: growth))
    return Result(detection: detection, mask: mask, growth: growth)
  }
}
