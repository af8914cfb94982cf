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
/// the mask are returned bit-identical. No randomness: the same input gives the same output. A
/// mask that covers the whole image leaves it unchanged (there are no surroundings to learn the
/// paint from).
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
    // The work area: the mask's bounding box with room for the smoothing of its surroundings
    // (the glare's own low-pass reads inside pixels only).
    let margin = Int((3 * max(configuration.predictionSigma, configuration.guideSigma)).rounded(.up)) + 2
    let rect = box.padded(by: margin, within: image.bounds)
    let planes = ColorPlanes(image, rect: rect, linear: configuration.linearLight)
    let inside = insidePixels(of: mask, in: rect)
    // With no unmasked pixel at all there is nothing to predict the paint from.
    guard inside.contains(false) else { return image }
    let components = MaskComponents(inside: inside, width: rect.width, height: rect.height, configuration: configuration)
    let work = Work(planes: planes, inside: inside, components: components, configuration: configuration)
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

  /// Whether each pixel of `rect` is inside the mask, row-major.
  static func insidePixels(of mask: Mask, in rect: PixelRect) -> [Bool] {
    var inside = [Bool](repeating: false, count: rect.area)
    for y in 0..<rect.height {
      for x in 0..<rect.width { inside[y * rect.width + x] = mask.isInside(x: rect.x + x, y: rect.y + y) }
    }
    return inside
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
