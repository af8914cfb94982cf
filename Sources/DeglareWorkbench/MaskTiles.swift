import DeglareCore

/// Tiles of a mask for the page, at the pyramid's levels (see ``ImagePyramid``).
enum MaskTiles {
  /// Tile `rect` of `level` of `mask`: gray 255 with alpha the rounded mean of the mask values
  /// each tile pixel covers (so a level-0 tile is the mask itself, exactly), or nil when no
  /// pixel in it is inside. `inside` is the mask's inside bounding box (nil: empty mask).
  static func render(_ mask: Mask, inside: PixelRect?, level: Int, rect: PixelRect) -> ImageBuffer? {
    let scale = 1 << level
    let footprint = PixelRect(
      x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale
    )
    .intersection(PixelRect(x: 0, y: 0, width: mask.width, height: mask.height))
    guard let inside, !footprint.intersection(inside).isEmpty else { return nil }
    var sums = [Int](repeating: 0, count: rect.width * rect.height)
    let values = mask.values
    for y in footprint.y..<footprint.maxY {
      let outRow = (y / scale - rect.y) * rect.width - rect.x
      let sourceRow = y * mask.width
      for x in footprint.x..<footprint.maxX {
        let value = Int(values[sourceRow + x])
        if value != 0 { sums[outRow + x / scale] += value }
      }
    }
    var samples = [UInt8](repeating: 255, count: rect.width * rect.height * 2)
    var any = false
    for row in 0..<rect.height {
      let blockHeight = min(scale, mask.height - (rect.y + row) * scale)
      for column in 0..<rect.width {
        let blockWidth = min(scale, mask.width - (rect.x + column) * scale)
        let count = max(1, blockWidth * blockHeight)
        let sum = sums[row * rect.width + column]
        let alpha = UInt8((sum + count / 2) / count)
        samples[(row * rect.width + column) * 2 + 1] = alpha
        if alpha != 0 { any = true }
      }
    }
    guard any else { return nil }
    return ImageBuffer(width: rect.width, height: rect.height, layout: .grayAlpha, samples: samples)
  }
}
