import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct DocumentEnhancerTests {
  let page = SyntheticPage(width: 240, height: 180)

  /// Whether a pixel of `image` (8-bit gray) within one pixel of (x, y) is black.
  func blackNear(_ image: ImageBuffer, x: Int, y: Int) -> Bool {
    for dy in -1...1 {
      for dx in -1...1 {
        let xx = x + dx
        let yy = y + dy
        if xx >= 0, yy >= 0, xx < image.width, yy < image.height, image.sample(x: xx, y: yy, channel: 0) == 0 {
          return true
        }
      }
    }
    return false
  }

  /// Whether (x, y) is more than `distance` pixels (Chebyshev) from every stroke.
  func farFromStrokes(x: Int, y: Int, distance: Int) -> Bool {
    for dy in -distance...distance {
      for dx in -distance...distance {
        let xx = x + dx
        let yy = y + dy
        if xx >= 0, yy >= 0, xx < page.strokes.width, yy < page.strokes.height, page.strokes[xx, yy] != 0 {
          return false
        }
      }
    }
    return true
  }

  @Test("bw keeps every stroke, faint print included, under a lighting gradient, and leaves the paper white")
  func blackAndWhite() {
    let bw = DocumentEnhancer.enhance(page.image, mode: .bw)
    #expect(bw.layout == .gray && bw.size == page.image.size)
    #expect(bw.samples8.allSatisfy { $0 == 0 || $0 == 255 })
    var missed: [(Int, Int)] = []
    var paper = 0
    var whitePaper = 0
    for y in 0..<page.image.height {
      for x in 0..<page.image.width {
        if page.strokes[x, y] != 0, !blackNear(bw, x: x, y: y) { missed.append((x, y)) }
        if farFromStrokes(x: x, y: y, distance: 2) {
          paper += 1
          if bw.sample(x: x, y: y, channel: 0) == 255 { whitePaper += 1 }
        }
      }
    }
    #expect(
      missed.isEmpty, "\(missed.count) stroke pixels with no black pixel within one pixel, first \(missed.prefix(5))")
    #expect(Double(whitePaper) >= 0.995 * Double(paper), "\(paper - whitePaper) of \(paper) paper pixels black")
  }

  @Test("enhanced flattens the light to white paper and keeps faint print clearly darker than the paper")
  func enhanced() {
    let out = DocumentEnhancer.enhance(page.image, mode: .enhanced)
    #expect(out.layout == .rgb && out.size == page.image.size)
    func luma(_ image: ImageBuffer, _ x: Int, _ y: Int) -> Double {
      0.299 * Double(image.sample(x: x, y: y, channel: 0)) + 0.587 * Double(image.sample(x: x, y: y, channel: 1))
        + 0.114 * Double(image.sample(x: x, y: y, channel: 2))
    }
    var paperBefore: [Double] = []
    var paperAfter: [Double] = []
    var faintBefore: [Double] = []
    var faintAfter: [Double] = []
    for y in 0..<page.image.height {
      for x in 0..<page.image.width {
        if farFromStrokes(x: x, y: y, distance: 3) {
          paperBefore.append(luma(page.image, x, y))
          paperAfter.append(luma(out, x, y))
        }
        if page.faintStrokes[x, y] != 0 {
          faintBefore.append(luma(page.image, x, y) / localPaper(x, y))
          faintAfter.append(luma(out, x, y))
        }
      }
    }
    func spread(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return sorted[sorted.count * 95 / 100] - sorted[sorted.count * 5 / 100]
    }
    let meanPaper = paperAfter.reduce(0, +) / Double(paperAfter.count)
    #expect(spread(paperBefore) > 80, "the test page is unevenly lit")
    #expect(spread(paperAfter) <= 8, "paper spread \(spread(paperAfter)) levels")
    #expect(meanPaper >= 245)
    // Faint print: its darkness relative to the paper is kept or deepened.
    let faintRatioBefore = faintBefore.reduce(0, +) / Double(faintBefore.count)
    let faintRatioAfter = faintAfter.reduce(0, +) / Double(faintAfter.count) / meanPaper
    #expect(faintRatioAfter <= faintRatioBefore, "faint print \(faintRatioAfter) of the paper, was \(faintRatioBefore)")
  }

  /// The photo's paper brightness at (x, y): the page's light times the paper's luma.
  func localPaper(_ x: Int, _ y: Int) -> Double {
    let light = 1 + (0.45 - 1) * Double(x + y) / Double(page.image.width + page.image.height - 2)
    return light * (0.299 * 235 + 0.587 * 232 + 0.114 * 224)
  }

  @Test("a gray photo gives a gray page")
  func grayInput() {
    let gray = page.image.converted(to: .gray, bitDepth: .eight)
    #expect(DocumentEnhancer.enhance(gray, mode: .enhanced).layout == .gray)
    #expect(DocumentEnhancer.enhance(gray, mode: .bw).layout == .gray)
  }
}
