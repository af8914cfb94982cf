import Foundation

/// A page divided by its paper's brightness: per colour channel and pixel, the photo over the
/// background estimate (1 = paper, 0 = black), with the paper's level and noise measured.
struct FlattenedPage {
  let width: Int
  let height: Int
  /// One plane per colour channel (1 or 3), full resolution, row-major.
  let ratios: [[Float]]
  /// The median flattened brightness of the paper (about 1).
  let paper: Float
  /// The paper's noise: 1.4826 x its median absolute deviation, flattened units.
  let noise: Float
  /// The flattened brightness (luma of the ratios) of every pixel.
  let luma: [Float]

  init(_ image: ImageBuffer, configuration: DocumentEnhancer.Configuration) {
    width = image.width
    height = image.height
    let analysis = AnalysisPlanes(image, longSide: configuration.analysisLongSide)
    let longer = Double(max(analysis.width, analysis.height))
    let window = max(3, Int((configuration.backgroundWindowFraction * longer).rounded()) | 1)
    let paperWindow = max(window, Int((configuration.paperWindowFraction * longer).rounded()) | 1)
    let backgrounds = analysis.planes.map { values -> Plane<Float> in
      let plane = Plane(width: analysis.width, height: analysis.height, values: values)
      let closed = Morphology.close(plane, size: window)
      let level = BoxFilter.blur(Morphology.dilate(closed, size: paperWindow), radius: paperWindow / 2)
      var floor = closed
      for index in floor.values.indices {
        floor.values[index] = max(closed.values[index], configuration.darkestBackground * level.values[index], 1)
      }
      return BoxFilter.blur(floor, radius: window / 2)
    }
    let colours = image.layout.colorChannelCount
    let scale: Float = image.bitDepth == .eight ? 1 : 255 / 65535
    var ratios = [[Float]](repeating: [Float](repeating: 0, count: width * height), count: colours)
    let factor = Float(analysis.factor)
    for y in 0..<height {
      let ay = min(max((Float(y) + 0.5) / factor - 0.5, 0), Float(analysis.height - 1))
      let y0 = Int(ay)
      let y1 = min(y0 + 1, analysis.height - 1)
      let fy = ay - Float(y0)
      for x in 0..<width {
        let ax = min(max((Float(x) + 0.5) / factor - 0.5, 0), Float(analysis.width - 1))
        let x0 = Int(ax)
        let x1 = min(x0 + 1, analysis.width - 1)
        let fx = ax - Float(x0)
        let base = image.sampleIndex(x: x, y: y)
        for channel in 0..<colours {
          let b = backgrounds[channel].values
          let top = b[y0 * analysis.width + x0] * (1 - fx) + b[y0 * analysis.width + x1] * fx
          let bottom = b[y1 * analysis.width + x0] * (1 - fx) + b[y1 * analysis.width + x1] * fx
          let background = top * (1 - fy) + bottom * fy
          let value =
            image.bitDepth == .eight ? Float(image.samples8[base + channel]) : Float(image.samples16[base + channel])
          ratios[channel][y * width + x] = value * scale / background
        }
      }
    }
    self.ratios = ratios
    var luma = ratios[0]
    if colours == 3 {
      for index in luma.indices {
        luma[index] = Luma.of(ratios[0][index], ratios[1][index], ratios[2][index])
      }
    }
    self.luma = luma
    // The paper: the brighter part of a subsample; its median and spread.
    let step = max(1, luma.count / 200_000)
    let sample = stride(from: 0, to: luma.count, by: step).map { luma[$0] }.sorted()
    let bright = sample.filter { $0 >= 0.75 }
    let paper = bright.isEmpty ? (sample.last ?? 1) : bright[bright.count / 2]
    let deviations = bright.map { abs($0 - paper) }.sorted()
    self.paper = max(paper, 1e-3)
    noise = deviations.isEmpty ? 0.01 : max(0.002, 1.4826 * deviations[deviations.count / 2])
  }

  /// `.enhanced`: levels from the ink's black to the paper's white, then the gamma.
  func levelled(_ configuration: DocumentEnhancer.Configuration) -> ImageBuffer {
    let white = max(0.05, paper - configuration.whiteNoiseDeviations * noise)
    let step = max(1, luma.count / 200_000)
    let sorted = stride(from: 0, to: luma.count, by: step).map { luma[$0] }.sorted()
    let quantile =
      sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(configuration.blackQuantile * Float(sorted.count)))]
    let black = min(max(0, quantile), configuration.highestBlackPoint * white)
    let range = max(white - black, 1e-3)
    let colours = ratios.count
    var samples = [UInt8](repeating: 0, count: width * height * colours)
    for index in 0..<(width * height) {
      for channel in 0..<colours {
        let level = min(1, max(0, (ratios[channel][index] - black) / range))
        samples[index * colours + channel] = UInt8((255 * pow(level, configuration.gamma)).rounded())
      }
    }
    return ImageBuffer(width: width, height: height, layout: colours == 3 ? .rgb : .gray, samples: samples)
  }

  /// `.bw`: ink where darker than the local paper by more than its noise allows, specks
  /// without an ink neighbour removed.
  func thresholded(_ configuration: DocumentEnhancer.Configuration) -> ImageBuffer {
    let depth = min(
      configuration.deepestInk, max(configuration.shallowestInk, configuration.inkNoiseDeviations * noise / paper))
    let threshold = paper * (1 - depth)
    let ink = luma.map { $0 < threshold }
    var samples = [UInt8](repeating: 255, count: width * height)
    for y in 0..<height {
      for x in 0..<width where ink[y * width + x] {
        var neighbours = 0
        for dy in -1...1 {
          for dx in -1...1 where dx != 0 || dy != 0 {
            let xx = x + dx
            let yy = y + dy
            if xx >= 0, yy >= 0, xx < width, yy < height, ink[yy * width + xx] { neighbours += 1 }
          }
        }
        if neighbours > 0 { samples[y * width + x] = 0 }
      }
    }
    return ImageBuffer(width: width, height: height, layout: .gray, samples: samples)
  }
}
