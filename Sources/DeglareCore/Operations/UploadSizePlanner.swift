import Foundation

/// The size a crop is sent at, and the aspect-ratio name a provider wants with it.
public struct UploadSizeChoice: Sendable, Equatable {
  /// Width and height of the image sent to the provider, in pixels.
  public var size: PixelSize
  /// The aspect ratio's API name ("3:2") for `.aspectRatios` capabilities; nil otherwise.
  public var aspectName: String?

  /// Creates a choice.
  public init(size: PixelSize, aspectName: String? = nil) {
    self.size = size
    self.aspectName = aspectName
  }
}

/// Picks the upload size for a crop from a provider's ``UploadCapability``.
///
/// Aspects are compared in log space, `|ln(w/h) - ln(w'/h')|`, so 2:1 and 1:2 are equally far
/// from 1:1. The crop and the upload size rarely have exactly the same aspect: ``CropPlanner``
/// first grows the crop toward the chosen aspect where the image allows, and the resampler then
/// scales x and y independently, which absorbs the small remaining difference as a slight
/// non-uniform stretch (undone exactly when the patch is resized back to the crop).
public enum UploadSizePlanner {
  /// The width/height ratio the crop should be grown toward, or nil when any aspect is fine
  /// (`.native`, or an empty size table).
  ///
  /// `.fixedSizes` / `.aspectRatios`: the aspect of the size that ``choose(for:capability:)``
  /// picks. `.flexible`: the crop's own aspect clamped to the rule's `maxAspectRatio`.
  public static func targetAspect(for crop: PixelSize, capability: UploadCapability) -> Double? {
    switch capability {
    case .native:
      return nil
    case .fixedSizes(let sizes):
      return closest(to: crop, among: sizes).map { aspect(sizes[$0]) }
    case .aspectRatios(let entries):
      return closest(to: crop, among: entries.map(\.size)).map { aspect(entries[$0].size) }
    case .flexible(let rule):
      return clampedAspect(aspect(crop), rule: rule)
    }
  }

  /// The upload size for a crop of `crop` pixels.
  ///
  /// - `.native`: the crop's own size.
  /// - `.fixedSizes`: the listed size closest in log-aspect (first listed wins a tie); an empty
  ///   list behaves as `.native`.
  /// - `.aspectRatios`: likewise, and its name is reported.
  /// - `.flexible`: see ``flexibleSize(for:rule:)``.
  public static func choose(for crop: PixelSize, capability: UploadCapability) -> UploadSizeChoice {
    precondition(crop.width > 0 && crop.height > 0)
    switch capability {
    case .native:
      return UploadSizeChoice(size: crop)
    case .fixedSizes(let sizes):
      guard let i = closest(to: crop, among: sizes) else { return UploadSizeChoice(size: crop) }
      return UploadSizeChoice(size: sizes[i])
    case .aspectRatios(let entries):
      guard let i = closest(to: crop, among: entries.map(\.size)) else { return UploadSizeChoice(size: crop) }
      return UploadSizeChoice(size: entries[i].size, aspectName: entries[i].name)
    case .flexible(let rule):
      return UploadSizeChoice(size: flexibleSize(for: crop, rule: rule))
    }
  }

  /// The size a `.flexible` model gets for a crop.
  ///
  /// The ideal size keeps the crop's area and its aspect (clamped to `maxAspectRatio`), scaled by
  /// 1 when that area is within `[minPixels, maxPixels]` (the crop is sent at its own resolution),
  /// up to `minPixels` when smaller, down to `maxPixels` when larger, and down further if the
  /// longest edge would exceed `maxEdge`. The result is the size, among all that satisfy the rule
  /// (edges multiples of `multiple`, longest edge <= `maxEdge`, long/short <= `maxAspectRatio`,
  /// area within the pixel range), closest to the ideal in `ln(W/W*)^2 + ln(H/H*)^2`. When no size
  /// satisfies the rule at all (an inconsistent table), the ideal rounded to multiples is returned.
  public static func flexibleSize(for crop: PixelSize, rule: FlexibleSizeRule) -> PixelSize {
    let m = max(1, rule.multiple)
    let ratio = clampedAspect(aspect(crop), rule: rule)
    let area = Double(crop.area)
    var idealW = (area * ratio).squareRoot()
    var idealH = (area / ratio).squareRoot()
    var scale = 1.0
    if area < Double(rule.minPixels) { scale = (Double(rule.minPixels) / area).squareRoot() }
    if area > Double(rule.maxPixels) { scale = (Double(rule.maxPixels) / area).squareRoot() }
    scale = min(scale, Double(rule.maxEdge) / max(idealW, idealH))
    idealW *= scale
    idealH *= scale

    var best: PixelSize?
    var bestScore = Double.infinity
    let maxSteps = max(1, rule.maxEdge / m)
    for wSteps in 1...maxSteps {
      let w = wSteps * m
      let hGuess = Int((Double(w) / ratio / Double(m)).rounded(.down))
      for hSteps in (hGuess - 1)...(hGuess + 2) where hSteps >= 1 && hSteps <= maxSteps {
        let h = hSteps * m
        guard satisfies(PixelSize(width: w, height: h), rule: rule) else { continue }
        let dw = log(Double(w) / idealW)
        let dh = log(Double(h) / idealH)
        let score = dw * dw + dh * dh
        if score < bestScore {
          bestScore = score
          best = PixelSize(width: w, height: h)
        }
      }
    }
    if let best { return best }
    let w = max(m, Int((idealW / Double(m)).rounded()) * m)
    let h = max(m, Int((idealH / Double(m)).rounded()) * m)
    return PixelSize(width: w, height: h)
  }

  /// Whether `size` satisfies every constraint of `rule`.
  public static func satisfies(_ size: PixelSize, rule: FlexibleSizeRule) -> Bool {
    let m = max(1, rule.multiple)
    let long = max(size.width, size.height)
    let short = min(size.width, size.height)
    return short > 0 && size.width % m == 0 && size.height % m == 0 && long <= rule.maxEdge
      && Double(long) <= rule.maxAspectRatio * Double(short) + 1e-9
      && size.area >= rule.minPixels && size.area <= rule.maxPixels
  }

  /// Width over height.
  static func aspect(_ size: PixelSize) -> Double { Double(size.width) / Double(size.height) }

  /// `ratio` limited to `[1 / maxAspectRatio, maxAspectRatio]`.
  static func clampedAspect(_ ratio: Double, rule: FlexibleSizeRule) -> Double {
    let limit = max(1, rule.maxAspectRatio)
    return min(max(ratio, 1 / limit), limit)
  }

  /// Index of the size closest to `crop` in log-aspect; the first wins a tie; nil for no sizes.
  static func closest(to crop: PixelSize, among sizes: [PixelSize]) -> Int? {
    let target = log(aspect(crop))
    var best: Int?
    var bestDistance = Double.infinity
    for (i, size) in sizes.enumerated() where size.width > 0 && size.height > 0 {
      let distance = abs(log(aspect(size)) - target)
      // A relative tolerance keeps ties (1:1 crop between 3:2 and 2:3) resolved by list order.
      if distance < bestDistance - 1e-12 {
        bestDistance = distance
        best = i
      }
    }
    return best
  }
}
