import DeglareCore
import Foundation

/// Size choices that follow from a model's ``UploadCapability`` when the request is built. (The
/// pipeline plans the crop and resizes it; these only name the size parameters to send.)
public enum UploadSizes {
  /// The fixed size closest to `size` in log-aspect ratio (ties: the first).
  public static func closestFixed(_ sizes: [PixelSize], to size: PixelSize) -> PixelSize? {
    let target = log(Double(size.width) / Double(size.height))
    return sizes.min { lhs, rhs in
      abs(log(Double(lhs.width) / Double(lhs.height)) - target)
        < abs(log(Double(rhs.width) / Double(rhs.height)) - target)
    }
  }

  /// The aspect-ratio entry whose size equals `size`, else the closest in log-aspect ratio.
  public static func closestRatio(_ ratios: [AspectRatioSize], to size: PixelSize) -> AspectRatioSize? {
    if let exact = ratios.first(where: { $0.size == size }) { return exact }
    let target = log(Double(size.width) / Double(size.height))
    return ratios.min { lhs, rhs in
      abs(log(Double(lhs.size.width) / Double(lhs.size.height)) - target)
        < abs(log(Double(rhs.size.width) / Double(rhs.size.height)) - target)
    }
  }

  /// Whether `size` satisfies `rule`.
  public static func satisfies(_ size: PixelSize, _ rule: FlexibleSizeRule) -> Bool {
    let long = max(size.width, size.height)
    let short = min(size.width, size.height)
    return size.width % rule.multiple == 0 && size.height % rule.multiple == 0 && long <= rule.maxEdge
      && Double(long) <= rule.maxAspectRatio * Double(short) && (rule.minPixels...rule.maxPixels).contains(size.area)
  }

  /// `size` if it satisfies `rule`, else the nearest size that does with (about) the same aspect
  /// ratio: the ratio clamped to the rule's maximum, the area scaled into the pixel range, the
  /// edges rounded to the multiple.
  public static func fit(_ size: PixelSize, _ rule: FlexibleSizeRule) -> PixelSize {
    if satisfies(size, rule) { return size }
    var aspect = Double(size.width) / Double(size.height)
    aspect = min(max(aspect, 1 / rule.maxAspectRatio), rule.maxAspectRatio)
    let area = min(max(Double(size.area), Double(rule.minPixels)), Double(rule.maxPixels))
    var width = (area * aspect).squareRoot()
    var height = width / aspect
    let longest = max(width, height)
    if longest > Double(rule.maxEdge) {
      width *= Double(rule.maxEdge) / longest
      height *= Double(rule.maxEdge) / longest
    }
    let step = Double(rule.multiple)
    var candidate = PixelSize(
      width: Int((width / step).rounded()) * rule.multiple, height: Int((height / step).rounded()) * rule.multiple)
    // Rounding can cross a bound by one step; walk back inside.
    for _ in 0..<64 where !satisfies(candidate, rule) {
      if candidate.area < rule.minPixels {
        if candidate.width <= candidate.height {
          candidate.width += rule.multiple
        } else {
          candidate.height += rule.multiple
        }
      } else {
        if candidate.width >= candidate.height {
          candidate.width -= rule.multiple
        } else {
          candidate.height -= rule.multiple
        }
      }
    }
    return candidate
  }
}
