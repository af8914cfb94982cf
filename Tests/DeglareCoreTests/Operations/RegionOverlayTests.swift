import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct RegionOverlayTests {
  /// Overlays touching each edge, a single pixel, whole rows, and the whole image (image 37x23).
  static let rects: [PixelRect] = [
    PixelRect(x: 5, y: 4, width: 9, height: 6),
    PixelRect(x: 0, y: 0, width: 3, height: 2),
    PixelRect(x: 30, y: 17, width: 7, height: 6),
    PixelRect(x: 20, y: 11, width: 1, height: 1),
    PixelRect(x: 0, y: 8, width: 37, height: 5),
    PixelRect(x: 0, y: 0, width: 37, height: 23),
  ]

  /// Every layout at both depths.
  static let formats: [(ChannelLayout, BitDepth)] = ChannelLayout.allCases.flatMap { layout in
    BitDepth.allCases.map { (layout, $0) }
  }

  /// What the written image must hold at (x, y): the overlay's pixel inside its rectangle, the
  /// image's own pixel everywhere else.
  private func expectedPixel(_ image: ImageBuffer, _ overlay: RegionOverlay, x: Int, y: Int) -> [Int] {
    let r = overlay.rect
    let inside = x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
    return inside ? overlay.pixels.pixel(x: x - r.x, y: y - r.y) : image.pixel(x: x, y: y)
  }

  private func overlay(on image: ImageBuffer, at rect: PixelRect, seed: UInt64) -> RegionOverlay {
    let pixels = SyntheticImages.noise(
      width: rect.width, height: rect.height, layout: image.layout, bitDepth: image.bitDepth, seed: seed)
    return RegionOverlay(x: rect.x, y: rect.y, pixels: pixels)
  }

  @Test("applied(to:) replaces exactly the rectangle, checked at every pixel", arguments: rects)
  func appliedEveryPixel(rect: PixelRect) {
    for (index, (layout, depth)) in Self.formats.enumerated() {
      let image = SyntheticImages.formula(width: 37, height: 23, layout: layout, bitDepth: depth)
      let overlay = overlay(on: image, at: rect, seed: UInt64(index + 1))
      let result = overlay.applied(to: image)
      #expect(result.layout == layout && result.bitDepth == depth && result.size == image.size)
      var wrong = 0
      for y in 0..<image.height {
        for x in 0..<image.width where result.pixel(x: x, y: y) != expectedPixel(image, overlay, x: x, y: y) {
          wrong += 1
        }
      }
      #expect(wrong == 0, "\(layout.name) \(depth.rawValue)-bit: \(wrong) pixels differ")
    }
  }

  @Test("every pasted row holds the expected bytes; rows the overlay misses are not copied", arguments: rects)
  func pastedRows(rect: PixelRect) {
    for (index, (layout, depth)) in Self.formats.enumerated() {
      let image = SyntheticImages.formula(width: 37, height: 23, layout: layout, bitDepth: depth)
      let overlay = overlay(on: image, at: rect, seed: UInt64(index + 11))
      let expected = expectedBytes(image) { x, y in expectedPixel(image, overlay, x: x, y: y) }
      let scratch = UnsafeMutableRawPointer.allocate(byteCount: image.bytesPerRow, alignment: 16)
      defer { scratch.deallocate() }
      image.withRows(pasting: overlay) { rows in
        #expect(rows.rowBytes == image.bytesPerRow && rows.height == image.height)
        for y in 0..<image.height {
          let row = rows.row(y, scratch: scratch)
          let bytes = Array(UnsafeRawBufferPointer(start: row, count: rows.rowBytes))
          #expect(bytes == expected[y], "\(layout.name) \(depth.rawValue)-bit row \(y)")
          let covered = y >= rect.y && y < rect.y + rect.height
          #expect((row == UnsafeRawPointer(scratch)) == covered, "row \(y) copied only where the overlay is")
        }
      }
    }
  }

  @Test("without an overlay the rows are the image's own")
  func noOverlay() {
    let image = SyntheticImages.formula(width: 37, height: 23, layout: .rgba, bitDepth: .sixteen)
    let expected = expectedBytes(image) { x, y in image.pixel(x: x, y: y) }
    var destination = [UInt8](repeating: 0, count: image.bytesPerRow)
    image.withRows(pasting: nil) { rows in
      for y in 0..<image.height {
        destination.withUnsafeMutableBytes { buffer in
          if let base = buffer.baseAddress { rows.copyRow(y, into: base) }
        }
        #expect(destination == expected[y])
      }
    }
  }

  @Test func fits() {
    let image = SyntheticImages.formula(width: 37, height: 23, layout: .rgb, bitDepth: .eight)
    let patch = SyntheticImages.formula(width: 8, height: 8, layout: .rgb, bitDepth: .eight)
    #expect(RegionOverlay(x: 29, y: 15, pixels: patch).fits(image))
    #expect(!RegionOverlay(x: 30, y: 15, pixels: patch).fits(image))
    #expect(!RegionOverlay(x: 0, y: 16, pixels: patch).fits(image))
    #expect(!RegionOverlay(x: 0, y: 0, pixels: patch.converted(to: .rgba, bitDepth: .eight)).fits(image))
    #expect(!RegionOverlay(x: 0, y: 0, pixels: patch.converted(to: .rgb, bitDepth: .sixteen)).fits(image))
  }
}

/// Each row's bytes as the storage holds them (host-order 16-bit samples), built from `pixel(x,
/// y)` one sample at a time, independently of the code under test.
private func expectedBytes(_ image: ImageBuffer, pixel: (Int, Int) -> [Int]) -> [[UInt8]] {
  (0..<image.height).map { y in
    (0..<image.width).flatMap { x in
      pixel(x, y).flatMap { value -> [UInt8] in
        image.bitDepth == .eight ? [UInt8(value)] : withUnsafeBytes(of: UInt16(value)) { Array($0) }
      }
    }
  }
}
