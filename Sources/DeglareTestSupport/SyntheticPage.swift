import DeglareCore

/// A photographed page for `enhance` tests: paper with lines of glyph-like strokes (some in
/// faint grey print), one or two pixels thin, under light falling off from one corner to the
/// other, with a little sensor noise; and the strokes' exact pixels.
public struct SyntheticPage: Sendable {
  /// The photo, 8-bit RGB.
  public let image: ImageBuffer
  /// The reference: true where a stroke was drawn.
  public let strokes: Mask
  /// True where a faint stroke was drawn (a subset of ``strokes``).
  public let faintStrokes: Mask

  /// Renders a page `width` x `height`: paper (235, 232, 224) under light from `brightest` down
  /// to `darkest` (fractions) across the diagonal; ink (35, 35, 45), faint print (150, 148, 145).
  public init(width: Int, height: Int, brightest: Double = 1, darkest: Double = 0.45, seed: UInt64 = 5) {
    var random = SeededGenerator(seed: seed)
    var ink = [UInt8](repeating: 0, count: width * height)  // 0 paper, 1 ink, 2 faint
    let lineHeight = 14
    var row = 8
    var line = 0
    while row + 9 < height - 6 {
      let faint = line % 3 == 1
      var x = 8
      while x < width - 14 {
        let glyph = 4 + Int(random.next() % 5)
        guard x + glyph < width - 8 else { break }
        // A glyph: a vertical stem, sometimes a bar across, in one- or two-pixel strokes.
        let stemX = x + Int(random.next() % UInt64(glyph))
        let thick = random.next() % 3 == 0 ? 2 : 1
        for y in row..<(row + 9) {
          for dx in 0..<thick where stemX + dx < width { ink[y * width + stemX + dx] = faint ? 2 : 1 }
        }
        if random.next() % 2 == 0 {
          let barY = row + 2 + Int(random.next() % 6)
          for xx in x..<(x + glyph) { ink[barY * width + xx] = faint ? 2 : 1 }
        }
        x += glyph + 2 + (random.next() % 4 == 0 ? 5 : 0)
      }
      row += lineHeight
      line += 1
    }
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    let paper: [Double] = [235, 232, 224]
    let dark: [Double] = [35, 35, 45]
    let faintInk: [Double] = [150, 148, 145]
    let diagonal = Double(width + height - 2)
    for y in 0..<height {
      for x in 0..<width {
        let light = brightest + (darkest - brightest) * Double(x + y) / diagonal
        let kind = ink[y * width + x]
        let colour = kind == 0 ? paper : (kind == 1 ? dark : faintInk)
        let noise = 2 * (unitHash(x, y, Int(seed % 1000)) - 0.5)
        for channel in 0..<3 {
          let value = colour[channel] * light + noise
          samples[(y * width + x) * 3 + channel] = UInt8(min(255, max(0, value.rounded())))
        }
      }
    }
    image = ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
    strokes = Mask(width: width, height: height, values: ink.map { $0 == 0 ? 0 : 255 })
    faintStrokes = Mask(width: width, height: height, values: ink.map { $0 == 2 ? 255 : 0 })
  }
}
