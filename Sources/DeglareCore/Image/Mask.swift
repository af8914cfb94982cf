/// A gray mask: one 8-bit value per pixel, row-major, top row first, same canonical space as the
/// image it belongs to. White (>= 128) means "repaint"; see ``isInside(x:y:)``.
public struct Mask: Sendable, Equatable {
  /// The gray level at or above which a mask pixel is inside: `gray >= 128`
  /// (docs/pipeline.md, Masks).
  public static let insideThreshold: UInt8 = 128

  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// One gray value per pixel, index `y * width + x`.
  public private(set) var values: [UInt8]

  /// Creates an all-outside (zero) mask.
  public init(width: Int, height: Int) {
    precondition(width > 0 && height > 0)
    self.width = width
    self.height = height
    self.values = [UInt8](repeating: 0, count: width * height)
  }

  /// Creates a mask from gray values.
  /// - Precondition: `values.count == width * height`.
  public init(width: Int, height: Int, values: [UInt8]) {
    precondition(width > 0 && height > 0 && values.count == width * height)
    self.width = width
    self.height = height
    self.values = values
  }

  /// Creates a mask from a decoded image, per docs/pipeline.md, Masks: 16-bit samples are scaled to
  /// 8 bits first, RGB uses the ``Luma`` (299 R + 587 G + 114 B) / 1000, truncated, and alpha is
  /// ignored.
  public init(image: ImageBuffer) {
    let n = image.channelCount
    let count = image.pixelCount
    var out = [UInt8](repeating: 0, count: count)
    // Scale every sample to 8 bits first (16-bit: round(v * 255 / 65535)).
    var eight = [UInt8](repeating: 0, count: n == 1 ? 0 : count * n)
    if image.bitDepth == .sixteen {
      let scaled = image.samples16.map { UInt8((Int($0) * 255 + 32767) / 65535) }
      if n == 1 { out = scaled } else { eight = scaled }
    } else if n == 1 {
      out = image.samples8
    } else {
      eight = image.samples8
    }
    if n > 1 {
      let colour = image.layout.colorChannelCount == 3
      for p in 0..<count {
        let i = p * n
        if colour {
          let r = Int(eight[i])
          let g = Int(eight[i + 1])
          let b = Int(eight[i + 2])
          out[p] = UInt8(Luma.thousandfold(r, g, b) / 1000)
        } else {
          out[p] = eight[i]
        }
      }
    }
    self.init(width: image.width, height: image.height, values: out)
  }

  /// Size in pixels.
  public var size: PixelSize { PixelSize(width: width, height: height) }

  /// Gray value at (x, y).
  public subscript(x: Int, y: Int) -> UInt8 {
    get { values[y * width + x] }
    set { values[y * width + x] = newValue }
  }

  /// Sets the pixels `columns` of row `y` to `value`.
  /// - Precondition: the row and columns lie inside the mask.
  public mutating func fill(row y: Int, columns: Range<Int>, with value: UInt8) {
    precondition(y >= 0 && y < height && columns.lowerBound >= 0 && columns.upperBound <= width)
    let start = y * width
    for index in (start + columns.lowerBound)..<(start + columns.upperBound) { values[index] = value }
  }

  /// Whether (x, y) is marked for repainting (gray >= 128).
  @inlinable
  public func isInside(x: Int, y: Int) -> Bool { values[y * width + x] >= Mask.insideThreshold }

  /// The mask with every value mapped to 0 or 255 by the inside threshold (the same storage,
  /// without a copy, when it already holds only 0 and 255, as masks deglare writes do).
  public func binarized() -> Mask {
    if values.allSatisfy({ $0 == 0 || $0 == 255 }) { return self }
    return Mask(width: width, height: height, values: values.map { $0 >= Mask.insideThreshold ? 255 : 0 })
  }

  /// Number of inside pixels.
  public var insideCount: Int { values.reduce(0) { $0 + ($1 >= Mask.insideThreshold ? 1 : 0) } }

  /// Bounding box of the inside pixels, or nil when no pixel is inside.
  public var insideBoundingBox: PixelRect? { insideBounds(in: PixelRect(x: 0, y: 0, width: width, height: height)) }

  /// A gray 8-bit image holding the mask values (for writing a mask PNG).
  public var grayImage: ImageBuffer {
    ImageBuffer(width: width, height: height, layout: .gray, samples: values)
  }
}
