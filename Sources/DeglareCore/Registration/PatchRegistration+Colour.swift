import Foundation

// The colour half of the registration: once the geometry is known, the patch is warped onto the
// crop (at 16 bits) and `crop = gain * patch + offset` is fitted per colour channel over the
// usable surroundings by iteratively reweighted least squares with Tukey's biweight, leaving out
// clipped samples (0 or 255 says nothing about a gain). A gray crop or patch gets one pair,
// fitted on luma and applied to every channel. Samples a colour patch has saturated are then
// rebuilt from the other channels where that fits the ring better (PatchRegistration+Saturation).

extension PatchRegistration {
  /// The per-channel colour change from `warped` (the patch already on the crop's grid) to
  /// `crop`, over the pixels outside `exclusion` inside `valid`; nil when too few samples are
  /// left or a channel is flat.
  static func colourCorrection(
    crop: ImageBuffer, warped: ImageBuffer, exclusion: Mask, valid: PixelRect, configuration: Configuration
  ) -> ColourCorrection? {
    let colour = crop.layout.colorChannelCount == 3 && warped.layout.colorChannelCount == 3
    let channels = colour ? [0, 1, 2] : [3]
    let area = max(1, valid.area)
    let step = max(1, Int((Double(area) / Double(configuration.maximumSamples)).squareRoot().rounded(.up)))
    var xs = [[Float]](repeating: [], count: channels.count)
    var ys = [[Float]](repeating: [], count: channels.count)
    let cropRows = ColourRows(crop)
    let patchRows = ColourRows(warped)
    var cropRow = [Float](repeating: 0, count: crop.width * 4)
    var patchRow = [Float](repeating: 0, count: crop.width * 4)
    // Whole ring pixels, for the saturation fills.
    var ringCrop: [SIMD3<Float>] = []
    var ringPatch: [SIMD3<Float>] = []
    for y in stride(from: valid.y, to: valid.maxY, by: step) {
      cropRows.read(row: y, into: &cropRow)
      patchRows.read(row: y, into: &patchRow)
      for x in stride(from: valid.x, to: valid.maxX, by: step) where !exclusion.isInside(x: x, y: y) {
        if colour {
          ringCrop.append(SIMD3(cropRow[4 * x], cropRow[4 * x + 1], cropRow[4 * x + 2]))
          ringPatch.append(SIMD3(patchRow[4 * x], patchRow[4 * x + 1], patchRow[4 * x + 2]))
        }
        for (k, c) in channels.enumerated() {
          let target = cropRow[4 * x + c]
          let source = patchRow[4 * x + c]
          guard target > 0.5, target < 254.5, source > 0.5, source < 254.5 else { continue }
          xs[k].append(source)
          ys[k].append(target)
        }
      }
    }
    var gains: [Double] = []
    var offsets: [Double] = []
    for k in channels.indices {
      guard xs[k].count * step * step >= configuration.minimumSurroundings,
        let (gain, offset) = robustLine(xs[k], ys[k], configuration: configuration)
      else { return nil }
      let snapped = abs(gain - 1) <= configuration.identityGain && abs(offset) <= configuration.identityOffset
      gains.append(snapped ? 1 : gain)
      offsets.append(snapped ? 0 : offset)
    }
    guard colour else { return ColourCorrection(gains: gains, offsets: offsets) }
    let pairs = (0..<3).map { (gain: gains[$0], offset: offsets[$0]) }
    let fills = saturationFills(crop: ringCrop, patch: ringPatch, pairs: pairs, configuration: configuration)
    return ColourCorrection(gains: gains, offsets: offsets, fills: fills)
  }

  /// `y ≈ gain * x + offset` by least squares, then reweighted with Tukey's biweight; nil when
  /// `x` is flat.
  static func robustLine(_ xs: [Float], _ ys: [Float], configuration: Configuration) -> (Double, Double)? {
    var gain = 1.0
    var offset = 0.0
    var residuals = [Float](repeating: 0, count: xs.count)
    for iteration in 0..<8 {
      var cutoff = Float.infinity
      if iteration > 0 {
        for i in xs.indices { residuals[i] = ys[i] - Float(gain) * xs[i] - Float(offset) }
        let sigma = max(configuration.minimumSigma, 1.4826 * medianMagnitude(residuals))
        cutoff = Float(configuration.tukeyCutoff * sigma)
      }
      var sw = 0.0
      var sx = 0.0
      var sy = 0.0
      var sxx = 0.0
      var sxy = 0.0
      for i in xs.indices {
        var w = 1.0
        if iteration > 0 {
          let u = residuals[i] / cutoff
          guard abs(u) < 1 else { continue }
          w = Double((1 - u * u) * (1 - u * u))
        }
        let x = Double(xs[i])
        let y = Double(ys[i])
        sw += w
        sx += w * x
        sy += w * y
        sxx += w * x * x
        sxy += w * x * y
      }
      let variance = sxx - sx * sx / max(sw, 1e-12)
      guard sw > 0, variance > 1e-6 * sw else { return nil }
      gain = (sxy - sx * sy / sw) / variance
      offset = (sy - gain * sx) / sw
    }
    return gain.isFinite && offset.isFinite ? (gain, offset) : nil
  }

  /// `warped` with `colour` applied to its colour channels (saturated samples rebuilt by its
  /// fills), at `depth` (rounded half up, clamped); alpha, if any, is carried over.
  static func applying(_ colour: ColourCorrection, to warped: ImageBuffer, depth: BitDepth) -> ImageBuffer {
    let n = warped.channelCount
    let colours = warped.layout.colorChannelCount
    let inputScale = warped.bitDepth == .eight ? 1.0 : 1.0 / 257
    let outputScale = depth == .eight ? 1.0 : 257
    let maxValue = Double(depth.maxValue)
    var out = ImageBuffer(width: warped.width, height: warped.height, layout: warped.layout, bitDepth: depth)
    let pairs = (0..<colours).map { colour.pair($0) }
    let fills = colours == 3 ? colour.fills : []
    var values = [Double](repeating: 0, count: n)
    for y in 0..<warped.height {
      for x in 0..<warped.width {
        for c in 0..<n {
          let v = Double(warped.sample(x: x, y: y, channel: c)) * inputScale
          values[c] = c < colours ? pairs[c].gain * v + pairs[c].offset : v
        }
        if !fills.isEmpty {
          let source = SIMD3<Float>(
            Float(Double(warped.sample(x: x, y: y, channel: 0)) * inputScale),
            Float(Double(warped.sample(x: x, y: y, channel: 1)) * inputScale),
            Float(Double(warped.sample(x: x, y: y, channel: 2)) * inputScale))
          let mapped = SIMD3(values[0], values[1], values[2])
          for fill in fills where fill.applies(to: source) {
            values[fill.channel] = fill.value(mapped, pair: pairs[fill.channel])
          }
        }
        for c in 0..<n {
          out.setSample(x: x, y: y, channel: c, Int(min(max(values[c] * outputScale + 0.5, 0), maxValue)))
        }
      }
    }
    return out
  }

  /// The crop pixels whose geometry lands inside the patch with room for the cubic taps.
  static func coveredRect(_ geometry: PatchGeometry, size: PixelSize) -> PixelRect {
    func span(_ length: Int, scale: Double, shift: Double) -> (Int, Int) {
      let c = Double(length - 1) / 2
      let low = c + (1 - c - shift) / scale
      let high = c + (Double(length) - 2 - c - shift) / scale
      return (max(0, Int(low.rounded(.up))), min(length, Int(high.rounded(.down)) + 1))
    }
    let (x0, x1) = span(size.width, scale: geometry.scaleX, shift: geometry.shiftX)
    let (y0, y1) = span(size.height, scale: geometry.scaleY, shift: geometry.shiftY)
    return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }
}
