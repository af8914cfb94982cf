import Foundation

/// Registers a provider's returned patch to the crop it was made from, using what should not
/// have changed: the patch outside the mask (docs/pipeline.md, The remove pipeline, step 10).
///
/// Models return edits shifted, rescaled and recoloured; pasting such a patch doubles edges along
/// the mask and leaves a colour seam. The patch, already resized to the crop's size, is compared
/// with the crop outside the mask grown by ``Configuration/maskMargin``:
///
/// 1. **Already aligned?** When the ring (crop pixels outside the mask) already agrees to
///    ``Configuration/alreadyAlignedPSNR``, nothing is estimated: a perfect patch, or the local
///    provider's, stays bit-identical.
/// 2. **Geometry** (``PatchGeometry``: a scale per axis and a shift, sub-pixel) on a luma pyramid
///    (2 x 2 box averages): a coarse search by normalised cross-correlation over shifts up to
///    ``Configuration/searchRange`` and a few scales (and, for an answer of another aspect ratio,
///    the two ways a model may have fitted the content into it), then Gauss-Newton with Tukey's
///    biweight down to the finest level, jointly with a luma gain and offset. Outliers (a
///    repainted corner) get no weight.
/// 3. **Colour** (``ColourCorrection``): with the patch warped onto the crop (bicubic, 16 bits), a
///    robust gain and offset per channel; samples the model's recolour saturated in one channel
///    are rebuilt from the other two where that fits the ring better (``SaturationFill``).
/// 4. **Decision.** The fit is applied only if it is not the identity, raises the ring's PSNR
///    with each difference capped at three inlier levels by at least
///    ``Configuration/minimumGain`` dB, does not lower its plain PSNR (a fit never makes the ring
///    worse), leaves the
///    patch registered (``Configuration/minimumInlierFraction``,
///    ``Configuration/minimumRegisteredPSNR``) and changes no colour by more than
///    ``Configuration/maximumColourGain``.
///
/// The ring is the crop's padding (12 % of the mask's longer side by default, at least 16 px). An
/// answer whose content is larger than the crop pushes the ring's outer part out of its frame: up
/// to 10 % larger (6 px of a 121 px crop's 16 px padding on each side) the part left is enough,
/// because a sample that left the frame is not counted against a geometry, a quarter of the ring
/// inside the frame suffices, and the pyramid keeps only levels on which the largest scale
/// searched still reads enough of the ring. With a thinner ring or a larger scale a fit may still
/// be wrong; it is applied only if it improves the ring, and the warning then says to look at the
/// seam.
///
/// The result reports the fit, the ring PSNR before and after, and whether the patch is
/// registered (enough of its surroundings agree) or its surroundings changed so much that the
/// seam needs a look.
public enum PatchRegistration {
  /// The patch the composite should use and what the registration found.
  public struct Outcome: Sendable {
    /// The registered patch at the crop's size and depth when ``RegistrationFit/isApplied``,
    /// else the patch as given.
    public var patch: ImageBuffer
    /// What was found and done.
    public var fit: RegistrationFit
  }

  /// Registers `patch` (the answer resized to the crop's size) to `crop` outside `mask`.
  ///
  /// - Parameters:
  ///   - crop: The original crop (any layout and depth).
  ///   - patch: The provider's answer resized to the crop's size (any layout and depth).
  ///   - mask: The crop's binary mask (inside = repainted).
  ///   - aspectChange: The answer's aspect ratio over the requested one (1 when it is the
  ///     requested shape): the coarse search then also tries the content fitted to the answer's
  ///     width or height.
  /// - Precondition: `crop`, `patch` and `mask` have the same size.
  public static func register(
    crop: ImageBuffer, patch: ImageBuffer, mask: Mask, aspectChange: Double = 1,
    configuration: Configuration = Configuration()
  ) -> Outcome {
    precondition(crop.size == patch.size && crop.size == mask.size, "the patch and mask must have the crop's size")
    let before = RingStatistics(crop: crop, patch: patch, mask: mask, inlierLevel: configuration.inlierLevel)
    func unchanged(_ status: RegistrationFit.Status, geometry: PatchGeometry = .identity, colour: ColourCorrection?)
      -> Outcome
    {
      let fit = makeFit(
        status: status, geometry: geometry, colour: colour ?? .identity(channels: 1), before: before, chosen: before,
        configuration: configuration)
      return Outcome(patch: patch, fit: fit)
    }
    if before.psnr >= configuration.alreadyAlignedPSNR { return unchanged(.alreadyAligned, colour: nil) }

    let exclusion = mask.grown(by: min(max(0, configuration.maskMargin), Mask.largestGrowth))
    let geometry: PatchGeometry
    switch estimateGeometry(
      crop: crop, patch: patch, exclusion: exclusion, aspectChange: aspectChange, configuration: configuration)
    {
    case .failure(let failure): return unchanged(.failed(failure), colour: nil)
    case .success(let estimate): geometry = estimate
    }

    let precise = patch.converted(to: patch.layout, bitDepth: .sixteen)
    let warped =
      geometry.isIdentity
      ? precise
      : PerspectiveWarp.warp(precise, sourceFromDestination: geometry.homography(in: crop.size), size: crop.size)
    guard
      let colour = colourCorrection(
        crop: crop, warped: warped, exclusion: exclusion, valid: coveredRect(geometry, size: crop.size),
        configuration: configuration)
    else { return unchanged(.failed(.noMatch), geometry: geometry, colour: nil) }
    let limit = configuration.maximumColourGain
    guard colour.gains.allSatisfy({ $0 > 1 / limit && $0 < limit }) else {
      return unchanged(.failed(.noMatch), geometry: geometry, colour: colour)
    }
    if geometry.isIdentity && colour.isIdentity {
      return unchanged(.notApplied, colour: colour)
    }
    let candidate = applying(colour, to: warped, depth: crop.bitDepth)
    let after = RingStatistics(crop: crop, patch: candidate, mask: mask, inlierLevel: configuration.inlierLevel)
    // Applied only when it helps and the result is registered: a patch whose surroundings match
    // nowhere is pasted as it came (with the warning), not bent towards a chance fit.
    let gain = after.cappedPSNR - before.cappedPSNR
    guard gain >= configuration.minimumGain, after.psnr >= before.psnr, isRegistered(after, configuration) else {
      return unchanged(.notApplied, geometry: geometry, colour: colour)
    }
    let fit = makeFit(
      status: .applied, geometry: geometry, colour: colour, before: before, chosen: after, configuration: configuration)
    return Outcome(patch: candidate, fit: fit)
  }

  /// The geometry from `patch` to `crop` outside `exclusion`, snapped to the identity when
  /// within ``Configuration/identityTolerance`` of it everywhere in the crop.
  static func estimateGeometry(
    crop: ImageBuffer, patch: ImageBuffer, exclusion: Mask, aspectChange: Double, configuration: Configuration
  ) -> Result<PatchGeometry, RegistrationFailure> {
    var factor = 1
    while crop.pixelCount / (factor * factor) > configuration.finestPixels { factor *= 2 }
    guard crop.width / factor >= 8, crop.height / factor >= 8 else {
      return .failure(.tooLittleSurroundings(pixels: 0))
    }
    var levels = [RegistrationLevel(crop: crop, patch: patch, exclusion: exclusion, factor: factor)]
    let usable = levels[0].usable.reduce(0) { $0 + ($1 ? 1 : 0) } * factor * factor
    guard usable >= configuration.minimumSurroundings else { return .failure(.tooLittleSurroundings(pixels: usable)) }
    // A thin ring (the crop's padding) vanishes on coarse levels, where a level pixel is usable
    // only when its whole footprint is, and an answer whose content is larger than the crop
    // pushes the ring's outer part out of its frame (on a coarse level, the one or two pixels
    // along its edges): the pyramid stops while enough of the ring is left for the largest
    // scale the search tries.
    let largestScale = max(1, configuration.searchScales.max() ?? 1)
    while let last = levels.last, let next = last.halved(), max(next.width, next.height) >= configuration.coarsestSide,
      next.readableCount(scale: largestScale, cropSize: crop.size) >= configuration.coarsestSamples
    {
      levels.append(next)
    }
    guard let coarsest = levels.last else { return .failure(.noMatch) }
    // Nominal scale: 1 (the answer is already resized to the crop); the aspect readings differ.
    let nominal = (1.0, 1.0)
    let candidates = coarseCandidates(
      level: coarsest, samples: coarsest.samples(step: 1), cropSize: crop.size, aspectChange: aspectChange,
      configuration: configuration)
    // Every starting point is refined on the coarsest level; the best few go down the pyramid
    // together until one is clearly better (half the runner-up's cost), because a partly
    // repainted surrounding can make a wrong placement almost as good on a coarse level.
    let coarseGradients = coarsest.patchGradients()
    var finalists = candidates.compactMap {
      refine(
        $0, level: coarsest, samples: coarsest.samples(step: 1), gradients: coarseGradients, cropSize: crop.size,
        nominalScale: nominal, configuration: configuration)
    }
    finalists = Array(finalists.sorted { $0.cost < $1.cost }.prefix(configuration.finalists))
    guard !finalists.isEmpty else { return .failure(candidates.isEmpty ? .noMatch : .diverged) }
    for level in levels.dropLast().reversed() {
      if finalists.count > 1, finalists[0].cost * 2 < finalists[1].cost { finalists = [finalists[0]] }
      let usableCount = level.usable.reduce(0) { $0 + ($1 ? 1 : 0) }
      let step = max(1, Int((Double(usableCount) / Double(configuration.maximumSamples)).squareRoot().rounded(.up)))
      let samples = level.samples(step: step)
      let gradients = level.patchGradients()
      finalists = finalists.compactMap {
        refine(
          $0.estimate, level: level, samples: samples, gradients: gradients, cropSize: crop.size,
          nominalScale: nominal, configuration: configuration)
      }.sorted { $0.cost < $1.cost }
      guard !finalists.isEmpty else { return .failure(.diverged) }
    }
    let estimate = finalists[0].estimate
    var geometry = estimate.geometry
    let reach = Double(max(crop.width, crop.height)) / 2
    let deviation =
      max(abs(geometry.scaleX - 1), abs(geometry.scaleY - 1)) * reach
      + max(abs(geometry.shiftX), abs(geometry.shiftY))
    if deviation <= configuration.identityTolerance { geometry = .identity }
    return .success(geometry)
  }

  /// The fit report for `status`, with the verdicts taken from the statistics of the patch that
  /// is composited.
  static func makeFit(
    status: RegistrationFit.Status, geometry: PatchGeometry, colour: ColourCorrection, before: RingStatistics,
    chosen: RingStatistics, configuration: Configuration
  ) -> RegistrationFit {
    let registered = isRegistered(chosen, configuration)
    let changed =
      !registered || chosen.psnr < configuration.warningPSNR
      || chosen.inlierFraction < configuration.warningInlierFraction
    return RegistrationFit(
      status: status, geometry: geometry, colour: colour, ringPSNRBefore: before.psnr, ringPSNR: chosen.psnr,
      inlierFraction: chosen.inlierFraction, ringPixels: chosen.pixels, isRegistered: registered,
      surroundingsChanged: changed)
  }

  /// Whether a patch with these ring statistics matches its surroundings: enough of the ring
  /// agrees and the ring's PSNR is not that of another picture.
  static func isRegistered(_ statistics: RingStatistics, _ configuration: Configuration) -> Bool {
    statistics.inlierFraction >= configuration.minimumInlierFraction
      && statistics.cappedPSNR >= configuration.minimumRegisteredPSNR
  }
}
