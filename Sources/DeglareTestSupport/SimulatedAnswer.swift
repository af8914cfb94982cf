import DeglareCore
import Foundation

/// A model's answer simulated from the upload, the way users report real ones: the content
/// rescaled and shifted inside the frame, the colours changed, the frame of another size. Used by
/// stub-server's echo modes, the registration tests and `Tools/RegistrationEval`.
///
/// Rendering is deterministic and uses only ``Resampler`` (Lanczos-3) and whole-pixel placement,
/// independent of the bicubic warp the registration applies:
/// 1. The content's nominal size is the frame's when the frame has the upload's aspect ratio,
///    else the upload scaled uniformly to cover the frame (a model that re-framed the picture).
/// 2. It is resized to `round(nominal * scale)` and placed centred plus (`shiftX`, `shiftY`),
///    rounded to whole frame pixels; frame pixels beyond the content repeat its border.
/// 3. Each colour channel becomes `round(gain * v + offset)`, clamped.
public struct SimulatedAnswer: Sendable, Equatable {
  /// Content displacement in answer pixels (positive: right and down).
  public var shiftX: Double
  /// See ``shiftX``.
  public var shiftY: Double
  /// Content scale on top of the nominal one (1.05: 5 % larger).
  public var scale: Double
  /// Gain per colour channel (R, G, B).
  public var gains: [Double]
  /// Offset per colour channel, 8-bit levels.
  public var offsets: [Double]

  /// Creates a simulation; the defaults echo the upload unchanged.
  public init(
    shiftX: Double = 0, shiftY: Double = 0, scale: Double = 1, gains: [Double] = [1, 1, 1],
    offsets: [Double] = [0, 0, 0]
  ) {
    precondition(gains.count == 3 && offsets.count == 3, "one gain and one offset per colour channel")
    self.shiftX = shiftX
    self.shiftY = shiftY
    self.scale = scale
    self.gains = gains
    self.offsets = offsets
  }

  /// Where the content lands in a `frame` answer for an `upload`: its size and top-left corner.
  public func placement(upload: PixelSize, frame: PixelSize) -> (size: PixelSize, x: Int, y: Int) {
    let fx = Double(frame.width) / Double(upload.width)
    let fy = Double(frame.height) / Double(upload.height)
    let sameShape = abs(log(fx / fy)) < 0.01
    let kx = sameShape ? fx : max(fx, fy)
    let ky = sameShape ? fy : max(fx, fy)
    let width = max(1, Int((Double(upload.width) * kx * scale).rounded()))
    let height = max(1, Int((Double(upload.height) * ky * scale).rounded()))
    let x = Int((Double(frame.width - width) / 2 + shiftX).rounded())
    let y = Int((Double(frame.height - height) / 2 + shiftY).rounded())
    return (PixelSize(width: width, height: height), x, y)
  }

  /// The answer for `upload` (any layout and depth; the answer is 8-bit RGB) in a `frame` image.
  public func render(_ upload: ImageBuffer, frame: PixelSize) -> ImageBuffer {
    let rgb = upload.converted(to: .rgb, bitDepth: .eight)
    let (size, left, top) = placement(upload: upload.size, frame: frame)
    let content = Resampler.resize(rgb, to: size)
    var samples = [UInt8](repeating: 0, count: frame.width * frame.height * 3)
    let tables = (0..<3).map { c in
      (0...255).map { v in UInt8(min(max((gains[c] * Double(v) + offsets[c]).rounded(), 0), 255)) }
    }
    content.withUnsafeSamples8 { source in
      for y in 0..<frame.height {
        let sy = min(max(y - top, 0), size.height - 1)
        for x in 0..<frame.width {
          let sx = min(max(x - left, 0), size.width - 1)
          let from = (sy * size.width + sx) * 3
          let to = (y * frame.width + x) * 3
          for c in 0..<3 { samples[to + c] = tables[c][Int(source[from + c])] }
        }
      }
    }
    return ImageBuffer(width: frame.width, height: frame.height, layout: .rgb, samples: samples)
  }

  /// The geometry the registration should find for this answer, once the answer is resized to a
  /// `crop` (``PatchGeometry``'s convention: crop point -> point of the resized answer).
  public func expectedGeometry(upload: PixelSize, frame: PixelSize, crop: PixelSize) -> PatchGeometry {
    let (size, left, top) = placement(upload: upload, frame: frame)
    // crop -> upload -> content -> frame -> resized answer, each a centre-aligned rescale.
    func axis(_ crop: Int, _ upload: Int, _ content: Int, _ origin: Int, _ frame: Int) -> (Double, Double) {
      let scale = Double(content) / Double(upload) * Double(crop) / Double(frame) * Double(upload) / Double(crop)
      let centre = Double(crop - 1) / 2
      let inUpload = (centre + 0.5) * Double(upload) / Double(crop) - 0.5
      let inContent = (inUpload + 0.5) * Double(content) / Double(upload) - 0.5
      let inFrame = inContent + Double(origin)
      let inAnswer = (inFrame + 0.5) * Double(crop) / Double(frame) - 0.5
      return (scale, inAnswer - centre)
    }
    let (sx, tx) = axis(crop.width, upload.width, size.width, left, frame.width)
    let (sy, ty) = axis(crop.height, upload.height, size.height, top, frame.height)
    return PatchGeometry(scaleX: sx, scaleY: sy, shiftX: tx, shiftY: ty)
  }

  /// The colour change the registration should find: the inverse of the gains and offsets.
  public var expectedColour: ColourCorrection {
    ColourCorrection(gains: gains.map { 1 / $0 }, offsets: zip(gains, offsets).map { -$1 / $0 })
  }
}
