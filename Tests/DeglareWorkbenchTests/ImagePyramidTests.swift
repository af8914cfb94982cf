import DeglareCore
import DeglareTestSupport
import Testing

@testable import DeglareWorkbench

@Suite struct ImagePyramidTests {
  static func noise(width: Int, height: Int, seed: UInt64) -> ImageBuffer {
    var random = SeededGenerator(seed: seed)
    let samples = (0..<(width * height * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
    return ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
  }

  @Test("levels halve (rounding up) down to one tile; each pixel the rounded mean of what it covers")
  func levels() {
    let image = Self.noise(width: 1302, height: 700, seed: 1)
    let pyramid = ImagePyramid(image)
    #expect(
      pyramid.levels.map(\.size) == [
        PixelSize(width: 1302, height: 700), PixelSize(width: 651, height: 350), PixelSize(width: 326, height: 175),
      ])
    let level1 = pyramid.levels[1]
    for (x, y) in [(0, 0), (17, 33), (650, 349), (300, 0)] {
      for channel in 0..<3 {
        let sum = [(0, 0), (1, 0), (0, 1), (1, 1)].map {
          image.sample(x: 2 * x + $0.0, y: 2 * y + $0.1, channel: channel)
        }.reduce(0, +)
        #expect(level1.sample(x: x, y: y, channel: channel) == (sum + 2) / 4)
      }
    }
    // The last column of level 2 covers a single column of level 1 (651 is odd).
    let level2 = pyramid.levels[2]
    let pair = level1.sample(x: 650, y: 20, channel: 1) + level1.sample(x: 650, y: 21, channel: 1)
    #expect(level2.sample(x: 325, y: 10, channel: 1) == (pair + 1) / 2)
  }

  @Test("a result's patches equal the pyramid of the whole result at every level, and only there does it differ")
  func patchesAreExact() {
    let image = Self.noise(width: 1100, height: 777, seed: 2)
    let crop = PixelRect(x: 301, y: 155, width: 257, height: 199)
    let replacement = Self.noise(width: crop.width, height: crop.height, seed: 3)
    var whole = image
    for y in 0..<crop.height {
      for x in 0..<crop.width {
        for channel in 0..<3 {
          whole.setSample(
            x: crop.x + x, y: crop.y + y, channel: channel, replacement.sample(x: x, y: y, channel: channel))
        }
      }
    }
    let pyramid = ImagePyramid(image)
    let expected = ImagePyramid(whole)
    let patches = pyramid.patches(overlay: replacement, at: crop)
    #expect(patches.count == pyramid.levels.count)
    for level in pyramid.levels.indices {
      let levelRect = pyramid.levels[level].bounds
      let tile = pyramid.tile(level: level, rect: levelRect, patch: patches[level])
      #expect(tile == expected.levels[level], "level \(level)")
    }
  }
}
