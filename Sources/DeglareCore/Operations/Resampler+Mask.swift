/// How ``Resampler/resizeMask(_:to:rule:)`` decides whether a resized mask pixel is inside.
public enum MaskResizeRule: Sendable, Equatable {
  /// Inside when any inside source pixel overlaps the output pixel's footprint (by a positive
  /// area). Never loses a thin stroke; grows the mask by less than one output pixel. The default
  /// for upload masks: asking a provider to repaint a sliver more is harmless (the composite
  /// uses the full-resolution mask), asking it to repaint less leaves glare.
  case covering
  /// Inside when inside source pixels cover at least half of the output pixel's footprint
  /// (area-weighted majority). Keeps areas unbiased; may drop strokes thinner than half an
  /// output pixel.
  case majority
}

extension Resampler {
  /// `mask` resized to `size`, binary: every value is 0 or 255.
  ///
  /// Source pixels are inside when gray >= 128. Output pixel `o` along an axis covers the source
  /// interval `[o * in / out, (o + 1) * in / out)` (the same centre-aligned geometry as image
  /// resampling); overlaps are computed exactly in integers, separably (x, then y). An equal size
  /// returns the binarized mask.
  public static func resizeMask(_ mask: Mask, to size: PixelSize, rule: MaskResizeRule = .covering) -> Mask {
    precondition(size.width > 0 && size.height > 0, "cannot resize a mask to \(size)")
    if size == mask.size { return mask.binarized() }
    let xs = Footprints(inLength: mask.width, outLength: size.width)
    let ys = Footprints(inLength: mask.height, outLength: size.height)
    let outWidth = size.width
    // Pass 1, along x: per source row, the inside overlap (in units of 1 / out.width) of each
    // output column; at most mask.width, so Int32 holds it. Pass 2, along y, accumulates whole
    // rows (at most mask.width * mask.height, checked below to fit).
    precondition(mask.width * mask.height < Int(Int32.max) / 2, "mask too large to resize")
    var rows = [Int32](repeating: 0, count: outWidth * mask.height)
    var sums = [Int32](repeating: 0, count: outWidth)
    var out = [UInt8](repeating: 0, count: size.area)
    let footprintArea = Int32(mask.width * mask.height)  // in units of 1 / (out.width * out.height)
    // Unsafe pointers: per-pixel loops over megapixel masks; row pointers stay inside their rows.
    mask.values.withUnsafeBufferPointer { valueBuffer in
      rows.withUnsafeMutableBufferPointer { rowBuffer in
        sums.withUnsafeMutableBufferPointer { sumBuffer in
          out.withUnsafeMutableBufferPointer { outBuffer in
            guard let values = valueBuffer.baseAddress, let r = rowBuffer.baseAddress, let acc = sumBuffer.baseAddress,
              let o = outBuffer.baseAddress
            else { return }
            for y in 0..<mask.height {
              let source = values + y * mask.width
              let target = r + y * outWidth
              for ox in 0..<outWidth {
                var sum: Int32 = 0
                for tap in xs.range(ox) {
                  // Inside is gray >= 128: the top bit, as 0 or 1.
                  sum &+= Int32(source[xs.indices[tap]] >> 7) &* xs.overlaps[tap]
                }
                target[ox] = sum
              }
            }
            for oy in 0..<size.height {
              for x in 0..<outWidth { acc[x] = 0 }
              for tap in ys.range(oy) {
                let weight = ys.overlaps[tap]
                let source = r + ys.indices[tap] * outWidth
                for x in 0..<outWidth { acc[x] &+= weight &* source[x] }
              }
              let target = o + oy * outWidth
              switch rule {
              case .covering:
                for x in 0..<outWidth { target[x] = acc[x] > 0 ? 255 : 0 }
              case .majority:
                for x in 0..<outWidth { target[x] = 2 &* acc[x] >= footprintArea ? 255 : 0 }
              }
            }
          }
        }
      }
    }
    return Mask(width: size.width, height: size.height, values: out)
  }
}

/// The exact overlaps of output pixels' footprints with source pixels along one axis, in units
/// of `1 / outLength` source pixels (so each output pixel's overlaps sum to `inLength`),
/// precomputed once per axis.
private struct Footprints {
  /// Source index of each tap, all output pixels in order.
  let indices: [Int]
  /// Overlap of each tap, in units of `1 / outLength` source pixels.
  let overlaps: [Int32]
  /// Where output pixel `o`'s taps start; `offsets[o + 1]` is where they end.
  let offsets: [Int]

  init(inLength: Int, outLength: Int) {
    var indices: [Int] = []
    var overlaps: [Int32] = []
    var offsets = [0]
    for o in 0..<outLength {
      let lo = o * inLength  // footprint start, times outLength
      let hi = (o + 1) * inLength  // footprint end, times outLength
      var i = lo / outLength
      while i * outLength < hi && i < inLength {
        let overlap = min((i + 1) * outLength, hi) - max(i * outLength, lo)
        if overlap > 0 {
          indices.append(i)
          overlaps.append(Int32(overlap))
        }
        i += 1
      }
      offsets.append(indices.count)
    }
    self.indices = indices
    self.overlaps = overlaps
    self.offsets = offsets
  }

  /// The tap positions of output pixel `o` in ``indices`` and ``overlaps``.
  func range(_ o: Int) -> Range<Int> { offsets[o]..<offsets[o + 1] }
}
