import DeglareTestSupport
import Testing

@testable import DeglareCore

/// How an estimate is written at full resolution: how much of its glare a pixel takes, and how a
/// clipped channel is filled.
struct WorkScaleWriteTests {
  /// One row of five pixels (linear light), an estimate over all of them, and what is written.
  /// Pixel 0: grey paint under a green-blue veil. Pixel 1: a dark warm shadow under an estimate
  /// far brighter than it in green. Pixel 2: green clipped under a green veil, filled by the
  /// membrane with 0.7. Pixel 3: paint gone (every channel filled with 0.7). Pixel 4: green
  /// clipped under a green-blue veil, filled with 0.7.
  static func written() -> (image: ImageBuffer, result: ImageBuffer) {
    let observed: [[Double]] = [[0.5, 0.5, 0.5], [0.3, 0.05, 0.03], [0.6, 1, 0.6], [1, 1, 1], [0.6, 1, 0.6]]
    var image = ImageBuffer(width: 5, height: 1, layout: .rgb, bitDepth: .eight)
    for (x, colour) in observed.enumerated() {
      for (k, value) in colour.enumerated() {
        image.setSample(x: x, y: 0, channel: k, SyntheticGlare.level(value))
      }
    }
    let glare: [[Float]] = [[0, -0.02, 0, 0.1, 0], [0.1, 0.2, 0.1, 0.1, 0.1], [0.1, 0.13, 0, 0.1, 0.1]]
    let estimate = Work.Estimate(
      glare: glare, support: [Bool](repeating: true, count: 5), fillAll: [false, false, false, true, false],
      channelFilled: [
        [false, false, false, true, false], [false, false, true, true, true], [false, false, false, true, false],
      ],
      filled: [[Float]](repeating: [Float](repeating: 0.7, count: 5), count: 3))
    let scale = WorkScale(area: PixelRect(x: 0, y: 0, width: 5, height: 1), factor: 1)
    var result = image
    _ = scale.write(
      estimate, image: image, into: &result, inside: [Bool](repeating: true, count: 5), configuration: .init())
    return (image, result)
  }

  /// Whether the samples are within a level of the expected ones (8-bit rounding in between).
  static func close(_ samples: [Int], _ expected: [Double]) -> Bool {
    zip(samples, expected).allSatisfy { abs($0 - SyntheticGlare.level($1)) <= 1 }
  }

  @Test("an estimate under the observed light is subtracted whole")
  func fittingEstimate() {
    let (_, result) = Self.written()
    #expect(Self.close(result.pixel(x: 0, y: 0), [0.5, 0.4, 0.4]), "\(result.pixel(x: 0, y: 0))")
  }

  @Test("an estimate brighter than the photo in a channel is mostly not subtracted")
  func excessiveEstimate() {
    // The green estimate is 4 times the green observed: added light cannot be, so the estimate
    // is wrong here. Subtracted whole it would leave green 0 (a dark shadow turned pure red);
    // the pixel takes 1/4.33^2 of it (blue's excess is the larger): green 0.039, not 0.
    let (image, result) = Self.written()
    let green = result.sample(x: 1, y: 0, channel: 1)
    #expect(green >= image.sample(x: 1, y: 0, channel: 1) - 10, "green \(green)")
    #expect(green < image.sample(x: 1, y: 0, channel: 1))
  }

  @Test("channels filled by the membrane are written as filled")
  func filledChannels() {
    let (image, result) = Self.written()
    // Green clipped under a green veil: the membrane's 0.7; red and blue keep their light.
    #expect(abs(result.sample(x: 2, y: 0, channel: 1) - SyntheticGlare.level(0.7)) <= 1)
    #expect(result.sample(x: 2, y: 0, channel: 0) == image.sample(x: 2, y: 0, channel: 0))
    // Paint gone: every channel filled.
    #expect(Self.close(result.pixel(x: 3, y: 0), [0.7, 0.7, 0.7]), "\(result.pixel(x: 3, y: 0))")
  }

  @Test("a clipped channel is filled no lower than the sample less the glare the others measured")
  func clippedChannelBound() {
    let (image, result) = Self.written()
    // Blue carries half the veil's colour, so it measured the glare here: green is at least
    // 1 - 0.1, above the fill's 0.7 (a brighter speck of the paint the membrane cannot know).
    #expect(abs(result.sample(x: 4, y: 0, channel: 1) - SyntheticGlare.level(0.9)) <= 1)
    #expect(result.sample(x: 4, y: 0, channel: 0) == image.sample(x: 4, y: 0, channel: 0))
    // Under a green-only veil (pixel 2) nothing but green could measure it: the fill stands.
    #expect(abs(result.sample(x: 2, y: 0, channel: 1) - SyntheticGlare.level(0.7)) <= 1)
  }
}
