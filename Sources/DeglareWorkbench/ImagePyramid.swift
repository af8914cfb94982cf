import DeglareCore

/// The photo at halving resolutions, 8-bit RGB, cut into square tiles for the page: a 24 MP
/// photo opens from a few small tiles, and full resolution is sent only where the page zooms in.
///
/// Level 0 is the photo itself (alpha dropped, 16-bit rounded to 8, gray spread to RGB); level
/// n + 1 halves level n, each pixel the rounded mean of the (up to) four pixels it covers, so
/// level n's pixel (i, j) covers full-resolution pixels [i * 2^n, (i + 1) * 2^n) in both axes.
/// The top level fits in one tile.
struct ImagePyramid: Sendable {
  /// The side of a tile, in pixels of its level.
  static let tileSize = 512

  /// The levels, full resolution first.
  let levels: [ImageBuffer]

  /// Builds the pyramid of `image`.
  init(_ image: ImageBuffer) {
    var levels = [ImagePyramid.displayCopy(image)]
    while let last = levels.last, max(last.width, last.height) > ImagePyramid.tileSize {
      levels.append(ImagePyramid.halve(last))
    }
    self.levels = levels
  }

  /// The full-resolution size.
  var size: PixelSize { levels[0].size }

  /// The rectangle of tile (column, row) of `level`, in that level's pixels, or nil when outside.
  func tileRect(level: Int, column: Int, row: Int) -> PixelRect? {
    guard levels.indices.contains(level), column >= 0, row >= 0 else { return nil }
    let tile = ImagePyramid.tileSize
    let rect = PixelRect(x: column * tile, y: row * tile, width: tile, height: tile)
      .intersection(levels[level].bounds)
    return rect.isEmpty ? nil : rect
  }

  /// The full-resolution pixels that `rect` of `level` covers (clamped to the image).
  func footprint(of rect: PixelRect, level: Int) -> PixelRect {
    let scale = 1 << level
    return PixelRect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
      .intersection(levels[0].bounds)
  }

  /// The rectangle of `level` whose pixels cover any of the full-resolution `rect`.
  static func covering(_ rect: PixelRect, level: Int, in size: PixelSize) -> PixelRect {
    let scale = 1 << level
    let levelWidth = (size.width + scale - 1) / scale
    let levelHeight = (size.height + scale - 1) / scale
    let x0 = rect.x / scale
    let y0 = rect.y / scale
    let x1 = min(levelWidth, (rect.maxX + scale - 1) / scale)
    let y1 = min(levelHeight, (rect.maxY + scale - 1) / scale)
    return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// The photo as 8-bit RGB (the same storage when it already is).
  static func displayCopy(_ image: ImageBuffer) -> ImageBuffer {
    if image.layout == .rgb && image.bitDepth == .eight { return image }
    return image.converted(to: .rgb, bitDepth: .eight)
  }

  /// Level n + 1 from level n: every output pixel the rounded mean of its (up to four) sources.
  static func halve(_ level: ImageBuffer) -> ImageBuffer {
    let width = (level.width + 1) / 2
    let height = (level.height + 1) / 2
    var out = ImageBuffer(width: width, height: height, layout: .rgb, bitDepth: .eight)
    halve(level, into: &out, rect: out.bounds, patch: nil)
    return out
  }

  /// Computes the pixels `rect` of the level above `source` into `out`, which holds exactly
  /// `rect` (its pixel (0, 0) is the level's pixel (rect.x, rect.y)); a source pixel comes from
  /// `patch` where the patch covers it (the result view, whose crop replaces part of a level).
  ///
  /// Unsafe: a hot kernel over every pixel of a 24 MP photo; the pointers live only inside the
  /// scoped accessors and every index is inside the sizes checked above the loops.
  static func halve(_ source: ImageBuffer, into out: inout ImageBuffer, rect: PixelRect, patch: PatchLevel?) {
    let sourceWidth = source.width
    let sourceHeight = source.height
    let outWidth = out.width
    precondition(out.width == rect.width && out.height == rect.height)
    precondition(rect.x >= 0 && rect.y >= 0 && 2 * rect.maxX <= sourceWidth + 1 && 2 * rect.maxY <= sourceHeight + 1)
    source.withUnsafeSamples8 { base in
      out.withUnsafeMutableSamples8 { target in
        for y in rect.y..<rect.maxY {
          let y0 = 2 * y
          let y1 = min(2 * y + 1, sourceHeight - 1)
          for x in rect.x..<rect.maxX {
            let x0 = 2 * x
            let x1 = min(2 * x + 1, sourceWidth - 1)
            let count = (x1 - x0 + 1) * (y1 - y0 + 1)
            var sums = (0, 0, 0)
            for sy in y0...y1 {
              for sx in x0...x1 {
                if let patch, patch.rect.contains(x: sx, y: sy) {
                  let pixel = patch.pixels.sampleIndex(x: sx - patch.rect.x, y: sy - patch.rect.y)
                  sums.0 += Int(patch.pixels.samples8[pixel])
                  sums.1 += Int(patch.pixels.samples8[pixel + 1])
                  sums.2 += Int(patch.pixels.samples8[pixel + 2])
                } else {
                  let index = (sy * sourceWidth + sx) * 3
                  sums.0 += Int(base[index])
                  sums.1 += Int(base[index + 1])
                  sums.2 += Int(base[index + 2])
                }
              }
            }
            let index = ((y - rect.y) * outWidth + (x - rect.x)) * 3
            target[index] = UInt8((sums.0 + count / 2) / count)
            target[index + 1] = UInt8((sums.1 + count / 2) / count)
            target[index + 2] = UInt8((sums.2 + count / 2) / count)
          }
        }
      }
    }
  }
}

/// The part of one pyramid level that a result replaces.
struct PatchLevel: Sendable {
  /// Where, in the level's pixels.
  var rect: PixelRect
  /// The replacement pixels (8-bit RGB, `rect`'s size).
  var pixels: ImageBuffer
}

extension ImagePyramid {
  /// The levels of the result whose full-resolution crop is `overlay` (8-bit RGB at
  /// `overlayRect`): every level's pixels that the crop reaches, computed exactly as the
  /// pyramid of the whole result would have them.
  func patches(overlay pixels: ImageBuffer, at overlayRect: PixelRect) -> [PatchLevel] {
    var patches = [PatchLevel(rect: overlayRect, pixels: pixels)]
    for level in 1..<max(1, levels.count) {
      let below = patches[level - 1]
      let rect = ImagePyramid.covering(overlayRect, level: level, in: size)
      var out = ImageBuffer(width: rect.width, height: rect.height, layout: .rgb, bitDepth: .eight)
      ImagePyramid.halve(levels[level - 1], into: &out, rect: rect, patch: below)
      patches.append(PatchLevel(rect: rect, pixels: out))
    }
    return patches
  }

  /// Tile `rect` of `level`, with `patch` (the result's pixels at that level) laid over it.
  func tile(level: Int, rect: PixelRect, patch: PatchLevel?) -> ImageBuffer {
    var pixels = levels[level].cropped(to: rect)
    guard let patch else { return pixels }
    let overlap = patch.rect.intersection(rect)
    guard !overlap.isEmpty else { return pixels }
    for y in overlap.y..<overlap.maxY {
      for x in overlap.x..<overlap.maxX {
        for channel in 0..<3 {
          pixels.setSample(
            x: x - rect.x, y: y - rect.y, channel: channel,
            patch.pixels.sample(x: x - patch.rect.x, y: y - patch.rect.y, channel: channel))
        }
      }
    }
    return pixels
  }
}
