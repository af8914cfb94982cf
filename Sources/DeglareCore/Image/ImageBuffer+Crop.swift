/// Cutting rectangles out of images and masks (the remove pipeline's canonical -> crop step).
extension ImageBuffer {
  /// The pixels of `rect` (canonical coordinates) as a new image with the same layout and depth;
  /// pixel (0, 0) of the result is pixel (rect.x, rect.y) of this image. Samples are copied
  /// bit-exactly.
  ///
  /// - Precondition: `rect` is non-empty and lies inside ``bounds``.
  public func cropped(to rect: PixelRect) -> ImageBuffer {
    precondition(!rect.isEmpty && bounds.contains(rect), "crop \(rect) outside image \(size)")
    if rect == bounds { return self }
    switch bitDepth {
    case .eight:
      let out = rows(of: samples8, width: width, elementsPerPixel: channelCount, rect: rect)
      return ImageBuffer(width: rect.width, height: rect.height, layout: layout, samples: out)
    case .sixteen:
      let out = rows(of: samples16, width: width, elementsPerPixel: channelCount, rect: rect)
      return ImageBuffer(width: rect.width, height: rect.height, layout: layout, samples: out)
    }
  }
}

extension Mask {
  /// The mask values of `rect` (canonical coordinates) as a new mask, copied exactly.
  ///
  /// - Precondition: `rect` is non-empty and lies inside the mask.
  public func cropped(to rect: PixelRect) -> Mask {
    let whole = PixelRect(x: 0, y: 0, width: width, height: height)
    precondition(!rect.isEmpty && whole.contains(rect), "crop \(rect) outside mask \(size)")
    if rect == whole { return self }
    return Mask(
      width: rect.width, height: rect.height, values: rows(of: values, width: width, elementsPerPixel: 1, rect: rect))
  }
}

/// The elements of `rect` in a row-major raster `width` pixels wide, `elementsPerPixel` elements
/// a pixel, as a new tightly packed raster: row by row, each row one bulk copy.
///
/// Unsafe pointers: this runs on every remove, on crops of megapixels; every row read lies inside
/// `source` because the callers check that `rect` lies inside the raster.
private func rows<Element>(of source: [Element], width: Int, elementsPerPixel: Int, rect: PixelRect) -> [Element] {
  let rowLength = rect.width * elementsPerPixel
  return [Element](unsafeUninitializedCapacity: rect.height * rowLength) { out, initialized in
    source.withUnsafeBufferPointer { src in
      for row in 0..<rect.height {
        let from = ((rect.y + row) * width + rect.x) * elementsPerPixel
        _ = UnsafeMutableBufferPointer(rebasing: out[(row * rowLength)..<((row + 1) * rowLength)])
          .initialize(fromContentsOf: UnsafeBufferPointer(rebasing: src[from..<(from + rowLength)]))
      }
    }
    initialized = rect.height * rowLength
  }
}
