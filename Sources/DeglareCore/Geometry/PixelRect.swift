/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Number of pixels.
  public var area: Int { width * height }

  /// "WxH", as in messages and provider `size` fields.
  public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle of whole pixels in canonical coordinates.
///
/// It covers columns `x ..< x + width` and rows `y ..< y + height`. An empty rectangle has a zero
/// width or height.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
  /// Left column.
  public var x: Int
  /// Top row.
  public var y: Int
  /// Number of columns.
  public var width: Int
  /// Number of rows.
  public var height: Int

  /// Creates a rectangle from its origin and size.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Creates the smallest rectangle covering the inclusive pixel range.
  public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
    self.init(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }

  /// One past the right column.
  public var maxX: Int { x + width }
  /// One past the bottom row.
  public var maxY: Int { y + height }
  /// The size.
  public var size: PixelSize { PixelSize(width: width, height: height) }
  /// Number of pixels covered.
  public var area: Int { width * height }
  /// Whether it covers no pixel.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Whether pixel (px, py) lies inside.
  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  /// Whether `other` lies entirely inside.
  public func contains(_ other: PixelRect) -> Bool {
    other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
  }

  /// The overlap of the two rectangles (empty when they do not overlap).
  public func intersection(_ other: PixelRect) -> PixelRect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// The smallest rectangle covering both.
  public func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = min(x, other.x)
    let y0 = min(y, other.y)
    return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// `[x, y, w, h]`, the form used in JSON output.
  public var array: [Int] { [x, y, width, height] }

  /// "WxH+X+Y", the form used in human-readable summaries.
  public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
