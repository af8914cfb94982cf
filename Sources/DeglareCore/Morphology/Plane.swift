/// One channel of samples on a pixel grid: row-major, top row first, top-left origin, index
/// `y * width + x`, in whatever space the caller chose (full resolution or a downscaled analysis
/// copy; see ``CoordinateSpace``).
public struct Plane<Element: Sendable & Equatable>: Sendable, Equatable {
  /// Width in pixels (at least 1).
  public let width: Int
  /// Height in pixels (at least 1).
  public let height: Int
  /// The samples, `width * height` of them, row by row.
  public var values: [Element]

  /// Creates a plane filled with one value.
  public init(width: Int, height: Int, repeating value: Element) {
    precondition(width > 0 && height > 0, "a plane has at least one pixel")
    self.width = width
    self.height = height
    self.values = [Element](repeating: value, count: width * height)
  }

  /// Creates a plane from its samples.
  /// - Precondition: `values.count == width * height`.
  public init(width: Int, height: Int, values: [Element]) {
    precondition(width > 0 && height > 0 && values.count == width * height)
    self.width = width
    self.height = height
    self.values = values
  }

  /// Number of samples (`width * height`).
  public var count: Int { width * height }

  /// The sample at (x, y).
  public subscript(x: Int, y: Int) -> Element {
    get { values[y * width + x] }
    set { values[y * width + x] = newValue }
  }
}

/// A sample type that grey-level morphology can work on: totally ordered, with the values that
/// erosion and dilation treat as "no pixel here" beyond the image border.
public protocol MorphologySample: Comparable, Sendable {
  /// The largest value: the neutral element of `min` (padding for erosion).
  static var morphologyMaximum: Self { get }
  /// The smallest value: the neutral element of `max` (padding for dilation).
  static var morphologyMinimum: Self { get }
}

extension Float: MorphologySample {
  /// `+infinity`.
  public static var morphologyMaximum: Float { .infinity }
  /// `-infinity`.
  public static var morphologyMinimum: Float { -.infinity }
}

extension UInt8: MorphologySample {
  /// 255.
  public static var morphologyMaximum: UInt8 { .max }
  /// 0.
  public static var morphologyMinimum: UInt8 { .min }
}
