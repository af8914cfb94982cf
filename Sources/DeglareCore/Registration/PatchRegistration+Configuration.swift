extension PatchRegistration {
  /// The tunables of patch registration. Levels are 8-bit levels (0...255) whatever the image's
  /// depth; distances are crop pixels unless said otherwise.
  public struct Configuration: Sendable, Equatable {
    /// Crop pixels within this distance of the mask are left out of the estimate: models bleed
    /// their edits a little beyond the mask (4).
    public var maskMargin: Int
    /// Fewest crop pixels outside the grown mask needed to estimate anything (256).
    public var minimumSurroundings: Int
    /// A patch whose ring PSNR is at least this, as it came, is left alone without estimating
    /// anything: a perfect patch stays bit-identical, and the local provider costs one pass (50 dB).
    public var alreadyAlignedPSNR: Double
    /// The coarsest pyramid level is the last whose longer side is at least this many pixels (32).
    public var coarsestSide: Int
    /// ... and has at least this many usable pixels (400).
    public var coarsestSamples: Int
    /// The finest level used for the geometry has at most this many pixels; bigger crops are
    /// estimated on a 2x, 4x... box-averaged copy, which still gives shifts to a few hundredths
    /// of a pixel (4,000,000).
    public var finestPixels: Int
    /// The coarse search tries shifts up to this fraction of the crop's longer side (0.15).
    public var searchRange: Double
    /// Uniform scales tried by the coarse search, on top of the answer's aspect hypotheses
    /// ([0.92, 1, 1.08]; Gauss-Newton refines from there).
    public var searchScales: [Double]
    /// Starting points refined on finer levels together, until one is clearly the best (3).
    public var finalists: Int
    /// Gauss-Newton iterations per pyramid level, at most (12).
    public var iterations: Int
    /// Samples per Gauss-Newton iteration at most; finer levels take every k-th pixel (250,000).
    public var maximumSamples: Int
    /// Tukey's biweight cut-off in robust standard deviations (4.685, 95 % efficiency for
    /// Gaussian noise): residuals beyond it (a repainted area) get no weight at all.
    public var tukeyCutoff: Double
    /// The robust standard deviation never goes under this, in levels, so a near-perfect match
    /// does not turn every rounding difference into an outlier (1).
    public var minimumSigma: Double
    /// Scales outside `1 / maximumScale ... maximumScale` (relative to the answer's nominal size)
    /// mean the estimate ran away (1.5).
    public var maximumScale: Double
    /// A geometry within this many crop pixels of the identity everywhere in the crop is taken
    /// as exactly the identity (1/256).
    public var identityTolerance: Double
    /// A colour gain within this of 1 and an offset within ``identityOffset`` of 0 are taken as
    /// no colour change (0.004).
    public var identityGain: Double
    /// See ``identityGain``, in levels (0.5).
    public var identityOffset: Double
    /// A fit is applied only when it raises the ring PSNR (each difference capped at three
    /// inlier levels) by at least this many dB (0.25).
    public var minimumGain: Double
    /// A ring pixel agrees with the original when its luma differs by at most this (10 levels).
    public var inlierLevel: Double
    /// A patch is registered when at least this fraction of its ring agrees (0.5).
    public var minimumInlierFraction: Double
    /// ... and its ring PSNR, each difference capped at three inlier levels, is at least this
    /// (22 dB; a repainted tenth of the ring costs about 28 dB).
    public var minimumRegisteredPSNR: Double
    /// A colour gain beyond `1 / maximumColourGain ... maximumColourGain` means the patch is
    /// another picture, not a recoloured one (1.5).
    public var maximumColourGain: Double
    /// Fewest sampled ring pixels, saturated the same way in one channel of the patch, from which
    /// that channel's saturated samples are rebuilt from the other two (64).
    public var minimumSaturatedSamples: Int
    /// Below this ring PSNR the seam needs a look (30 dB).
    public var warningPSNR: Double
    /// Below this fraction of agreeing ring pixels the seam needs a look (0.9).
    public var warningInlierFraction: Double

    /// Creates a configuration; the defaults are the documented ones.
    public init(
      maskMargin: Int = 4, minimumSurroundings: Int = 256, alreadyAlignedPSNR: Double = 50, coarsestSide: Int = 32,
      coarsestSamples: Int = 400,
      finestPixels: Int = 4_000_000, searchRange: Double = 0.15, searchScales: [Double] = [0.92, 1, 1.08],
      finalists: Int = 3, iterations: Int = 12, maximumSamples: Int = 250_000, tukeyCutoff: Double = 4.685,
      minimumSigma: Double = 1,
      maximumScale: Double = 1.5, identityTolerance: Double = 1.0 / 256, identityGain: Double = 0.004,
      identityOffset: Double = 0.5, minimumGain: Double = 0.25, inlierLevel: Double = 10,
      minimumInlierFraction: Double = 0.5, minimumRegisteredPSNR: Double = 22,
      maximumColourGain: Double = 1.5, minimumSaturatedSamples: Int = 64, warningPSNR: Double = 30,
      warningInlierFraction: Double = 0.9
    ) {
      self.maskMargin = maskMargin
      self.minimumSurroundings = minimumSurroundings
      self.alreadyAlignedPSNR = alreadyAlignedPSNR
      self.coarsestSide = coarsestSide
      self.coarsestSamples = coarsestSamples
      self.finestPixels = finestPixels
      self.searchRange = searchRange
      self.searchScales = searchScales
      self.finalists = finalists
      self.iterations = iterations
      self.maximumSamples = maximumSamples
      self.tukeyCutoff = tukeyCutoff
      self.minimumSigma = minimumSigma
      self.maximumScale = maximumScale
      self.identityTolerance = identityTolerance
      self.identityGain = identityGain
      self.identityOffset = identityOffset
      self.minimumGain = minimumGain
      self.inlierLevel = inlierLevel
      self.minimumInlierFraction = minimumInlierFraction
      self.minimumRegisteredPSNR = minimumRegisteredPSNR
      self.maximumColourGain = maximumColourGain
      self.minimumSaturatedSamples = minimumSaturatedSamples
      self.warningPSNR = warningPSNR
      self.warningInlierFraction = warningInlierFraction
    }
  }
}
