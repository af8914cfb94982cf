/// A picture of a glare proposal that a person can judge at a glance: the photo, proposed pixels
/// tinted red, the edge of the glass region (inside the frame or the photo, less the margin band)
/// outlined in cyan.
public enum GlareOverlay {
  /// Fraction of the red tint mixed into proposed pixels (0...1).
  public static let tintStrength: Float = 0.55
  /// Width of the margin band's outline, in pixels (grows with the image: at least 2, 0.2 % of
  /// the shorter side).
  public static func outlineWidth(for size: PixelSize) -> Int { max(2, min(size.width, size.height) / 500) }

  /// Renders the overlay as an 8-bit RGB image of the photo's size.
  /// - Precondition: `detection.mask` has the image's size.
  public static func render(_ image: ImageBuffer, detection: GlareDetection) -> ImageBuffer {
    precondition(detection.mask.size == image.size)
    let width = image.width
    let height = image.height
    var out = ImageBuffer(width: width, height: height, layout: .rgb, bitDepth: .eight)
    let colour = image.layout.colorChannelCount == 3
    let line = outlineWidth(for: image.size)
    let spans = detection.glass.rowSpans(image.size)
    let outline = outlineRanges(spans, line: line)
    let strength = tintStrength
    func to8(_ value: Int) -> Float { image.bitDepth == .eight ? Float(value) : Float(value) * 255 / 65535 }
    out.withUnsafeMutableSamples8 { dst in
      for y in 0..<height {
        for x in 0..<width {
          let source = image.sampleIndex(x: x, y: y)
          var r = to8(image.bitDepth == .eight ? Int(image.samples8[source]) : Int(image.samples16[source]))
          var g = r
          var b = r
          if colour {
            g = to8(image.bitDepth == .eight ? Int(image.samples8[source + 1]) : Int(image.samples16[source + 1]))
            b = to8(image.bitDepth == .eight ? Int(image.samples8[source + 2]) : Int(image.samples16[source + 2]))
          }
          if detection.mask.values[y * width + x] != 0 {
            r = r * (1 - strength) + 255 * strength
            g *= 1 - strength
            b *= 1 - strength
          }
          if outline[y].contains(x) && !spans[y].contains(x) {
            r = 0
            g = 255
            b = 255
          }
          let i = (y * width + x) * 3
          dst[i] = UInt8(min(max(r.rounded(), 0), 255))
          dst[i + 1] = UInt8(min(max(g.rounded(), 0), 255))
          dst[i + 2] = UInt8(min(max(b.rounded(), 0), 255))
        }
      }
    }
    return out
  }

  /// Per row, the pixels within `line` pixels (horizontally and vertically) of the region's
  /// spans: the outline is the part of that range outside the row's own span.
  static func outlineRanges(_ spans: [Range<Int>], line: Int) -> [Range<Int>] {
    spans.indices.map { y in
      var low = Int.max
      var high = Int.min
      for dy in -line...line where y + dy >= 0 && y + dy < spans.count && !spans[y + dy].isEmpty {
        low = min(low, spans[y + dy].lowerBound - line)
        high = max(high, spans[y + dy].upperBound + line)
      }
      return low < high ? low..<high : 0..<0
    }
  }
}
