/// The inward feather: blend weights that are 0 wherever the binary mask is 0, rise inward over
/// the feather width, and reach 1 in the middle of every marked stroke, however thin.
///
/// Definitions (pixel centres, distances in full-resolution pixels):
/// - `d(p)`: exact Euclidean distance from inside pixel `p` to the nearest outside pixel (an
///   exact, capped distance transform; see `DistanceTransform`). The mask's edge lies half a
///   pixel before that outside pixel, so `s = d - 0.5` is `p`'s depth below the edge. Pixels
///   beyond the image are not outside: a mask that touches the image's edge is not faded there.
/// - The *core* `K`: inside pixels that are deep (`d >= F + 0.5`, where `F` is the feather width)
///   or on a ridge of `d` (no 8-neighbour has `d` more than ``Configuration/ridgeTolerance``
///   higher, which finds the centre line of strokes narrower than `2F` and tolerates the
///   discretisation of `d` along slanted strokes).
/// - `e(p)`: exact distance from `p` to the nearest core pixel, counted as at most `1.5 F + 2`
///   (only the tips of sharp corners are farther); `e' = max(0, e - 0.5)` is the distance to the
///   core's edge.
///
/// Then `alpha = 0` outside the mask, `1` on the core, and `smoothstep(s / (s + e'))` elsewhere
/// inside, with `smoothstep(t) = t^2 (3 - 2t)`. Along a straight edge of a wide area `s + e' = F`,
/// so alpha rises over exactly `F` pixels; across a stroke of half-width `h < F` it rises over `h`
/// and reaches 1 on the centre line (a 1-pixel stroke is all centre). Both distances are
/// 1-Lipschitz, so alpha varies continuously (no banding), and the smoothstep makes the ramp
/// flat at both ends (no Mach bands where it starts and stops). `F = 0` is a hard edge:
/// alpha = 1 on every inside pixel.
public enum Feather {
  /// The tunables of the feather.
  public struct Configuration: Sendable, Equatable {
    /// The widest feather supported (100 px): the distance fields are exact only up to a cap that
    /// grows with the width and is limited by their 16-bit storage.
    public static let maximumWidth = 100.0
    /// Feather width `F` in full-resolution pixels (`--feather`, default 6; 0 = hard edge;
    /// values above ``maximumWidth`` act as the maximum).
    public var width: Double
    /// How much higher (in pixels of distance) a neighbour may be for a pixel to still count as
    /// on a ridge (0.5: half the rise of a flank pixel, which is at least ~1 per step).
    public var ridgeTolerance: Double

    /// Creates a configuration.
    public init(width: Double = 6, ridgeTolerance: Double = 0.5) {
      self.width = width
      self.ridgeTolerance = ridgeTolerance
    }
  }

  /// Blend weights for the pixels of `crop` (canonical coordinates; the map is crop-local) from
  /// the full-image `mask`, with a feather `width` in pixels.
  public static func alpha(mask: Mask, crop: PixelRect, width: Double = 6) -> AlphaMap {
    alpha(mask: mask, crop: crop, configuration: Configuration(width: width))
  }

  /// Blend weights for the whole image.
  public static func alpha(mask: Mask, width: Double = 6) -> AlphaMap {
    alpha(mask: mask, crop: PixelRect(x: 0, y: 0, width: mask.width, height: mask.height), width: width)
  }

  /// Blend weights for the pixels of `crop` with explicit tunables.
  ///
  /// The result is exact for any crop: distances are computed on the crop's inside pixels
  /// enlarged by a margin that covers every pixel they can depend on.
  ///
  /// - Precondition: `crop` is non-empty and inside the mask.
  public static func alpha(mask: Mask, crop: PixelRect, configuration: Configuration) -> AlphaMap {
    let image = PixelRect(x: 0, y: 0, width: mask.width, height: mask.height)
    precondition(!crop.isEmpty && image.contains(crop), "crop \(crop) outside mask \(mask.size)")
    var values = [Float](repeating: 0, count: crop.area)
    guard let region = mask.insideBounds(in: crop) else {
      return AlphaMap(unchecked: crop.width, height: crop.height, values: values)
    }
    let feather = configuration.width.isFinite ? min(max(0, configuration.width), Configuration.maximumWidth) : 0
    if feather < 0.5 {
      // Hard edge: every inside pixel is core (d >= 1 >= F + 0.5).
      mask.values.withUnsafeBufferPointer { m in
        for y in region.y..<region.maxY {
          for x in region.x..<region.maxX where m[y * mask.width + x] >= Mask.insideThreshold {
            values[(y - crop.y) * crop.width + (x - crop.x)] = 1
          }
        }
      }
      return AlphaMap(unchecked: crop.width, height: crop.height, values: values)
    }
    let field = FeatherField(mask: mask, region: region, feather: feather, ridgeTolerance: configuration.ridgeTolerance)
    field.write(into: &values, crop: crop)
    return AlphaMap(unchecked: crop.width, height: crop.height, values: values)
  }
}
