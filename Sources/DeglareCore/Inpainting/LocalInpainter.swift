import Foundation

/// How the local provider repaints the masked area (`--method`).
public enum LocalMethod: String, Sendable, CaseIterable {
  /// Estimate the smooth added glare layer and subtract it, keeping the paint's texture.
  case subtract
  /// Fill the whole mask from its surroundings (for opaque reflections).
  case fill
  /// Subtract where the channels are below clipping, fill where the glare clipped the sensor.
  case auto
}

/// The offline, deterministic repainting behind `--provider local`.
///
/// Works on any ``ImageBuffer`` (gray or RGB, with or without alpha, 8 or 16 bit) in Float
/// internally. Only colour samples of pixels inside the mask change; alpha and every pixel outside
/// the mask are returned bit-identical. No randomness: the same input gives the same output.
public enum LocalInpainter {
  /// Repaints the pixels of `image` inside `mask` with `method`.
  /// - Parameters:
  ///   - image: the crop, any layout and depth.
  ///   - mask: the same size; pixels with gray >= 128 are repainted.
  ///   - method: subtract, fill or auto.
  ///   - configuration: thresholds and scales (see ``Configuration``).
  /// - Returns: an image of the same size, layout and depth.
  public static func repaint(
    _ image: ImageBuffer, mask: Mask, method: LocalMethod, configuration: Configuration = Configuration()
  ) -> ImageBuffer {
    precondition(image.size == mask.size, "the mask must match the image")
    guard let box = mask.insideBoundingBox else { return image }
    let scales = Scales(mask: mask, box: box, configuration: configuration)
    let rect = box.padded(by: scales.margin, within: image.bounds)
    let planes = ColorPlanes(image, rect: rect, linear: configuration.linearLight)
    var inside = [Bool](repeating: false, count: rect.area)
    for y in 0..<rect.height {
      for x in 0..<rect.width { inside[y * rect.width + x] = mask.isInside(x: rect.x + x, y: rect.y + y) }
    }
    let work = Work(planes: planes, inside: inside, scales: scales, configuration: configuration)
    let repainted: ColorPlanes
    switch method {
    case .subtract: repainted = work.subtract(fillClipped: false)
    case .fill: repainted = work.fillAll()
    case .auto: repainted = work.subtract(fillClipped: true)
    }
    var result = image
    repainted.write(into: &result, rect: rect, region: inside, linear: configuration.linearLight)
    return result
  }
}

/// The low-pass scales for one mask, derived from its typical half-width.
struct Scales: Sendable {
  /// Twice the mean distance of the mask's pixels to the outside, in pixels (a band of
  /// half-width h gives h, a disc of radius r gives 2r/3).
  var halfWidth: Double
  /// Sigma of the glare layer's low-pass.
  var glare: Double
  /// How far around the mask's bounding box the work area reaches.
  var margin: Int

  init(mask: Mask, box: PixelRect, configuration: LocalInpainter.Configuration) {
    let area = box.padded(by: 1, within: PixelRect(x: 0, y: 0, width: mask.width, height: mask.height))
    var outside = [Bool](repeating: true, count: area.area)
    for y in 0..<area.height {
      for x in 0..<area.width { outside[y * area.width + x] = !mask.isInside(x: area.x + x, y: area.y + y) }
    }
    let distance = DistanceTransform.distance(to: outside, width: area.width, height: area.height)
    var sum = 0.0
    var count = 0.0
    for p in 0..<distance.count where !outside[p] {
      sum += Double(distance[p])
      count += 1
    }
    halfWidth = count > 0 ? 2 * sum / count : 1
    let clamp = { (sigma: Double) in min(max(sigma, configuration.minimumSigma), configuration.maximumSigma) }
    glare = clamp(configuration.glareScale * halfWidth)
    margin = Int((3 * max(configuration.predictionSigma, glare)).rounded(.up)) + 2
  }
}

extension PixelRect {
  /// The rectangle grown by `amount` pixels on every side, clipped to `bounds`.
  func padded(by amount: Int, within bounds: PixelRect) -> PixelRect {
    let minX = Swift.max(x - amount, bounds.x)
    let minY = Swift.max(y - amount, bounds.y)
    let maxX = Swift.min(self.maxX + amount, bounds.maxX)
    let maxY = Swift.min(self.maxY + amount, bounds.maxY)
    return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
