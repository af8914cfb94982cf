import DeglareTestTraits
import Testing

@testable import DeglareCore

@Suite("GlareDetector mask runs", .ownThread)
struct GlareDetectorMaskRunsTests {
  @Test("components of a mask's runs are ConnectedComponents' (8-connected, raster order)")
  func runsMatchLabelling() {
    var generator = SystemRandomNumberGenerator()
    for trial in 0..<40 {
      let width = 5 + trial % 17
      let height = 4 + trial % 13
      let density = [0.1, 0.3, 0.5, 0.7][trial % 4]
      let foreground = (0..<(width * height)).map { _ in Double.random(in: 0..<1, using: &generator) < density }
      var runs: [GlareDetector.MaskRun] = []
      for y in 0..<height {
        var start = -1
        for x in 0..<width {
          if foreground[y * width + x] {
            if start < 0 { start = x }
          } else if start >= 0 {
            runs.append(GlareDetector.MaskRun(y: y, start: start, end: x))
            start = -1
          }
        }
        if start >= 0 { runs.append(GlareDetector.MaskRun(y: y, start: start, end: width)) }
      }
      let reference = ConnectedComponents(width: width, height: height, connectivity: .eight, foreground: foreground)
      let pieces = GlareDetector.components(of: runs)
      #expect(pieces.map(\.component) == reference.components)
      for (index, piece) in pieces.enumerated() {
        let first = reference.labels.firstIndex(of: Int32(index + 1))
        #expect(first == piece.firstY * width + piece.firstX)
      }
    }
  }
}
