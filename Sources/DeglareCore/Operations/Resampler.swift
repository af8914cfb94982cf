/// High-quality resizing of images (crop -> upload size, patch -> crop size) and of masks.
///
/// Images use a separable Lanczos filter (``Configuration/lobes`` = 3) applied first along x,
/// then along y, in `Float`. Geometry, border handling and area-averaging when shrinking are as
/// described on `ResampleFilter`. Every channel, alpha included, is filtered independently
/// (straight alpha, no premultiplication: the pipeline resamples opaque photos and never takes
/// alpha from a patch). Results are rounded half up and clamped to the depth's range, which
/// also cuts Lanczos overshoot at hard edges. Layout and bit depth are kept.
///
/// An axis whose length does not change is copied exactly; the same size returns the image
/// itself. Memory: besides the output, only `taps` filtered rows are held at a time.
public enum Resampler {
  /// The tunables of image resampling.
  public struct Configuration: Sendable, Equatable {
    /// Lobes of the Lanczos kernel (3: Lanczos-3, support 3 input pixels each side at scale 1).
    public var lobes: Int

    /// Creates a configuration.
    public init(lobes: Int = 3) {
      self.lobes = lobes
    }
  }

  /// `image` resampled to `size` (pixels), same layout and depth.
  public static func resize(
    _ image: ImageBuffer, to size: PixelSize, configuration: Configuration = Configuration()
  ) -> ImageBuffer {
    precondition(size.width > 0 && size.height > 0, "cannot resize to \(size)")
    if size == image.size { return image }
    let xFilter = ResampleFilter(inLength: image.width, outLength: size.width, lobes: configuration.lobes)
    let yFilter = ResampleFilter(inLength: image.height, outLength: size.height, lobes: configuration.lobes)
    var out = ImageBuffer(width: size.width, height: size.height, layout: image.layout, bitDepth: image.bitDepth)
    let geometry = Geometry(inSize: image.size, outSize: size, channels: image.channelCount)
    switch image.bitDepth {
    case .eight:
      image.withUnsafeSamples8 { src in
        out.withUnsafeMutableSamples8 { dst in run(src, &dst, geometry, xFilter, yFilter, maxValue: 255) }
      }
    case .sixteen:
      image.withUnsafeSamples16 { src in
        out.withUnsafeMutableSamples16 { dst in run(src, &dst, geometry, xFilter, yFilter, maxValue: 65535) }
      }
    }
    return out
  }

  /// Sizes of one resize.
  private struct Geometry {
    let inSize: PixelSize
    let outSize: PixelSize
    let channels: Int
    var inRowLength: Int { inSize.width * channels }
    var outRowLength: Int { outSize.width * channels }
  }

  /// The two passes over one image: rows filtered along x into a ring of `taps` rows, then each
  /// output row as a weighted sum of ring rows, rounded half up and clamped.
  ///
  /// Unsafe pointers: this is the hot kernel (megapixels x taps x channels), so every buffer is
  /// taken once and addressed by row pointers; every access stays inside the allocations, whose
  /// sizes follow from the geometry and the filters' tap ranges (rows carry 4 spare floats so a
  /// pixel can be loaded and stored as a 4-lane vector).
  @inline(__always)
  private static func run<Sample: FixedWidthInteger & UnsignedInteger>(
    _ src: UnsafeBufferPointer<Sample>, _ dst: inout UnsafeMutableBufferPointer<Sample>, _ g: Geometry,
    _ xFilter: ResampleFilter, _ yFilter: ResampleFilter, maxValue: Float
  ) {
    let ringCount = yFilter.maxCount
    let slotLength = g.outRowLength + 4
    var ring = [Float](repeating: 0, count: ringCount * slotLength)
    var inRow = [Float](repeating: 0, count: g.inRowLength + 4)
    var acc = [Float](repeating: 0, count: slotLength)
    let xIdentity = g.inSize.width == g.outSize.width
    ring.withUnsafeMutableBufferPointer { ringBuffer in
      inRow.withUnsafeMutableBufferPointer { rowBuffer in
        acc.withUnsafeMutableBufferPointer { accBuffer in
          xFilter.weights.withUnsafeBufferPointer { xw in
            yFilter.weights.withUnsafeBufferPointer { yw in
              guard let ringBase = ringBuffer.baseAddress, let row = rowBuffer.baseAddress,
                let a = accBuffer.baseAddress, let s = src.baseAddress, let d = dst.baseAddress,
                let xWeights = xw.baseAddress, let yWeights = yw.baseAddress
              else { return }
              var nextRow = 0
              for oy in 0..<g.outSize.height {
                let first = yFilter.starts[oy]
                let count = yFilter.counts[oy]
                // Filter along x every input row the window needs that is not in the ring yet.
                while nextRow < first + count {
                  let slot = ringBase + (nextRow % ringCount) * slotLength
                  let input = s + nextRow * g.inRowLength
                  if xIdentity {
                    for i in 0..<g.inRowLength { slot[i] = Float(input[i]) }
                  } else {
                    for i in 0..<g.inRowLength { row[i] = Float(input[i]) }
                    horizontal(row, slot, g.channels, xFilter, xWeights)
                  }
                  nextRow += 1
                }
                // Weighted sum of the window's rows along y, vectorised over the whole row.
                let w0 = yWeights[oy * yFilter.stride]
                let row0 = ringBase + (first % ringCount) * slotLength
                for i in 0..<g.outRowLength { a[i] = w0 * row0[i] }
                if count > 1 {
                  for k in 1..<count {
                    let w = yWeights[oy * yFilter.stride + k]
                    let ringRow = ringBase + ((first + k) % ringCount) * slotLength
                    for i in 0..<g.outRowLength { a[i] += w * ringRow[i] }
                  }
                }
                let output = d + oy * g.outRowLength
                for i in 0..<g.outRowLength {
                  // Clamped first, so the conversion is in range; truncation of a non-negative
                  // value is floor, hence round half up.
                  output[i] = Sample(truncatingIfNeeded: Int32(min(max(a[i] + 0.5, 0), maxValue)))
                }
              }
            }
          }
        }
      }
    }
  }

  /// One row along x: `out[ox, c] = sum_k w[ox, k] * row[start(ox) + k, c]`, specialised for
  /// each channel count. 3- and 4-channel pixels are summed as 4-lane vectors (`row` and `out`
  /// have 4 spare floats at the end; the 4th lane of an RGB store is overwritten by the next
  /// pixel).
  @inline(__always)
  private static func horizontal(
    _ row: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ channels: Int,
    _ filter: ResampleFilter, _ weights: UnsafePointer<Float>
  ) {
    filter.starts.withUnsafeBufferPointer { starts in
      filter.counts.withUnsafeBufferPointer { counts in
        switch channels {
        case 1:
          for ox in 0..<starts.count {
            let w = weights + ox * filter.stride
            let p = row + starts[ox]
            var sum: Float = 0
            for k in 0..<counts[ox] { sum += w[k] * p[k] }
            out[ox] = sum
          }
        case 2:
          for ox in 0..<starts.count {
            let w = weights + ox * filter.stride
            let p = row + starts[ox] * 2
            var sum = SIMD2<Float>(repeating: 0)
            for k in 0..<counts[ox] { sum += w[k] * SIMD2(p[2 * k], p[2 * k + 1]) }
            out[2 * ox] = sum[0]
            out[2 * ox + 1] = sum[1]
          }
        default:
          let n = channels
          for ox in 0..<starts.count {
            let w = weights + ox * filter.stride
            let p = row + starts[ox] * n
            var sum = SIMD4<Float>(repeating: 0)
            var q = p
            for k in 0..<counts[ox] {
              sum += w[k] * UnsafeRawPointer(q).loadUnaligned(as: SIMD4<Float>.self)
              q += n
            }
            UnsafeMutableRawPointer(out + ox * n).storeBytes(of: sum, as: SIMD4<Float>.self)
          }
        }
      }
    }
  }
}
