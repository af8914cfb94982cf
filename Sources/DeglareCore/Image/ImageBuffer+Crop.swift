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
    let n = channelCount
    let rowLength = rect.width * n
    switch bitDepth {
    case .eight:
      var out = [UInt8](repeating: 0, count: rect.height * rowLength)
      samples8.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
          for row in 0..<rect.height {
            let from = sampleIndex(x: rect.x, y: rect.y + row)
            // Row copies through raw pointers: this runs on every remove, on crops of megapixels.
            let source = UnsafeBufferPointer(rebasing: src[from..<(from + rowLength)])
            _ = UnsafeMutableBufferPointer(rebasing: dst[(row * rowLength)..<((row + 1) * rowLength)])
              .initialize(from: source)
          }
        }
      }
      return ImageBuffer(width: rect.width, height: rect.height, layout: layout, samples: out)
    case .sixteen:
      var out = [UInt16](repeating: 0, count: rect.height * rowLength)
      samples16.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
          for row in 0..<rect.height {
            let from = sampleIndex(x: rect.x, y: rect.y + row)
            let source = UnsafeBufferPointer(rebasing: src[from..<(from + rowLength)])
            _ = UnsafeMutableBufferPointer(rebasing: dst[(row * rowLength)..<((row + 1) * rowLength)])
              .initialize(from: source)
          }
        }
      }
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
    var out = [UInt8](repeating: 0, count: rect.area)
    values.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for row in 0..<rect.height {
          let from = (rect.y + row) * width + rect.x
          let source = UnsafeBufferPointer(rebasing: src[from..<(from + rect.width)])
          _ = UnsafeMutableBufferPointer(rebasing: dst[(row * rect.width)..<((row + 1) * rect.width)])
            .initialize(from: source)
        }
      }
    }
    return Mask(width: rect.width, height: rect.height, values: out)
  }
}
