/// Fast bounding boxes of a mask's inside pixels.
extension Mask {
  /// Bounding box (canonical coordinates) of the inside pixels (gray >= 128) within `rect`, or
  /// nil when there are none.
  ///
  /// Rows are tested whole with a vectorised OR of their values' top bits (inside is exactly
  /// "top bit set"), first from the top and then from the bottom; between the two, a row is only
  /// searched left of the box found so far and right of it.
  ///
  /// - Precondition: `rect` lies inside the mask.
  public func insideBounds(in rect: PixelRect) -> PixelRect? {
    precondition(PixelRect(x: 0, y: 0, width: width, height: height).contains(rect), "\(rect) outside mask \(size)")
    if rect.isEmpty { return nil }
    let rowLength = width
    // Unsafe pointers: a 24 MP mask is scanned on every remove; each row pointer covers
    // `rect.width` values inside the storage.
    return values.withUnsafeBufferPointer { buffer -> PixelRect? in
      guard let base = buffer.baseAddress else { return nil }
      func row(_ y: Int) -> UnsafePointer<UInt8> { base + y * rowLength + rect.x }
      func hasInside(_ y: Int) -> Bool {
        let r = row(y)
        var bits: UInt8 = 0
        for x in 0..<rect.width { bits |= r[x] }
        return bits & 0x80 != 0
      }
      guard let minY = (rect.y..<rect.maxY).first(where: hasInside) else { return nil }
      var maxY = minY
      for y in stride(from: rect.maxY - 1, to: minY, by: -1) where hasInside(y) {
        maxY = y
        break
      }
      // Columns, relative to rect.x.
      var minX = rect.width
      var maxX = -1
      for y in minY...maxY {
        let r = row(y)
        var x = 0
        while x < minX {
          if r[x] & 0x80 != 0 {
            minX = x
            break
          }
          x += 1
        }
        x = rect.width - 1
        while x > maxX {
          if r[x] & 0x80 != 0 {
            maxX = x
            break
          }
          x -= 1
        }
      }
      return PixelRect(minX: rect.x + minX, minY: minY, maxX: rect.x + maxX, maxY: maxY)
    }
  }
}
