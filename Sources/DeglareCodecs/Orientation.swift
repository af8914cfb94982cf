/// EXIF orientation (1-8): where a stored pixel lands once the picture is shown upright.
///
/// Used only by the decoders, row by row, so no code after decoding ever sees an orientation.
struct Orientation: Sendable, Equatable {
  /// The EXIF value, 1-8.
  let value: Int
  /// Stored width and height.
  let storedWidth: Int
  let storedHeight: Int

  /// Whether the upright picture swaps width and height (orientations 5-8).
  var transposes: Bool { value >= 5 }

  /// The upright picture's width.
  var width: Int { transposes ? storedHeight : storedWidth }
  /// The upright picture's height.
  var height: Int { transposes ? storedWidth : storedHeight }

  /// The upright position of stored pixel (x, y).
  @inline(__always)
  func destination(x: Int, y: Int) -> (x: Int, y: Int) {
    let w = storedWidth
    let h = storedHeight
    switch value {
    case 2: return (w - 1 - x, y)  // mirrored horizontally
    case 3: return (w - 1 - x, h - 1 - y)  // rotated 180
    case 4: return (x, h - 1 - y)  // mirrored vertically
    case 5: return (y, x)  // transposed
    case 6: return (h - 1 - y, x)  // rotated 90 clockwise
    case 7: return (h - 1 - y, w - 1 - x)  // transversed
    case 8: return (y, w - 1 - x)  // rotated 90 counter-clockwise
    default: return (x, y)
    }
  }

  /// The stored position of upright pixel (x, y): the inverse of ``destination(x:y:)``.
  @inline(__always)
  func source(x: Int, y: Int) -> (x: Int, y: Int) {
    let w = storedWidth
    let h = storedHeight
    switch value {
    case 2: return (w - 1 - x, y)
    case 3: return (w - 1 - x, h - 1 - y)
    case 4: return (x, h - 1 - y)
    case 5: return (y, x)
    case 6: return (y, h - 1 - x)
    case 7: return (w - 1 - y, h - 1 - x)
    case 8: return (w - 1 - y, x)
    default: return (x, y)
    }
  }
}
