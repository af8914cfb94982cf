/// A rectangle of pixels that replaces the same rectangle of an image when the image is written:
/// the written file is the image with `pixels` at `rect`. A removal writes "original plus the
/// repainted crop" this way, without copying the whole picture.
///
/// This paste is the last step of the bit-identical promise (docs/pipeline.md, The one rule, and
/// step 13 of The remove pipeline): outside `rect` every written byte is the original's, and
/// inside it `pixels` is the original crop that ``Composite`` blended into only where the
/// feathered alpha is above 0. The PNG encoder takes each row it writes from
/// ``PastedRows/row(_:scratch:)``; the JPEG encoder, which needs one buffer, from
/// ``applied(to:)``. Both copy through ``PastedRows/copyRow(_:into:)``.
public struct RegionOverlay: Sendable {
  /// Where the pixels go, in the image's coordinates.
  public var rect: PixelRect
  /// The replacement pixels: the rectangle's size, the image's layout and depth.
  public var pixels: ImageBuffer

  /// Creates an overlay of `pixels` at `x, y`.
  public init(x: Int, y: Int, pixels: ImageBuffer) {
    self.rect = PixelRect(x: x, y: y, width: pixels.width, height: pixels.height)
    self.pixels = pixels
  }

  /// Whether it fits `image` (same layout and depth, inside the image).
  public func fits(_ image: ImageBuffer) -> Bool {
    pixels.layout == image.layout && pixels.bitDepth == image.bitDepth && image.bounds.contains(rect)
  }

  /// The image with the rectangle replaced (a full copy; for encoders that need one buffer).
  ///
  /// - Precondition: the overlay ``fits(_:)`` the image.
  public func applied(to image: ImageBuffer) -> ImageBuffer {
    var copy = image
    let rowBytes = image.bytesPerRow
    image.withRows(pasting: self) { rows in
      copy.withUnsafeMutableBytes { out in
        guard let base = out.baseAddress else { return }
        for y in rect.y..<(rect.y + rect.height) { rows.copyRow(y, into: base + y * rowBytes) }
      }
    }
    return copy
  }
}

extension ImageBuffer {
  /// Calls `body` with this image's rows as written with `overlay` pasted in (or as they are,
  /// without one).
  ///
  /// - warning: Do not escape the rows from the closure for later use.
  /// - Precondition: `overlay`, if any, ``RegionOverlay/fits(_:)`` this image.
  public func withRows<R>(pasting overlay: RegionOverlay?, _ body: (PastedRows) throws -> R) rethrows -> R {
    try withUnsafeBytes { image in
      guard let imageBase = image.baseAddress else { preconditionFailure("an image has at least one pixel") }
      guard let overlay else {
        return try body(PastedRows(image: imageBase, rowBytes: bytesPerRow, height: height, overlay: nil))
      }
      precondition(overlay.fits(self), "overlay \(overlay.rect) does not fit image \(size)")
      return try overlay.pixels.withUnsafeBytes { pixels in
        guard let pixelsBase = pixels.baseAddress else { preconditionFailure("an image has at least one pixel") }
        let segment = PastedRows.Segment(
          pixels: pixelsBase, rows: overlay.rect.y..<(overlay.rect.y + overlay.rect.height),
          offset: overlay.rect.x * bytesPerPixel, length: overlay.pixels.bytesPerRow)
        return try body(PastedRows(image: imageBase, rowBytes: bytesPerRow, height: height, overlay: segment))
      }
    }
  }
}

/// The rows of an image with a ``RegionOverlay`` pasted in, as raw bytes (8-bit samples, or
/// 16-bit samples in host byte order), top row first; made by
/// ``ImageBuffer/withRows(pasting:_:)`` and valid only inside its closure.
///
/// Read-only: several threads may read rows at once (the PNG encoder's bands do), each with a
/// scratch row of its own.
public struct PastedRows: @unchecked Sendable {
  /// Where an overlay's rows go.
  struct Segment {
    /// The overlay's first byte; its rows are `length` bytes each, tightly packed.
    let pixels: UnsafeRawPointer
    /// The image rows it covers.
    let rows: Range<Int>
    /// Bytes from the start of an image row to the overlay's first pixel.
    let offset: Int
    /// Bytes of one overlay row.
    let length: Int
  }

  /// The image's first byte.
  let image: UnsafeRawPointer
  /// Bytes per row.
  public let rowBytes: Int
  /// Number of rows.
  public let height: Int
  /// The overlay, if any.
  let overlay: Segment?

  /// Row `y` (0 ..< height) as written: a pointer into the image itself where the overlay does
  /// not cover the row (no copy), otherwise `scratch` (at least ``rowBytes`` bytes) filled by
  /// ``copyRow(_:into:)``. Valid until `scratch` is reused.
  @inline(__always)
  public func row(_ y: Int, scratch: UnsafeMutableRawPointer) -> UnsafeRawPointer {
    precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
    guard let overlay, overlay.rows.contains(y) else { return image + y * rowBytes }
    copyRow(y, into: scratch)
    return UnsafeRawPointer(scratch)
  }

  /// Writes row `y` as written into `destination` (``rowBytes`` bytes): the image's row, then,
  /// where the overlay covers the row, the overlay's row over its columns.
  public func copyRow(_ y: Int, into destination: UnsafeMutableRawPointer) {
    precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
    destination.copyMemory(from: image + y * rowBytes, byteCount: rowBytes)
    if let overlay, overlay.rows.contains(y) {
      let source = overlay.pixels + (y - overlay.rows.lowerBound) * overlay.length
      (destination + overlay.offset).copyMemory(from: source, byteCount: overlay.length)
    }
  }
}
