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
    switch image.bitDepth {
    case .eight:
      image.withUnsafeSamples8 { src in
        out.withUnsafeMutableSamples8 { dst in
          run(src, image.size, image.channelCount, xFilter, yFilter, size, 255) { i, v in dst[i] = UInt8(v) }
        }
      }
    case .sixteen:
      image.withUnsafeSamples16 { src in
        out.withUnsafeMutableSamples16 { dst in
          run(src, image.size, image.channelCount, xFilter, yFilter, size, 65535) { i, v in dst[i] = UInt16(v) }
        }
      }
    }
    return out
  }

  /// The two passes over one image. `store(i, v)` writes the rounded, clamped sample `v` at
  /// sample index `i` of the output.
  ///
  /// Unsafe pointers: this is the hot kernel (megapixels x taps x channels), so every buffer is
  /// taken once and indexed without bounds checks; all indices stay below the allocated counts
  /// given by the sizes and the filters' tap ranges.
  @inline(__always)
  private static func run<Sample: BinaryInteger>(
    _ src: UnsafeBufferPointer<Sample>, _ inSize: PixelSize, _ channels: Int, _ xFilter: ResampleFilter,
    _ yFilter: ResampleFilter, _ outSize: PixelSize, _ maxValue: Float, store: (Int, UInt32) -> Void
  ) {
    let inRowLength = inSize.width * channels
    let outRowLength = outSize.width * channels
    let ringCount = yFilter.maxCount
    var ring = [Float](repeating: 0, count: ringCount * outRowLength)
    var inRow = [Float](repeating: 0, count: inRowLength)
    var acc = [Float](repeating: 0, count: outRowLength)
    let xIdentity = inSize.width == outSize.width
    ring.withUnsafeMutableBufferPointer { ringPtr in
      inRow.withUnsafeMutableBufferPointer { rowPtr in
        acc.withUnsafeMutableBufferPointer { accPtr in
          xFilter.weights.withUnsafeBufferPointer { xw in
            yFilter.weights.withUnsafeBufferPointer { yw in
              var nextRow = 0
              for oy in 0..<outSize.height {
                let first = yFilter.starts[oy]
                let count = yFilter.counts[oy]
                // Filter along x every input row the window needs that is not in the ring yet.
                while nextRow < first + count {
                  let slot = ringPtr.baseAddress! + (nextRow % ringCount) * outRowLength
                  let base = nextRow * inRowLength
                  if xIdentity {
                    for i in 0..<inRowLength { slot[i] = Float(src[base + i]) }
                  } else {
                    for i in 0..<inRowLength { rowPtr[i] = Float(src[base + i]) }
                    horizontal(rowPtr.baseAddress!, slot, channels, xFilter, xw.baseAddress!)
                  }
                  nextRow += 1
                }
                // Weighted sum of the window's rows along y, vectorisable over the whole row.
                let a = accPtr.baseAddress!
                let w0 = yw[oy * yFilter.stride]
                let row0 = ringPtr.baseAddress! + (first % ringCount) * outRowLength
                for i in 0..<outRowLength { a[i] = w0 * row0[i] }
                if count > 1 {
                  for k in 1..<count {
                    let w = yw[oy * yFilter.stride + k]
                    let row = ringPtr.baseAddress! + ((first + k) % ringCount) * outRowLength
                    for i in 0..<outRowLength { a[i] += w * row[i] }
                  }
                }
                let outBase = oy * outRowLength
                for i in 0..<outRowLength {
                  let v = min(max(a[i] + 0.5, 0), maxValue)
                  store(outBase + i, UInt32(v))  // truncation of a non-negative value: floor
                }
              }
            }
          }
        }
      }
    }
  }

  /// One row along x: `out[ox, c] = sum_k w[ox, k] * row[start(ox) + k, c]`, specialised for
  /// each channel count so the inner loops unroll.
  @inline(__always)
  private static func horizontal(
    _ row: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ channels: Int,
    _ filter: ResampleFilter, _ weights: UnsafePointer<Float>
  ) {
    switch channels {
    case 1: horizontalKernel(row, out, 1, filter, weights)
    case 2: horizontalKernel(row, out, 2, filter, weights)
    case 3: horizontalKernel(row, out, 3, filter, weights)
    default: horizontalKernel(row, out, 4, filter, weights)
    }
  }

  @inline(__always)
  private static func horizontalKernel(
    _ row: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ channels: Int,
    _ filter: ResampleFilter, _ weights: UnsafePointer<Float>
  ) {
    filter.starts.withUnsafeBufferPointer { starts in
      filter.counts.withUnsafeBufferPointer { counts in
        for ox in 0..<starts.count {
          let w = weights + ox * filter.stride
          let s = row + starts[ox] * channels
          var sum = SIMD4<Float>(repeating: 0)
          for k in 0..<counts[ox] {
            let p = s + k * channels
            let wk = w[k]
            sum[0] += wk * p[0]
            if channels > 1 { sum[1] += wk * p[1] }
            if channels > 2 { sum[2] += wk * p[2] }
            if channels > 3 { sum[3] += wk * p[3] }
          }
          let o = out + ox * channels
          for c in 0..<channels { o[c] = sum[c] }
        }
      }
    }
  }
}
