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
    // Pass 1, along x: per source row, the inside overlap (in units of 1 / out) of each column.
    var rows = [Int](repeating: 0, count: size.width * mask.height)
    mask.values.withUnsafeBufferPointer { values in
      for y in 0..<mask.height {
        let base = y * mask.width
        for ox in 0..<size.width {
          var sum = 0
          for (i, overlap) in xs.taps(ox) where values[base + i] >= Mask.insideThreshold { sum += overlap }
          rows[y * size.width + ox] = sum
        }
      }
    }
    // Pass 2, along y, then the rule.
    var out = [UInt8](repeating: 0, count: size.area)
    let footprintArea = mask.width * mask.height  // in units of 1 / (out.width * out.height)
    for oy in 0..<size.height {
      let taps = ys.taps(oy)
      for ox in 0..<size.width {
        var sum = 0
        for (j, overlap) in taps { sum += overlap * rows[j * size.width + ox] }
        let inside: Bool
        switch rule {
        case .covering: inside = sum > 0
        case .majority: inside = 2 * sum >= footprintArea
        }
        out[oy * size.width + ox] = inside ? 255 : 0
      }
    }
    return Mask(width: size.width, height: size.height, values: out)
  }
}

/// The exact overlaps of output pixels' footprints with source pixels along one axis, in units
/// of `1 / outLength` source pixels (so each output pixel's overlaps sum to `inLength`),
/// precomputed once per axis.
private struct Footprints {
  /// `(source index, overlap)` pairs of all output pixels, in output order.
  let taps: [(index: Int, overlap: Int)]
  /// Where output pixel `o`'s taps start in ``taps``; `offsets[o + 1]` is where they end.
  let offsets: [Int]

  init(inLength: Int, outLength: Int) {
    var taps: [(index: Int, overlap: Int)] = []
    var offsets = [0]
    for o in 0..<outLength {
      let lo = o * inLength  // footprint start, times outLength
      let hi = (o + 1) * inLength  // footprint end, times outLength
      var i = lo / outLength
      while i * outLength < hi && i < inLength {
        let overlap = min((i + 1) * outLength, hi) - max(i * outLength, lo)
        if overlap > 0 { taps.append((i, overlap)) }
        i += 1
      }
      offsets.append(taps.count)
    }
    self.taps = taps
    self.offsets = offsets
  }

  /// The taps of output pixel `o`.
  func taps(_ o: Int) -> ArraySlice<(index: Int, overlap: Int)> { taps[offsets[o]..<offsets[o + 1]] }
}
