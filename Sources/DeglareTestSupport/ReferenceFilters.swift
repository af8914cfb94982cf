import DeglareCore

/// Brute-force definitions of the sliding-window filters: the references the fast morphology,
/// median and box filters are tested against. Each output pixel is a reduction of the
/// size x size window centred on it (an even size is rounded up to the next odd one).
public enum ReferenceFilters {
  /// How a window is completed where it passes the plane's edge.
  public enum Border: Sendable {
    /// Only the samples inside the plane count (the window is clipped).
    case clipped
    /// The nearest edge sample stands for every sample beyond the edge.
    case replicated
  }

  /// Each sample replaced by `reduce` of its window's samples, gathered row by row, top to bottom.
  public static func window<T>(_ plane: Plane<T>, size: Int, border: Border, reduce: ([T]) -> T) -> Plane<T> {
    let r = (size | 1) / 2
    var out = plane
    for y in 0..<plane.height {
      for x in 0..<plane.width {
        var window: [T] = []
        for dy in -r...r {
          for dx in -r...r {
            let (u, v) = (x + dx, y + dy)
            switch border {
            case .clipped:
              if u >= 0 && u < plane.width && v >= 0 && v < plane.height { window.append(plane[u, v]) }
            case .replicated:
              window.append(plane[min(max(u, 0), plane.width - 1), min(max(v, 0), plane.height - 1)])
            }
          }
        }
        out[x, y] = reduce(window)
      }
    }
    return out
  }

  /// The smallest (erosion, `minimum`) or largest (dilation) sample of the window clipped to the plane.
  public static func extreme<T: MorphologySample>(_ plane: Plane<T>, size: Int, minimum: Bool) -> Plane<T> {
    window(plane, size: size, border: .clipped) { samples in
      samples.dropFirst().reduce(samples[0]) { minimum ? min($0, $1) : max($0, $1) }
    }
  }

  /// The middle sample of the sorted window (the median), edges replicated.
  public static func median(_ plane: Plane<Float>, size: Int) -> Plane<Float> {
    window(plane, size: size, border: .replicated) { samples in samples.sorted()[samples.count / 2] }
  }

  /// The mean of the window, edges replicated.
  public static func mean(_ plane: Plane<Float>, size: Int) -> Plane<Float> {
    window(plane, size: size, border: .replicated) { samples in samples.reduce(0, +) / Float(samples.count) }
  }
}
