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
    /// `auto` fills only a pixel's clipped channels when its predicted paint plus estimated glare
    /// reaches this fraction of the clip level in each of them (the clipping is explained: bright
    /// paint under moderate glare, the other channels still hold paint); otherwise it fills all
    /// of the pixel's channels.
    public var explainedClipping: Double
    /// Gaussian sigma, in pixels, of the smoothing of the unmasked surroundings before they are
    /// continued into the mask as the prediction of the paint (a pixel or so: enough to calm the
    /// canvas grain, small enough not to smear the paint's edges).
    public var predictionSigma: Double
    /// Gaussian sigma, in pixels, of the smoothing of the observed image that guides the
    /// prediction's edges.
    public var guideSigma: Double
    /// Linear-light colour difference between neighbouring pixels at which the prediction stops
    /// spreading across an edge (its link weight is 1/e there; encoded values when `linearLight`
    /// is off). Glare's soft edges change by far less per pixel than the paint's hard ones.
    public var edgeContrast: Double
    /// Smallest link weight of the prediction, so that every region inside the mask still hears
    /// from the surroundings.
    public var edgeFloor: Double
    /// How many times `subtract` estimates the glare layer (at least 1). Each pass after the
    /// first also lets the prediction cross wherever the observed image less the previous
    /// estimate has no edge, so a glare strong enough to look like an edge (across a dark shape)
    /// stops holding the prediction back. Each pass costs about as much as the first.
    public var guidePasses: Int
    /// Each mask component's typical half-width (twice the mean distance of its pixels to the
    /// outside) times this factor is the sigma of the low-pass that turns the residual into the
    /// glare layer: small enough to follow a streak's falloff, large enough to average the
    /// paint's texture away.
    public var glareScale: Double
    /// The glare's colour is the direction of the mean residual over this many times the
    /// component's glare sigma (a reflection has one colour, slowly varying at most).
    public var glareColourScale: Double
    /// A mask pixel whose residual (observed - predicted paint, linear light) is below minus this
    /// along the glare's colour is darker than the prediction, which added light cannot explain:
    /// the prediction is wrong there (a shape the surroundings do not show), so it does not vote
    /// on the glare, which is continued over it from its neighbours instead.
    public var predictionMismatch: Double
    /// Likewise for a residual that departs from the glare's colour by more than this (linear
    /// light, Euclidean over the channels): a region whose paint differs from its prediction.
    public var colourMismatch: Double
    /// Each component's half-width times this is the sigma of the average along the mask's level
    /// lines (along a streak, around a bloom), in pixels, at most `maximumSigma`.
    public var alongScale: Double
    /// Only components at least this elongated (length over width) are averaged along their
    /// level lines; rounder ones (blooms, sheens) use the isotropic average.
    public var minimumElongation: Double
    /// The glare sigma times this is the smoothing of the structure tensor that finds the mask's
    /// level-line direction.
    public var orientationScale: Double
    /// Smallest sigma of the glare low-pass, in pixels.
    public var minimumSigma: Double
    /// Largest sigma of the glare low-pass, in pixels.
    public var maximumSigma: Double
    /// The average along a streak is taken again with each sample weighted down by its distance
    /// to the plain average, a Gaussian of this fraction of that average (0: plain average only),
    /// so that the amount stops at a sudden change along the streak (the paint under a dark
    /// shape voting differently) instead of smearing it, while small deviations still average.
    public var alongRangeRelative: Double
    /// Smallest width of that range kernel (linear light), so a faint glare is still averaged.
    public var alongRangeFloor: Double
    /// A mask of more parts than this is repainted in one work area (its bounding box) instead of
    /// one area per group of nearby parts: joining hundreds of specks' areas costs more than
    /// the memory it saves.
    public var maximumSeparateAreas: Int = 256
    /// The glare layer is estimated on blocks of pixels when a work area's mask holds more than
    /// this many pixels: the block side is the square root of the excess ratio (the cost then
    /// follows the masked area, not the photo's resolution), at most `largestWorkScale`.
    /// Measured on `Benchmarks/local_eval.sh --quick` (auto), 15 000 -> 30 000: tight masks
    /// 25.77 -> 25.93 dB on the tuning part and 28.42 -> 28.89 held-out, grown 23.51 -> 23.84
    /// and 25.59 -> 25.63, the rest unchanged; on a 24 MP photo (`Benchmarks/local_bench.sh`)
    /// a compact 3.5 % mask takes about 20 % longer (1.4 -> 1.7 s best wall), a spread one
    /// about 6 %, at the same peak memory. 60 000 gains 0.1 dB more for 50 % more time.
    public var workUnknowns: Int = 30_000
    /// A part of the mask stays at least this many blocks across in half-width (the block side
    /// is at most its half-width divided by this): thin streaks keep their profile.
    public var workHalfWidth: Double = 12
    /// Largest block side, in pixels.
    public var largestWorkScale: Int = 8
    /// Evidence of glare: a connected part of the first glare estimate counts only if it reaches
    /// this much added light somewhere (linear light, Euclidean over the channels). Below it, a
    /// lift is within what a wrong prediction of the paint gives on glare-free paint.
    public var evidenceLevel: Double
    /// A part with evidence is followed outward while its estimate stays above this (its faint
    /// flanks; lower, a generous mask's first estimate spills into the clean margin).
    public var traceLevel: Double
    /// How many times at most the support is narrowed and the glare estimated again over it (each
    /// round costs about one estimate; it stops early once the support no longer shrinks).
    public var evidenceRounds: Int = 3
    /// A round happens only if the support keeps less than this fraction of the mask it narrows:
    /// a tight mask (nearly all glare) keeps its first estimate, at a third of the cost.
    public var narrowing: Double = 0.97
    /// The support is grown by this many full-resolution pixels (the user's own margin around
    /// the visible glare is usually about this).
    public var supportMargin: Int = 4
    /// Or by this many glare sigmas, if more (a soft glare's flanks reach further).
    public var supportMarginScale: Double = 0.5
    /// A part of the mask is repaired only if its estimated glare (at ``confidentQuantile``)
    /// reaches this many times the variety (standard deviation) of the paint around it (see
    /// ``GlareEvidence/confident(glare:observed:inside:opaque:components:configuration:factor:)``):
    /// below, a wrong prediction of the paint would be as large as the glare, so the part is
    /// left as it is. 0 (the default) turns the test off. Measured on `Benchmarks/local_eval.sh`
    /// (real painting crops, tuning part): 2 takes the change of glare-free paint under a mask
    /// from 22.7 to 3.3 levels and keeps PSNR in tight masks on real paint (17.8 -> 18.2 dB), but
    /// costs 7 dB in tight masks on the procedural paintings (32.0 -> 24.7 dB), whose faint
    /// veils over hard-edged shapes it refuses; off until a test tells the two apart.
    public var evidenceContrast: Double = 0
    /// Half-side, in full-resolution pixels, of the window over which the darkest paint around a
    /// mask pixel is found (see ``GlareEvidence/lift(observed:inside:configuration:factor:solver:)``):
    /// the glare there is at most the lift of that darkest paint over the darkest paint outside
    /// the mask nearby. 0 (the default) turns the bound off. Measured on `Benchmarks/local_eval.sh`
    /// (tuning part) at 8: glare-free real paint under a mask changes by 3.0 levels instead of
    /// 21.3, tight masks on real paint 18.0 -> 20.1 dB, grown 15.7 -> 19.7 dB (ring 18.9 -> 29.3),
    /// but tight masks on the procedural paintings fall from 32.8 to 23.2 dB and signs from 23.8
    /// to 20.1 dB: bounding the true glare itself keeps only about half of it on textured paint
    /// (the darkest paint inside and outside differ by more than a faint veil), and 11 unit tests
    /// of the subtraction fail with it on. Off until the lift is read more locally.
    public var envelopeRadius: Double = 0
    /// The darkest paint outside the mask is found over a window this many times as wide.
    public var envelopeReach: Double = 2
    /// Whether the lift is opened (its window minimum followed by the window maximum), which
    /// gives a sharp-sided glare its edges back but spreads a pale patch's lift as far.
    public var envelopeOpening: Bool = false
    /// Whether the subtracted glare is cut to the lift (true), or only the evidence of glare is
    /// (false: a part is glare only where the cut estimate reaches the evidence level; then the
    /// whole estimate is subtracted over its support).
    public var envelopeBoundsAmount: Bool = true
    /// Which quantile of a part's estimated glare is compared with the variety around it (high:
    /// a grown mask's clean ring does not dilute it).
    public var confidentQuantile: Double = 0.9
    /// A part of the mask whose pixels are at least this fraction opaque (clipping the first
    /// estimate does not explain) is repaired whatever its glare: its paint is gone. Below, its
    /// clipped pixels are as likely white paint, and the part is judged by its glare.
    public var opaqueEvidence: Double = 0.25
    /// Unmasked pixels within this many full-resolution pixels of a part measure the variety of
    /// its surroundings.
    public var structureReach: Double = 5
    /// The dark floor of the paint around the mask is this quantile of the unmasked pixels near
    /// it, per channel (linear light); a part of the mask keeps only as much of its glare as can
    /// be subtracted without sending more than ``floorTolerance`` of its pixels below that floor
    /// (see ``GlareEvidence/floorCheck(_:observed:inside:support:opaque:configuration:factor:)``).
    public var floorQuantile: Double = 0.01
    /// The share of a part's pixels that subtracting its glare may newly send below the dark
    /// floor (1 turns the check off). Measured on `Benchmarks/local_eval.sh --quick` (tuning
    /// part, auto, check off -> 0.03): glare-free real paint under a mask 22.7 -> 8.2 levels,
    /// tight masks 21.8 -> 23.6 dB (real paint 17.8 -> 19.8, procedural 32.0 -> 33.0), grown
    /// 19.3 -> 21.3 dB, their ring 24.8 -> 31.8 dB, signs unchanged. 0.02 leaves 7.4 levels but
    /// costs a grown veil of the unit tests 4 dB; 0.01 leaves 6.4 and costs tight procedural
    /// masks 1.7 dB; 0.05 leaves 10.4.
    public var floorTolerance: Double = 0.03
    /// Unmasked pixels within this many full-resolution pixels of the mask give the dark floor.
    public var floorReach: Double = 6
    /// A part of the support whose estimated glare steps across the photo's strong edges by at
    /// least this share of the photo's own step (along the glare's colour) follows the paint, not
    /// a veil, and is left as it is if ``unliftedLimit`` holds too (see
    /// ``GlareEvidence/edgeCheck(_:observed:prediction:inside:support:configuration:factor:)``;
    /// 0 turns the check off). Measured on `Benchmarks/local_eval.sh --quick` (auto): glare-free
    /// paint under a mask 6.1 -> 3.9 levels on the tuning part (white blossoms on gold 28.8 -> 0,
    /// a pale lily pad 7.6 -> 0.2, a pale hat 6.2 -> 0), 2.7 unchanged held-out; every other
    /// family unchanged on both parts.
    public var paintStepLimit: Double = 0.25
    /// ... and at least this share of the part's glare core (glare at least half its 90th
    /// percentile) has a residual (observed - predicted paint) under half its glare: paint the
    /// estimate claims is lifted and is not.
    public var unliftedLimit: Double = 0.1
    /// A part of the support that steps by less than ``paintStepLimit`` is still left as it is
    /// when its step (at least ``GlareEvidence/leastPaintStep``) times its unlifted share (at
    /// least ``unliftedLimit``) reaches this: pale paint crossed by darker strokes (1 turns it
    /// off). Measured on `Benchmarks/local_eval.sh --quick` (auto): glare-free paint under a mask
    /// 3.17 -> 1.76 levels on the tuning part (a cream field on a Mondrian 14.5 -> 0, a pale lily
    /// pad 5.0 -> 0, a hat 6.1 -> 0), 2.26 -> 1.52 held-out (8.2 -> 0 on a Kandinsky); tight masks
    /// 25.89 -> 25.77 dB on the tuning part (over white blossoms on gold, a sharp streak left as
    /// it was, 19.8 -> 17.9 dB, and part of a bloom, 26.9 -> 24.4), unchanged held-out; every
    /// other family unchanged on both. 0.06 keeps the blossoms' glare but leaves 2.25 levels on
    /// the tuning part and 2.26 held-out. On 36 masks over glare-free paint and walls of the
    /// real museum photos (never tuned on) 1.92 -> 1.43 levels.
    public var paintEvidence: Double = 0.045
    /// A clipped region inside the mask is an opaque reflection's core (which `auto` may
    /// synthesise) only if it is at least this many times as large as the largest clipped region
    /// of the unmasked paint nearby (see ``WorkScale/opaqueCores(of:mask:configuration:)``).
    /// Measured on `Benchmarks/local_eval.sh --quick` (auto, tuning / held-out part, with the edge
    /// check moved before the floor check): tight masks 23.6 -> 25.9 / 28.4 -> 28.5 dB (the
    /// painting crops 19.8 -> 22.8 on the tuning part: impasto highlights were synthesised),
    /// grown 21.3 -> 23.0 / 25.2 -> 25.5 dB, their ring 31.8 -> 37.4 / 42.9 -> 44.1 dB,
    /// glare-free paint 3.9 -> 3.2 / 2.7 -> 2.3 levels, signs 23.6 -> 23.8 / 24.8 -> 24.8 dB. 2 and
    /// 8 (and a `whiteReach` of 8 or 32) move the tuning part by at most 0.3 dB and leave the
    /// held-out part as it is; 4 is kept as the middle (a larger ratio refuses real signs beside
    /// large white paint).
    public var opaqueCoreRatio: Double = 4
    /// ... and of at least this many full-resolution pixels (a cluster of white specks is paint;
    /// 0 and 128 move the families above by at most 0.5 dB either way).
    public var opaqueCoreMinimum: Int = 32
    /// The clipped regions of the unmasked paint within this many full-resolution pixels of the
    /// mask show how large the paint's own whites get.
    public var whiteReach: Double = 16
    /// Unexplained clipped parts of at least this many pixels are synthesised from the
    /// surrounding paint's patches (``ExemplarFill``); smaller ones (a blown speck) take the
    /// membrane, which is exact enough there.
    public var exemplarMinimumPixels: Int = 64
    /// Side of the square patches the exemplar synthesis compares, in pixels (odd).
    public var patchSize: Int = 7
    /// The exemplar synthesis copies patches from within this many times the hole's larger side
    /// around it (at least `exemplarMinimumReach` pixels).
    public var exemplarReach: Double = 2
    /// Smallest reach of the exemplar search, in pixels.
    public var exemplarMinimumReach: Int = 48
    /// The reach doubles until the window holds at least this many unmasked pixels per hole
    /// pixel (a generous mask around a blown core leaves little paint within the first reach).
    /// Measured on `Benchmarks/local_eval.sh --quick` (auto, tuning / held-out part): off -> 8,
    /// grown masks 23.0 -> 23.5 / 25.5 -> 25.7 dB (a blown core in a pale sky under a grown mask,
    /// filled from a purple corner, 18.9 -> 36.7 dB), tight 25.9 -> 25.9 / 28.5 -> 28.6; the
    /// other families unchanged. 4 left the tuning part as it was; 16 and 32 as 8.
    public var exemplarSourceRatio: Double = 8
    /// The floor check reads the share of a part's glare per band of depth in the mask when the
    /// part as a whole keeps some of it but not all: the part's pixels are split by their
    /// distance to the mask's edge into this many bands of equal count, each band keeps its own
    /// share, and each pixel's share is interpolated between the bands (see
    /// ``GlareEvidence/bandedShares(_:observed:floor:part:depth:configuration:)``; 1: one share
    /// per part). Under a generous mask the clean margin, where the prediction of the paint is
    /// poorest, or a local overshoot deep in the glare then no longer sets the share of the whole
    /// part. A part that can keep none of its glare is still left as it is. Measured on
    /// `Benchmarks/local_eval.py` (quick cases, auto), 1 -> 8, tuning part: tight masks 25.93 ->
    /// 26.83 dB, grown 23.84 -> 24.92 dB (their ring 37.87 -> 38.97), glare-free paint 1.76 ->
    /// 1.97 levels, signs 24.52 unchanged; real museum photos under glare-free masks 1.42 ->
    /// 1.47 levels; held-out part: tight 28.89 -> 29.55, grown 25.63 -> 26.86 (ring 44.53 ->
    /// 45.71), glare-free 1.52 -> 1.67, signs 25.07 unchanged. Banding parts that keep none too
    /// gave grown 25.10 on the tuning part but changed pale clouds in a glare-free sky (a band of
    /// pale paint never reaches the floor); a band never below the part's share gave glare-free
    /// 2.08 levels. 4 and 16 bands gave grown 24.57 and 25.03 dB (glare-free 1.88 and 1.96
    /// levels, tight 26.57 and 26.93); banding every part, 2, 3, 5 and 16 gave 24.22, 24.42, 24.80
    /// and 25.22 dB.
    public var floorBands: Int = 8
    /// The edge check smooths the photo (along the glare's colour) by a Gaussian of this sigma,
    /// in work pixels, before it finds the edges: the canvas grain is not an edge.
    public var edgeSigma: Double = 1
    /// The edge check reads the steps this many full-resolution pixels to each side of an edge
    /// (at least one work pixel).
    public var edgeStepDistance: Double = 3
    /// Whether the picture's detail scale (``DetailScale``) is read. The settings in pixels that
    /// `forDetailScale` lists were measured on crops whose detail is about a pixel wide, and are
    /// multiplied by it (docs/local-method.md, Scale).
    public var adaptsToDetailScale: Bool = true
    /// The largest detail scale read.
    public var largestDetailScale: Int = 4
    /// The residual's local mean is fitted as glare of the estimated colour plus paint lighter or
    /// darker than predicted (see `GlareSubtraction+Brightness.swift`) only where the sine of the
    /// angle between the glare's colour and the paint's is at least this: closer colours cannot
    /// be told apart, and the estimate is kept. Measured with ``explainedNone`` and
    /// ``explainedFull`` on `Benchmarks/local_eval.py` (auto): at 0.3, tight masks lose 0.06 dB
    /// on the tuning part and 0.09 held-out; at 0.5, 0.02 and 0.03 (docs/local-method.md).
    public var brightnessSeparation: Double = 0.5
    /// A pixel whose glare share in that fit is at most this keeps none of its estimate ...
    public var explainedNone: Double = 0.1
    /// ... and one whose share is at least this keeps all of it (linear in between).
    public var explainedFull: Double = 0.7
    /// In the last estimate, a pixel of a streak also finds the mode of its level line's samples
    /// nearest its own neighbourhood's amount (the voters' mean within a Gaussian of this sigma,
    /// in work pixels) and keeps that share of its amount (`GlareSubtraction+Along.swift`): where
    /// the mask's lines cross the glare's edge, the line's mean smears the glare over clean paint
    /// beside it. 0: off. 2.5 gave the same inside the glare within 0.02 dB (the added ring 0.2
    /// dB less, the outline on IMG_7690 8442 pixels against about 7830). Not multiplied by the
    /// detail scale: multiplied, the streak's pink outline on IMG_7690 (13453 pixels on main)
    /// fell to 11673 pixels, against 7830 unscaled.
    public var modeSigma: Double = 1.5
    /// ... and keeps at most this share (where its mode is above the line's mean). Measured
    /// (tuning part, tight / grown dB, added ring dB): 1, 27.19 / 25.10 / 41.63; 1.2, 27.17 /
    /// 25.12 / 41.41; 1.5, 27.12 / 25.11 / 41.21; without the mode 27.24 / 25.10 / 40.10.
    public var modeCap: Double = 1.2
    /// A broad round component (no sharp peak; `GlareSubtraction+Broad.swift`) keeps at each
    /// pixel at most the larger of its fitted dome and a second average of its votes at this many
    /// times its half-width (at most `maximumSigma`): painted light paler than its surroundings
    /// inside a sheen's or a glare-free mask stands above both and is cut. 0: off. Measured (tight /
    /// grown / ring dB, glare-free levels, veils dB; tuning part): off 27.17 / 25.12 / 41.40 /
    /// 2.68 / 31.63; 1.25, 27.28 / 25.19 / 41.85 / 2.43 / 32.00 (held-out 29.86 / 27.26 / 46.39
    /// / 1.57 / 32.87 against 29.78 / 27.14 / 46.31 / 1.77 / 32.63). Without the dome, 27.36 /
    /// 25.23 / 42.06 / 1.90, but veils 30.69 dB: a wide average cuts a smooth veil's peak.
    public var broadAverageScale: Double = 1.25
    /// ... when the 99th percentile of its amounts is below this many times their median (a
    /// bloom's core in its halo is a peak the dome cannot follow: without this, held-out tight
    /// masks lost 0.67 dB with the wide average alone).
    public var broadPeakRatio: Double = 8
    /// ... and its amounts above their median spread with a ratio of long to short axis below this
    /// (a box dragged around a streak is round, its glare is not: without it, held-out rectangles
    /// lost 0.3-0.6 dB, up to 5.5 on a soft streak).
    public var broadElongation: Double = 2

    /// Creates a configuration; the defaults are the ones measured by `Benchmarks/inpaint_eval.sh`.
    public init(
      linearLight: Bool = true, clipLevel: Double = 0.985, clipGrowth: Int = 2,
      explainedClipping: Double = 0.9, predictionSigma: Double = 1,
      guideSigma: Double = 1, edgeContrast: Double = 0.01, edgeFloor: Double = 0.0001, guidePasses: Int = 2,
      glareScale: Double = 0.1,
      glareColourScale: Double = 4, predictionMismatch: Double = 0.02, colourMismatch: Double = 0.03,
      alongScale: Double = 1, minimumElongation: Double = 2.5, orientationScale: Double = 2, minimumSigma: Double = 1.5,
      maximumSigma: Double = 64,
      alongRangeRelative: Double = 0.3, alongRangeFloor: Double = 0.01, evidenceLevel: Double = 0.03,
      traceLevel: Double = 0.01
    ) {
      self.linearLight = linearLight
      self.clipLevel = clipLevel
      self.clipGrowth = clipGrowth
      self.explainedClipping = explainedClipping
      self.predictionSigma = predictionSigma
      self.guideSigma = guideSigma
      self.edgeContrast = edgeContrast
      self.edgeFloor = edgeFloor
      self.guidePasses = guidePasses
      self.glareScale = glareScale
      self.glareColourScale = glareColourScale
      self.predictionMismatch = predictionMismatch
      self.colourMismatch = colourMismatch
      self.alongScale = alongScale
      self.minimumElongation = minimumElongation
      self.orientationScale = orientationScale
      self.minimumSigma = minimumSigma
      self.maximumSigma = maximumSigma
      self.alongRangeRelative = alongRangeRelative
      self.alongRangeFloor = alongRangeFloor
      self.evidenceLevel = evidenceLevel
      self.traceLevel = traceLevel
    }
  }
}
