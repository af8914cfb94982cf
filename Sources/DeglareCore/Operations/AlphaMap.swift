/// Blend weights for a crop: one `Float` in `0...1` per pixel, row-major, top row first,
/// crop-local coordinates (pixel (0, 0) is the crop's top-left pixel). 0 keeps the original
/// pixel untouched, 1 takes the patch. Made by ``Feather``; consumed by ``Composite``.
public struct AlphaMap: Sendable, Equatable {
  /// Width in pixels (the crop's width).
  public let width: Int
  /// Height in pixels (the crop's height).
  public let height: Int
  /// One weight per pixel, index `y * width + x`, each in `0...1`.
  public private(set) var values: [Float]

  /// Creates a map from weights.
  /// - Precondition: `values.count == width * height` and every value is in `0...1`.
  public init(width: Int, height: Int, values: [Float]) {
    precondition(width > 0 && height > 0 && values.count == width * height)
    precondition(values.allSatisfy { $0 >= 0 && $0 <= 1 }, "alpha must be within 0...1")
    self.width = width
    self.height = height
    self.values = values
  }

  /// Creates a map without checking the range (the feather's output is in range by construction).
  init(unchecked width: Int, height: Int, values: [Float]) {
    self.width = width
    self.height = height
    self.values = values
  }

  /// Size in pixels.
  public var size: PixelSize { PixelSize(width: width, height: height) }

  /// The weight at crop-local (x, y).
  public subscript(x: Int, y: Int) -> Float { values[y * width + x] }

  /// Calls `body` with the weights.
  ///
  /// - warning: Do not escape the pointer from the closure for later use.
  public func withUnsafeValues<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
    try values.withUnsafeBufferPointer(body)
  }
}
