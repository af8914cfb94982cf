import Foundation

// A small float copy of a photo for analysis (frame detection), made by averaging k x k blocks
// of source pixels. It reads every sample of an 18-megapixel photo once, through the image's
// scoped sample accessor (generic element access per sample was several times slower). Analysis pixel (i, j) is the mean of source pixels [i k, (i + 1) k) x
// [j k, (j + 1) k); a last partial block is left out, so the two spaces relate exactly by the
// factor k through CoordinateSpace.rescale.

/// A downscaled copy of an image as float planes, values on the 8-bit scale 0...255 whatever the
/// source depth, for analysis only.
public struct AnalysisPlanes: Sendable {
  /// Width in analysis pixels.
  public let width: Int
  /// Height in analysis pixels.
  public let height: Int
  /// The block size: each analysis pixel averages `factor` x `factor` source pixels.
  public let factor: Int
  /// The colour planes (three for colour images, one for gray), each `width * height` values,
  /// row-major, top row first. Alpha is dropped.
  public let planes: [[Float]]

  /// Creates an analysis image from planes.
  public init(width: Int, height: Int, factor: Int, planes: [[Float]]) {
    self.width = width
    self.height = height
    self.factor = factor
    self.planes = planes
  }

  /// Downscales `image` by the whole factor that brings its longer side to at most
  /// `longSide` pixels (factor 1 when it is already that small).
  public init(_ image: ImageBuffer, longSide: Int) {
    let longer = max(image.width, image.height)
    let factor = max(1, (longer + longSide - 1) / max(longSide, 1))
    self.init(image, factor: factor)
  }

  /// Downscales `image` by averaging `factor` x `factor` blocks.
  public init(_ image: ImageBuffer, factor: Int) {
    let factor = max(1, min(factor, image.width, image.height))
    let width = image.width / factor
    let height = image.height / factor
    let colours = image.layout.colorChannelCount
    let stride = image.channelCount
    let scale = (image.bitDepth == .eight ? 1 : 255.0 / 65535.0) / Float(factor * factor)
    var planes = [[Float]](repeating: [Float](repeating: 0, count: width * height), count: colours)
    // Sums one block row at a time into `sums` (per analysis column and colour).
    var sums = [Float](repeating: 0, count: width * colours)
    // Whole-number sums: while a block's sum stays below 2^24 (factor * factor times the largest
    // sample), every partial sum is a whole number a Float holds exactly, so summing in integers
    // and converting once gives the very Floats that adding pixel by pixel in Float gave.
    let exact = colours == 3 && factor * factor * (image.bitDepth == .eight ? 255 : 65535) < 1 << 24
    var whole = [Int](repeating: 0, count: exact ? width * 3 : 0)
    func accumulateWhole<T: FixedWidthInteger>(_ samples: UnsafeBufferPointer<T>) {
      whole.withUnsafeMutableBufferPointer { whole in
        for blockRow in 0..<height {
          for index in whole.indices { whole[index] = 0 }
          for sourceRow in (blockRow * factor)..<((blockRow + 1) * factor) {
            var index = sourceRow * image.width * stride
            for column in 0..<width {
              var red = 0
              var green = 0
              var blue = 0
              for _ in 0..<factor {
                red += Int(samples[index])
                green += Int(samples[index + 1])
                blue += Int(samples[index + 2])
                index += stride
              }
              whole[column * 3] += red
              whole[column * 3 + 1] += green
              whole[column * 3 + 2] += blue
            }
          }
          for column in 0..<width {
            for colour in 0..<3 {
              planes[colour][blockRow * width + column] = Float(whole[column * 3 + colour]) * scale
            }
          }
        }
      }
    }
    func accumulate<T: FixedWidthInteger>(_ samples: UnsafeBufferPointer<T>) {
      if exact { return accumulateWhole(samples) }
      for blockRow in 0..<height {
        for index in sums.indices { sums[index] = 0 }
        for sourceRow in (blockRow * factor)..<((blockRow + 1) * factor) {
          var index = sourceRow * image.width * stride
          if colours == 3 {
            // Colour: the block's three sums in registers across its pixels of this row (the
            // same additions in the same order as the loop below).
            for column in 0..<width {
              var red = sums[column * 3]
              var green = sums[column * 3 + 1]
              var blue = sums[column * 3 + 2]
              for _ in 0..<factor {
                red += Float(samples[index])
                green += Float(samples[index + 1])
                blue += Float(samples[index + 2])
                index += stride
              }
              sums[column * 3] = red
              sums[column * 3 + 1] = green
              sums[column * 3 + 2] = blue
            }
            continue
          }
          for column in 0..<width {
            for _ in 0..<factor {
              for colour in 0..<colours { sums[column * colours + colour] += Float(samples[index + colour]) }
              index += stride
            }
          }
        }
        for column in 0..<width {
          for colour in 0..<colours {
            planes[colour][blockRow * width + column] = sums[column * colours + colour] * scale
          }
        }
      }
    }
    if image.bitDepth == .eight {
      image.withUnsafeSamples8 { accumulate($0) }
    } else {
      image.withUnsafeSamples16 { accumulate($0) }
    }
    self.init(width: width, height: height, factor: factor, planes: planes)
  }

  /// A canonical full-resolution point -> the same point in analysis pixels (the frame
  /// detector scores refined quads on the analysis planes).
  public func toAnalysis(_ point: Point) -> Point {
    Point(
      x: CoordinateSpace.rescale(point.x, from: width * factor, to: width),
      y: CoordinateSpace.rescale(point.y, from: height * factor, to: height))
  }

  /// A point in analysis pixels -> the same point in canonical full-resolution coordinates.
  public func toCanonical(_ point: Point) -> Point {
    Point(
      x: CoordinateSpace.rescale(point.x, from: width, to: width * factor),
      y: CoordinateSpace.rescale(point.y, from: height, to: height * factor))
  }

  /// The image with every plane blurred by a Gaussian of `sigma` analysis pixels (borders
  /// repeat the edge).
  public func blurred(sigma: Double) -> AnalysisPlanes {
    guard sigma > 0 else { return self }
    let radius = max(1, Int((3 * sigma).rounded(.up)))
    var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    let blurredPlanes = planes.map { plane -> [Float] in
      var horizontal = [Float](repeating: 0, count: plane.count)
      for y in 0..<height {
        let base = y * width
        for x in 0..<width {
          var sum: Float = 0
          for k in -radius...radius {
            sum += kernel[k + radius] * plane[base + min(max(x + k, 0), width - 1)]
          }
          horizontal[base + x] = sum
        }
      }
      var out = [Float](repeating: 0, count: plane.count)
      for y in 0..<height {
        for x in 0..<width {
          var sum: Float = 0
          for k in -radius...radius {
            sum += kernel[k + radius] * horizontal[min(max(y + k, 0), height - 1) * width + x]
          }
          out[y * width + x] = sum
        }
      }
      return out
    }
    return AnalysisPlanes(width: width, height: height, factor: factor, planes: blurredPlanes)
  }

  /// The colour at analysis pixel (x, y), one value per plane.
  public func colour(x: Int, y: Int) -> [Float] {
    planes.map { $0[y * width + x] }
  }
}
