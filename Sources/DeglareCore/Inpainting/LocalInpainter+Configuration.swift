extension LocalInpainter {
  /// The tunables of the local methods. Scales are in pixels of the image handed to
  /// ``LocalInpainter/repaint(_:mask:method:configuration:)``; levels are fractions of the
  /// depth's maximum sample (255 or 65535).
  public struct Configuration: Sendable, Equatable {
    /// Whether to estimate the glare in linear light (sRGB decoded). Glare is added light, so it
    /// is additive only in linear light; in gamma-encoded values it also flattens the paint.
    public var linearLight: Bool
    /// A colour sample at or above this fraction of the maximum is clipped: the glare saturated
    /// the sensor and no paint signal is left, so `auto` fills it instead of subtracting.
    public var clipLevel: Double
    /// Clipped areas grow by this many pixels before `auto` fills them: the ring around a blown
    /// core is nearly saturated and holds too little paint signal to subtract from.
    public var clipGrowth: Int
    /// The mask's typical half-width (twice the mean distance of its pixels to the outside) times
    /// this factor is the sigma of the low-pass that predicts the paint from the surroundings.
    public var predictionScale: Double
    /// The mask's typical half-width times this factor is the sigma of the low-pass that turns
    /// the residual into the glare layer: small enough to follow the glare's falloff, large
    /// enough to average the paint's texture away.
    public var glareScale: Double
    /// Smallest sigma of either low-pass, in pixels.
    public var minimumSigma: Double
    /// Largest sigma of either low-pass, in pixels.
    public var maximumSigma: Double

    /// Creates a configuration; the defaults are the ones measured by `Benchmarks/inpaint_eval.sh`.
    public init(
      linearLight: Bool = true, clipLevel: Double = 0.985, clipGrowth: Int = 1, predictionScale: Double = 0.5,
      glareScale: Double = 0.35, minimumSigma: Double = 1.5, maximumSigma: Double = 64
    ) {
      self.linearLight = linearLight
      self.clipLevel = clipLevel
      self.clipGrowth = clipGrowth
      self.predictionScale = predictionScale
      self.glareScale = glareScale
      self.minimumSigma = minimumSigma
      self.maximumSigma = maximumSigma
    }
  }
}
