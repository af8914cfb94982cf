/// A decoded image: interleaved samples, row-major, top row first, top-left origin.
///
/// Coordinates are canonical (see ``CoordinateSpace``): full-resolution pixels after EXIF
/// orientation, x to the right, y down. Pixel (x, y), channel c lives at index
/// `(y * width + x) * layout.channelCount + c` of the storage array for the image's depth:
/// ``samples8`` for 8-bit images, ``samples16`` for 16-bit images (host byte order). The other
/// array is empty. Alpha, when present, is straight (not premultiplied) and is the last channel.
///
/// Rows are tightly packed: the row stride is `width * layout.channelCount` samples.
public struct ImageBuffer: Sendable, Equatable {
  /// Width in pixels (at least 1).
  public let width: Int
  /// Height in pixels (at least 1).
  public let height: Int
  /// The channels of each pixel.
  public let layout: ChannelLayout
  /// Bits per sample.
  public let bitDepth: BitDepth
  /// The samples of an 8-bit image; empty for a 16-bit image.
  public private(set) var samples8: [UInt8]
  /// The samples of a 16-bit image, host byte order; empty for an 8-bit image.
  public private(set) var samples16: [UInt16]

  /// Creates an image filled with zeros.
  public init(width: Int, height: Int, layout: ChannelLayout, bitDepth: BitDepth) {
    precondition(width > 0 && height > 0, "an image has at least one pixel")
    self.width = width
    self.height = height
    self.layout = layout
    self.bitDepth = bitDepth
    let count = width * height * layout.channelCount
    samples8 = bitDepth == .eight ? [UInt8](repeating: 0, count: count) : []
    samples16 = bitDepth == .sixteen ? [UInt16](repeating: 0, count: count) : []
  }

  /// Creates an 8-bit image from interleaved samples.
  /// - Precondition: `samples.count == width * height * layout.channelCount`.
  public init(width: Int, height: Int, layout: ChannelLayout, samples: [UInt8]) {
    precondition(width > 0 && height > 0 && samples.count == width * height * layout.channelCount)
    self.width = width
    self.height = height
    self.layout = layout
    self.bitDepth = .eight
    self.samples8 = samples
    self.samples16 = []
  }

  /// Creates a 16-bit image from interleaved samples in host byte order.
  /// - Precondition: `samples.count == width * height * layout.channelCount`.
  public init(width: Int, height: Int, layout: ChannelLayout, samples: [UInt16]) {
    precondition(width > 0 && height > 0 && samples.count == width * height * layout.channelCount)
    self.width = width
    self.height = height
    self.layout = layout
    self.bitDepth = .sixteen
    self.samples8 = []
    self.samples16 = samples
  }

  /// Size in pixels.
  public var size: PixelSize { PixelSize(width: width, height: height) }

  /// Number of interleaved samples per pixel.
  public var channelCount: Int { layout.channelCount }

  /// Number of pixels (`width * height`).
  public var pixelCount: Int { width * height }

  /// The rectangle covering the whole image.
  public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// Index of the first sample of pixel (x, y) in the storage array.
  @inlinable
  public func sampleIndex(x: Int, y: Int) -> Int { (y * width + x) * layout.channelCount }

  /// The sample at (x, y, channel), widened to `Int` (0...255 or 0...65535).
  public func sample(x: Int, y: Int, channel: Int) -> Int {
    let i = sampleIndex(x: x, y: y) + channel
    return bitDepth == .eight ? Int(samples8[i]) : Int(samples16[i])
  }

  /// Sets the sample at (x, y, channel); the value is clamped to the depth's range.
  public mutating func setSample(x: Int, y: Int, channel: Int, _ value: Int) {
    let i = sampleIndex(x: x, y: y) + channel
    let v = min(max(value, 0), bitDepth.maxValue)
    if bitDepth == .eight { samples8[i] = UInt8(v) } else { samples16[i] = UInt16(v) }
  }

  /// All samples of pixel (x, y), widened to `Int`.
  public func pixel(x: Int, y: Int) -> [Int] {
    (0..<channelCount).map { sample(x: x, y: y, channel: $0) }
  }

  /// Whether pixel (x, y) has exactly the same samples in both images.
  /// - Precondition: both images have the same layout and depth.
  public func pixelEquals(_ other: ImageBuffer, x: Int, y: Int) -> Bool {
    let i = sampleIndex(x: x, y: y)
    let j = other.sampleIndex(x: x, y: y)
    for c in 0..<channelCount {
      if bitDepth == .eight {
        if samples8[i + c] != other.samples8[j + c] { return false }
      } else {
        if samples16[i + c] != other.samples16[j + c] { return false }
      }
    }
    return true
  }

  /// Calls `body` with the 8-bit samples.
  ///
  /// - warning: Do not escape the pointer from the closure for later use.
  /// - Precondition: `bitDepth == .eight`.
  public func withUnsafeSamples8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    precondition(bitDepth == .eight)
    return try samples8.withUnsafeBufferPointer(body)
  }

  /// Calls `body` with the mutable 8-bit samples.
  ///
  /// - warning: Do not escape the pointer from the closure for later use.
  /// - Precondition: `bitDepth == .eight`.
  public mutating func withUnsafeMutableSamples8<R>(
    _ body: (inout UnsafeMutableBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    precondition(bitDepth == .eight)
    return try samples8.withUnsafeMutableBufferPointer(body)
  }

  /// Calls `body` with the 16-bit samples (host byte order).
  ///
  /// - warning: Do not escape the pointer from the closure for later use.
  /// - Precondition: `bitDepth == .sixteen`.
  public func withUnsafeSamples16<R>(_ body: (UnsafeBufferPointer<UInt16>) throws -> R) rethrows -> R {
    precondition(bitDepth == .sixteen)
    return try samples16.withUnsafeBufferPointer(body)
  }

  /// Calls `body` with the mutable 16-bit samples (host byte order).
  ///
  /// - warning: Do not escape the pointer from the closure for later use.
  /// - Precondition: `bitDepth == .sixteen`.
  public mutating func withUnsafeMutableSamples16<R>(
    _ body: (inout UnsafeMutableBufferPointer<UInt16>) throws -> R
  ) rethrows -> R {
    precondition(bitDepth == .sixteen)
    return try samples16.withUnsafeMutableBufferPointer(body)
  }

  /// Bytes per pixel: the channel count times 1 (8-bit) or 2 (16-bit).
  public var bytesPerPixel: Int { channelCount * (bitDepth == .eight ? 1 : 2) }

  /// Bytes per row (rows are tightly packed): `width * bytesPerPixel`.
  public var bytesPerRow: Int { width * bytesPerPixel }

  /// Calls `body` with the samples as raw bytes, whatever the depth: row-major, ``bytesPerRow``
  /// bytes a row, 16-bit samples in host byte order.
  ///
  /// - warning: Do not escape the pointer from the closure for later use.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    bitDepth == .eight ? try samples8.withUnsafeBytes(body) : try samples16.withUnsafeBytes(body)
  }

  /// Calls `body` with the samples as mutable raw bytes (the layout of ``withUnsafeBytes(_:)``).
  ///
  /// - warning: Do not escape the pointer from the closure for later use.
  public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
    bitDepth == .eight ? try samples8.withUnsafeMutableBytes(body) : try samples16.withUnsafeMutableBytes(body)
  }
}
