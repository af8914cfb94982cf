/// Rec. 601 luma, the one weighting of red, green and blue in deglare: 0.299 R + 0.587 G +
/// 0.114 B. A mask read from a colour image (``Mask/init(image:)``), RGB -> gray conversion
/// (``ImageBuffer/converted(to:bitDepth:)``), a colour patch composited on a gray image
/// (``Composite``), the glare detector's brightness and the document enhancer's flattened page
/// (``FlattenedPage``) all use it.
///
/// Each user keeps its own arithmetic (integer thousandths truncated or rounded, or `Float`), so
/// their results do not change; only the weights are shared. The `Float` weights are the integer
/// ones over 1000 (`Float(299) / 1000 == 0.299` exactly, and so for the others).
///
/// Light measured in linear sRGB (the glare detector's spot rings and skylight pass compare added
/// light, not encoded brightness) is weighed by the sRGB primaries' own luminance instead:
/// ``linear(_:_:_:)``.
enum Luma {
  /// 1000 times the luma, exact: `299 r + 587 g + 114 b`.
  @inline(__always)
  static func thousandfold(_ r: Int, _ g: Int, _ b: Int) -> Int { 299 * r + 587 * g + 114 * b }

  /// The luma in `Float`: `0.299 r + 0.587 g + 0.114 b`, summed left to right.
  @inline(__always)
  static func of(_ r: Float, _ g: Float, _ b: Float) -> Float { 0.299 * r + 0.587 * g + 0.114 * b }

  /// The luminance of a linear sRGB colour (Rec. 709 primaries): `0.2126 r + 0.7152 g +
  /// 0.0722 b`, summed left to right.
  @inline(__always)
  static func linear(_ r: Float, _ g: Float, _ b: Float) -> Float { 0.2126 * r + 0.7152 * g + 0.0722 * b }
}
