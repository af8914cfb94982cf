import Foundation

// The inpainting algorithms work on separate Float planes, one per colour channel, with values
// 0...1 (1 = the depth's maximum sample). Glare is light added on the glass, so it is additive in
// linear light, not in the camera's gamma-encoded values: the planes are decoded through the sRGB
// transfer function when the configuration asks for linear light. Alpha never enters a plane.

/// The colour channels of an image as Float planes, row-major, top row first, values 0...1.
struct ColorPlanes: Sendable {
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// One plane per colour channel (1 for gray, 3 for RGB), index `y * width + x`.
  var planes: [[Float]]

  /// Number of pixels per plane.
  var pixelCount: Int { width * height }

  /// Creates zero planes.
  init(width: Int, height: Int, channels: Int) {
    self.width = width
    self.height = height
    self.planes = [[Float]](repeating: [Float](repeating: 0, count: width * height), count: channels)
  }

  /// Reads the colour channels of `image` inside `rect` (alpha skipped), decoded to linear light
  /// when `linear`; plane pixel (x, y) is image pixel (rect.x + x, rect.y + y).
  init(_ image: ImageBuffer, rect: PixelRect, linear: Bool) {
    precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= image.width && rect.maxY <= image.height && !rect.isEmpty)
    let channels = image.layout.colorChannelCount
    let stride = image.channelCount
    let imageWidth = image.width
    let count = rect.area
    var planes = [[Float]](repeating: [Float](repeating: 0, count: count), count: channels)
    let table = SRGB.decodeTable(depth: image.bitDepth, linear: linear)
    for c in 0..<channels {
      planes[c].withUnsafeMutableBufferPointer { out in
        table.withUnsafeBufferPointer { lut in
          // Hot loop over every pixel of a crop: unchecked pointers keep it cheap.
          for y in 0..<rect.height {
            let source = ((rect.y + y) * imageWidth + rect.x) * stride + c
            let target = y * rect.width
            if image.bitDepth == .eight {
              image.withUnsafeSamples8 { src in
                for x in 0..<rect.width { out[target + x] = lut[Int(src[source + x * stride])] }
              }
            } else {
              image.withUnsafeSamples16 { src in
                for x in 0..<rect.width { out[target + x] = lut[Int(src[source + x * stride])] }
              }
            }
          }
        }
      }
    }
    self.width = rect.width
    self.height = rect.height
    self.planes = planes
  }

  /// Writes these planes into the colour samples of `image` at the pixels of `rect` where
  /// `region` is true (encoded back from linear light when `linear`, rounded, clamped); every
  /// other sample, and alpha everywhere, stays as it is.
  func write(into image: inout ImageBuffer, rect: PixelRect, region: [Bool], linear: Bool) {
    precondition(rect.width == width && rect.height == height && region.count == pixelCount)
    let stride = image.channelCount
    let imageWidth = image.width
    let maxValue = Float(image.bitDepth.maxValue)
    for c in 0..<planes.count {
      let plane = planes[c]
      // Encodes one plane value to a sample of the image's depth (as a Float in range).
      func sample(_ p: Int) -> Float {
        let encoded = linear ? SRGB.encode(plane[p]) : plane[p]
        return min(max(encoded * maxValue + 0.5, 0), maxValue)
      }
      if image.bitDepth == .eight {
        image.withUnsafeMutableSamples8 { dst in
          for y in 0..<height {
            let target = ((rect.y + y) * imageWidth + rect.x) * stride + c
            for x in 0..<width where region[y * width + x] { dst[target + x * stride] = UInt8(sample(y * width + x)) }
          }
        }
      } else {
        image.withUnsafeMutableSamples16 { dst in
          for y in 0..<height {
            let target = ((rect.y + y) * imageWidth + rect.x) * stride + c
            for x in 0..<width where region[y * width + x] { dst[target + x * stride] = UInt16(sample(y * width + x)) }
          }
        }
      }
    }
  }
}
