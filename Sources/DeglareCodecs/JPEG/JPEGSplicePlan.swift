import DeglareCore

/// Which blocks of a JPEG a removal changes, and the pixels to re-encode them from.
///
/// A block is re-encoded when any pixel of its footprint (a chroma block of 4:2:0 covers 16x16
/// pixels) changed value: pixels the composite wrote with their old value change nothing. Every
/// other block keeps its coefficients byte for byte. The changed pixels are found in upright
/// (canonical) coordinates, where the overlay is, and mapped to the file's stored coordinates
/// through the EXIF orientation, because the written JPEG keeps the original's orientation.
struct JPEGSplicePlan: Sendable {
  /// The blocks to re-encode, per component: row-major over `widthInBlocks x heightInBlocks`.
  var touched: [[Bool]]
  /// How many blocks of each component are re-encoded.
  var counts: [Int]
  /// The stored pixels to re-encode from: every re-encoded block's footprint, widened to whole
  /// MCUs (clamped to the picture), so that a sub-image encoded with the original's sampling
  /// and tables has its blocks exactly on the original's grid. Nil when nothing changed.
  var region: PixelRect?

  /// Plans a splice of `overlay` (upright coordinates) into a JPEG of `layout` whose decoded
  /// upright picture is `image`, stored under `orientation`.
  /// - Precondition: the overlay fits the image, and the image is the layout's picture upright.
  init(layout: JPEGBlockLayout, orientation: Orientation, image: ImageBuffer, overlay: RegionOverlay) {
    precondition(image.bitDepth == .eight && overlay.fits(image), "the overlay must fit the decoded JPEG")
    precondition(orientation.width == image.width && orientation.height == image.height)
    var touched = layout.components.map { [Bool](repeating: false, count: $0.widthInBlocks * $0.heightInBlocks) }
    let scales = layout.components.indices.map { layout.pixelsPerSample($0) }
    let channels = image.channelCount
    let rect = overlay.rect
    image.withUnsafeSamples8 { original in
      overlay.pixels.withUnsafeSamples8 { pasted in
        for row in 0..<rect.height {
          for column in 0..<rect.width {
            let o = ((rect.y + row) * image.width + rect.x + column) * channels
            let p = (row * rect.width + column) * channels
            var same = true
            for c in 0..<channels where original[o + c] != pasted[p + c] { same = false }
            if same { continue }
            let stored = orientation.source(x: rect.x + column, y: rect.y + row)
            for (index, component) in layout.components.enumerated() {
              let bx = stored.x / scales[index].x / 8
              let by = stored.y / scales[index].y / 8
              if bx < component.widthInBlocks && by < component.heightInBlocks {
                touched[index][by * component.widthInBlocks + bx] = true
              }
            }
          }
        }
      }
    }
    self.touched = touched
    counts = touched.map { $0.reduce(0) { $0 + ($1 ? 1 : 0) } }
    region = Self.region(layout: layout, touched: touched)
  }

  /// The MCU-aligned stored rectangle covering every touched block's footprint.
  private static func region(layout: JPEGBlockLayout, touched: [[Bool]]) -> PixelRect? {
    var minX = Int.max
    var minY = Int.max
    var maxX = Int.min
    var maxY = Int.min
    for (index, component) in layout.components.enumerated() {
      let scale = layout.pixelsPerSample(index)
      for by in 0..<component.heightInBlocks {
        for bx in 0..<component.widthInBlocks where touched[index][by * component.widthInBlocks + bx] {
          minX = min(minX, bx * 8 * scale.x)
          minY = min(minY, by * 8 * scale.y)
          maxX = max(maxX, (bx + 1) * 8 * scale.x)
          maxY = max(maxY, (by + 1) * 8 * scale.y)
        }
      }
    }
    guard minX <= maxX else { return nil }
    let x0 = minX / layout.mcuWidth * layout.mcuWidth
    let y0 = minY / layout.mcuHeight * layout.mcuHeight
    let x1 = min(layout.width, (maxX + layout.mcuWidth - 1) / layout.mcuWidth * layout.mcuWidth)
    let y1 = min(layout.height, (maxY + layout.mcuHeight - 1) / layout.mcuHeight * layout.mcuHeight)
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The written picture's pixels over `region`, in stored orientation: the overlay where it
  /// covers them, the decoded original elsewhere; 8-bit, the image's channels, tightly packed.
  static func regionPixels(
    _ region: PixelRect, orientation: Orientation, image: ImageBuffer, overlay: RegionOverlay
  ) -> [UInt8] {
    let channels = image.channelCount
    let rect = overlay.rect
    var pixels = [UInt8](repeating: 0, count: region.width * region.height * channels)
    image.withUnsafeSamples8 { original in
      overlay.pixels.withUnsafeSamples8 { pasted in
        pixels.withUnsafeMutableBufferPointer { out in
          for row in 0..<region.height {
            for column in 0..<region.width {
              let upright = orientation.destination(x: region.x + column, y: region.y + row)
              let target = (row * region.width + column) * channels
              let inside = rect.contains(x: upright.x, y: upright.y)
              let source =
                inside
                ? ((upright.y - rect.y) * rect.width + upright.x - rect.x) * channels
                : (upright.y * image.width + upright.x) * channels
              for c in 0..<channels { out[target + c] = inside ? pasted[source + c] : original[source + c] }
            }
          }
        }
      }
    }
    return pixels
  }
}
