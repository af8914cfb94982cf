import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct ResamplerTests {
  static let sizes: [(Int, Int)] = [(37, 23), (80, 60), (7, 5), (1, 1), (120, 31), (40, 40)]

  @Test("a constant image stays exactly constant", arguments: ChannelLayout.allCases, BitDepth.allCases)
  func constant(_ layout: ChannelLayout, _ depth: BitDepth) {
    for value in [0, 1, 200, depth.maxValue - 1, depth.maxValue] {
      let image = SyntheticImages.constant(width: 40, height: 30, layout: layout, bitDepth: depth, value: value)
      for (w, h) in ResamplerTests.sizes {
        let out = Resampler.resize(image, to: PixelSize(width: w, height: h))
        #expect(out.layout == layout && out.bitDepth == depth && out.size == PixelSize(width: w, height: h))
        let expected = SyntheticImages.constant(width: w, height: h, layout: layout, bitDepth: depth, value: value)
        #expect(out == expected, "value \(value) to \(w)x\(h)")
      }
    }
  }

  @Test("the same size returns identical samples", arguments: ChannelLayout.allCases, BitDepth.allCases)
  func identity(_ layout: ChannelLayout, _ depth: BitDepth) {
    let image = SyntheticImages.noise(width: 33, height: 21, layout: layout, bitDepth: depth, seed: 7)
    #expect(Resampler.resize(image, to: image.size) == image)
  }

  @Test("an axis that keeps its length is copied exactly")
  func unchangedAxis() {
    // Rows are all equal, so resizing only in y must reproduce each row exactly.
    let row = SyntheticImages.noise(width: 50, height: 1, layout: .rgb, bitDepth: .eight, seed: 3)
    let tall = ImageBuffer(
      width: 50, height: 20, layout: .rgb, samples: Array([[UInt8]](repeating: row.samples8, count: 20).joined()))
    let out = Resampler.resize(tall, to: PixelSize(width: 50, height: 13))
    for y in 0..<13 {
      for x in 0..<50 { #expect(out.pixel(x: x, y: y) == row.pixel(x: x, y: 0)) }
    }
  }

  @Test("shrinking a checkerboard a lot averages it instead of aliasing", arguments: [2, 3, 8])
  func checkerboard(_ factor: Int) {
    let n = 8 * factor * 3
    var samples = [UInt8](repeating: 0, count: n * n)
    for y in 0..<n { for x in 0..<n where (x + y) % 2 == 1 { samples[y * n + x] = 255 } }
    let board = ImageBuffer(width: n, height: n, layout: .gray, samples: samples)
    let out = Resampler.resize(board, to: PixelSize(width: n / factor, height: n / factor))
    let m = n / factor
    let values = out.samples8.map(Int.init)
    // Odd factors cannot average a 1-px checkerboard exactly (one more of one colour per block).
    let tolerance = factor % 2 == 0 ? 1 : 255 / (factor * factor) + 3
    for y in 3..<(m - 3) {
      for x in 3..<(m - 3) { #expect(abs(values[y * m + x] - 128) <= tolerance, "(\(x), \(y))") }
    }
    // At the borders the truncated, renormalised kernel is asymmetric: a little less exact.
    #expect(values.allSatisfy { abs($0 - 128) <= tolerance + 5 }, "\(values.min() ?? 0)...\(values.max() ?? 0)")
  }

  @Test("16-bit precision is kept: a linear ramp halves to exact 16-bit values")
  func sixteenBitRamp() {
    let width = 64
    let samples = (0..<(width * 4)).map { UInt16(1000 + 12 * ($0 % width)) }
    let ramp = ImageBuffer(width: width, height: 4, layout: .gray, samples: samples)
    let out = Resampler.resize(ramp, to: PixelSize(width: width / 2, height: 4))
    // Output x samples the input at 2x + 0.5, where the ramp is 1006 + 24x; away from borders the
    // symmetric kernel reproduces a linear function exactly.
    for x in 3..<(width / 2 - 3) {
      #expect(out.sample(x: x, y: 1, channel: 0) == 1006 + 24 * x)
    }
    let up = Resampler.resize(ramp, to: PixelSize(width: width * 2, height: 8))
    // Upscaled by 2: output x samples (x + 0.5) / 2 - 0.5, where the ramp is 997 + 6x.
    for x in 8..<(2 * width - 8) {
      #expect(up.sample(x: x, y: 3, channel: 0) == 997 + 6 * x)
    }
  }

  @Test("layouts and depths are kept, values stay in range", arguments: ChannelLayout.allCases, BitDepth.allCases)
  func layoutKept(_ layout: ChannelLayout, _ depth: BitDepth) {
    let image = SyntheticImages.noise(width: 30, height: 20, layout: layout, bitDepth: depth, seed: 11)
    for (w, h) in ResamplerTests.sizes {
      let out = Resampler.resize(image, to: PixelSize(width: w, height: h))
      #expect(out.layout == layout && out.bitDepth == depth)
      #expect(out.samples8.count + out.samples16.count == w * h * layout.channelCount)
    }
  }

  @Test("resized masks stay binary", arguments: [MaskResizeRule.covering, .majority])
  func maskBinary(_ rule: MaskResizeRule) {
    let mask = SyntheticImages.mask(width: 61, height: 47) { x, y in
      (x * 7 + y * 3) % 11 < 4 || (x - 30) * (x - 30) + (y - 20) * (y - 20) < 90
    }
    for (w, h) in ResamplerTests.sizes + [(200, 150), (61, 20)] {
      let out = Resampler.resizeMask(mask, to: PixelSize(width: w, height: h), rule: rule)
      #expect(out.size == PixelSize(width: w, height: h))
      #expect(out.values.allSatisfy { $0 == 0 || $0 == 255 })
    }
  }

  @Test("covering keeps a 1-px line when shrinking by 4; majority drops it")
  func maskThinLine() {
    let mask = SyntheticImages.mask(width: 40, height: 40) { x, _ in x == 17 }
    let covering = Resampler.resizeMask(mask, to: PixelSize(width: 10, height: 10), rule: .covering)
    let majority = Resampler.resizeMask(mask, to: PixelSize(width: 10, height: 10), rule: .majority)
    #expect(ASCIIMask.render(covering) == Array(repeating: "....#.....", count: 10).joined(separator: "\n"))
    #expect(majority.insideCount == 0)
  }

  @Test("integer upscaling replicates mask pixels under both rules", arguments: [MaskResizeRule.covering, .majority])
  func maskUpscale(_ rule: MaskResizeRule) {
    let mask = ASCIIMask.parse(
      """
      #..#
      .##.
      """)
    let out = Resampler.resizeMask(mask, to: PixelSize(width: 12, height: 6), rule: rule)
    #expect(
      ASCIIMask.render(out) == """
        ###......###
        ###......###
        ###......###
        ...######...
        ...######...
        ...######...
        """)
  }

  @Test("covering contains majority; same size binarizes")
  func maskRulesOrdered() {
    let mask = SyntheticImages.mask(width: 50, height: 50) { x, y in (x / 3 + y / 5) % 3 == 0 }
    for (w, h) in [(17, 13), (23, 50), (90, 70)] {
      let size = PixelSize(width: w, height: h)
      let covering = Resampler.resizeMask(mask, to: size, rule: .covering)
      let majority = Resampler.resizeMask(mask, to: size, rule: .majority)
      #expect(zip(covering.values, majority.values).allSatisfy { $0 >= $1 })
    }
    let gray = Mask(width: 2, height: 1, values: [127, 128])
    #expect(Resampler.resizeMask(gray, to: gray.size).values == [0, 255])
  }

  @Test("cropping copies exactly")
  func cropping() {
    let image = SyntheticImages.noise(width: 20, height: 10, layout: .rgba, bitDepth: .sixteen, seed: 5)
    let rect = PixelRect(x: 3, y: 2, width: 9, height: 7)
    let crop = image.cropped(to: rect)
    #expect(crop.size == rect.size && crop.layout == .rgba && crop.bitDepth == .sixteen)
    for y in 0..<7 { for x in 0..<9 { #expect(crop.pixel(x: x, y: y) == image.pixel(x: x + 3, y: y + 2)) } }
    let mask = SyntheticImages.mask(width: 20, height: 10) { x, y in (x + y) % 3 == 0 }
    let maskCrop = mask.cropped(to: rect)
    for y in 0..<7 { for x in 0..<9 { #expect(maskCrop[x, y] == mask[x + 3, y + 2]) } }
  }

  @Test("layout and depth conversion rules")
  func conversion() {
    let rgb = ImageBuffer(width: 2, height: 1, layout: .rgb, samples: [UInt8]([255, 0, 0, 10, 20, 30]))
    #expect(rgb.converted(to: .gray, bitDepth: .eight).samples8 == [76, 18])  // 76.245, 17.82
    #expect(rgb.converted(to: .rgba, bitDepth: .sixteen).samples16 == [65535, 0, 0, 65535, 2570, 5140, 7710, 65535])
    let grayAlpha = ImageBuffer(width: 1, height: 1, layout: .grayAlpha, samples: [UInt16(257 * 100 + 128), 300])
    #expect(grayAlpha.converted(to: .rgb, bitDepth: .eight).samples8 == [100, 100, 100])
    #expect(grayAlpha.converted(to: .rgba, bitDepth: .eight).samples8 == [100, 100, 100, 1])
    #expect(rgb.converted(to: .rgb, bitDepth: .eight) == rgb)
  }
}
