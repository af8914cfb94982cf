import Foundation

// Synthesis of paint that is gone (an opaque sign, a blown spot) from the surrounding paint's own
// patches, so brushwork and canvas texture continue into the hole instead of a smooth membrane.
// The method is the multi-scale patch synthesis of Wexler, Shechtman and Irani ("Space-time
// completion of video", 2007) with PatchMatch (Barnes et al., 2009) as its nearest-neighbour
// search: on a pyramid from coarse to fine, every patch that touches the hole is matched to its
// most similar patch of paint (random search and propagation of good matches to neighbours), and
// each hole pixel becomes the vote of the matched patches that cover it; the coarse result and
// its matches start the next finer level. Sources are patches lying wholly outside the user's
// mask within a window around the hole (widened while it holds little unmasked paint), so a part
// of the mask comes out the same whatever other parts hold. The random search is seeded: the same
// input gives the same output.

/// Patch-based synthesis of a hole from the paint around it.
enum ExemplarFill {
  /// Replaces the colour samples of `region` (pixels of `area`, row-major) in `image` by paint
  /// synthesised from the patches around it that lie wholly outside `mask`. With no such patch
  /// the region is filled by the membrane instead.
  static func fill(
    _ image: inout ImageBuffer, region: [Bool], in area: PixelRect, mask: Mask,
    configuration: LocalInpainter.Configuration, cancellation: RepairCancellation
  ) throws(RepairCancelled) {
    guard let holeBox = bounds(of: region, in: area) else { return }
    let holePixels = region.reduce(0) { $0 + ($1 ? 1 : 0) }
    var reach = max(
      configuration.exemplarMinimumReach,
      Int((configuration.exemplarReach * Double(max(holeBox.width, holeBox.height))).rounded(.up)))
    var window = holeBox.padded(by: reach, within: image.bounds)
    // A generous mask can cover most of the window: it is widened until the paint outside the
    // mask is several times the hole (else the few patches in its corners, whatever they show,
    // are all the synthesis can copy).
    while window != image.bounds
      && Double(unmaskedPixels(of: mask, in: window)) < configuration.exemplarSourceRatio * Double(holePixels)
    {
      reach *= 2
      window = holeBox.padded(by: reach, within: image.bounds)
    }
    var canvas = PatchCanvas(image: image, window: window)
    var hole = [Bool](repeating: false, count: window.area)
    var forbidden = [Bool](repeating: false, count: window.area)
    for y in 0..<window.height {
      for x in 0..<window.width {
        let ix = window.x + x
        let iy = window.y + y
        forbidden[y * window.width + x] = mask.isInside(x: ix, y: iy)
        let ax = ix - area.x
        let ay = iy - area.y
        if ax >= 0 && ay >= 0 && ax < area.width && ay < area.height && region[ay * area.width + ax] {
          hole[y * window.width + x] = true
        }
      }
    }
    let radius = max(configuration.patchSize / 2, 1)
    var synthesis = PatchSynthesis(radius: radius, cancellation: cancellation)
    try synthesis.run(&canvas, hole: hole, forbidden: forbidden)
    canvas.write(into: &image, where: hole)
  }

  /// How many pixels of `rect` are outside the mask.
  static func unmaskedPixels(of mask: Mask, in rect: PixelRect) -> Int {
    var count = 0
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX where !mask.isInside(x: x, y: y) { count += 1 }
    }
    return count
  }

  /// The bounding box, in the image, of the true pixels of `region` over `area`.
  static func bounds(of region: [Bool], in area: PixelRect) -> PixelRect? {
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<area.height {
      for x in 0..<area.width where region[y * area.width + x] {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return PixelRect(minX: area.x + minX, minY: area.y + minY, maxX: area.x + maxX, maxY: area.y + maxY)
  }
}

/// A window of an image as interleaved Float colour samples (0...1 of the maximum, as encoded:
/// patch distances are then about perceptual), alpha left out.
struct PatchCanvas {
  let window: PixelRect
  let channels: Int
  var width: Int { window.width }
  var height: Int { window.height }
  /// `values[(y * width + x) * channels + k]`.
  var values: [Float]

  init(width: Int, height: Int, channels: Int) {
    window = PixelRect(x: 0, y: 0, width: width, height: height)
    self.channels = channels
    values = [Float](repeating: 0, count: width * height * channels)
  }

  init(image: ImageBuffer, window: PixelRect) {
    self.window = window
    channels = image.layout.colorChannelCount
    let scale = 1 / Float(image.bitDepth.maxValue)
    var values = [Float](repeating: 0, count: window.area * channels)
    for y in 0..<window.height {
      for x in 0..<window.width {
        for k in 0..<channels {
          values[(y * window.width + x) * channels + k] =
            Float(image.sample(x: window.x + x, y: window.y + y, channel: k)) * scale
        }
      }
    }
    self.values = values
  }

  /// Writes the samples of the pixels where `region` is true back into `image` (rounded).
  func write(into image: inout ImageBuffer, where region: [Bool]) {
    let maxValue = Float(image.bitDepth.maxValue)
    for y in 0..<window.height {
      for x in 0..<window.width where region[y * window.width + x] {
        for k in 0..<channels {
          let v = values[(y * window.width + x) * channels + k]
          image.setSample(x: window.x + x, y: window.y + y, channel: k, Int(min(max(v * maxValue + 0.5, 0), maxValue)))
        }
      }
    }
  }

  /// The canvas halved (2 x 2 means of the pixels outside `hole`; a block all in the hole keeps
  /// the mean of all four).
  func halved(hole: [Bool]) -> PatchCanvas {
    let w = (width + 1) / 2
    let h = (height + 1) / 2
    var result = PatchCanvas(width: w, height: h, channels: channels)
    // One pair of accumulators for every block (allocating them per block cost more than the sums).
    var sum = [Float](repeating: 0, count: channels)
    var all = [Float](repeating: 0, count: channels)
    for by in 0..<h {
      for bx in 0..<w {
        for k in 0..<channels {
          sum[k] = 0
          all[k] = 0
        }
        var n: Float = 0
        var m: Float = 0
        for y in (2 * by)..<min(2 * by + 2, height) {
          for x in (2 * bx)..<min(2 * bx + 2, width) {
            let p = y * width + x
            for k in 0..<channels { all[k] += values[p * channels + k] }
            m += 1
            guard !hole[p] else { continue }
            for k in 0..<channels { sum[k] += values[p * channels + k] }
            n += 1
          }
        }
        for k in 0..<channels { result.values[(by * w + bx) * channels + k] = n > 0 ? sum[k] / n : all[k] / m }
      }
    }
    return result
  }
}
