/// The comparison behind `deglare verify`: is every pixel outside the mask bit-identical?
public struct VerificationReport: Sendable, Equatable {
  /// One pixel that differs outside the mask.
  public struct Difference: Sendable, Equatable {
    /// Canonical coordinates.
    public var x: Int
    /// Canonical coordinates.
    public var y: Int
    /// The original's samples (all channels, alpha included).
    public var expected: [Int]
    /// The result's samples.
    public var actual: [Int]
  }

  /// Pixels outside the mask (the ones checked).
  public var checkedPixels: Int
  /// How many of them differ in any channel.
  public var differingPixels: Int
  /// Bounding box of the differing pixels, nil when none differ.
  public var boundingBox: PixelRect?
  /// The first differences in row-major order (at most the requested number).
  public var firstDifferences: [Difference]
  /// Set when the two images differ in channels or bit depth, which makes every pixel differ.
  public var layoutMismatch: String?

  /// Whether every checked pixel is identical.
  public var identical: Bool { differingPixels == 0 }

  /// `deglare verify`'s first line: "identical: all N pixels outside the mask match ORIGINAL
  /// exactly", or "differs: D of N pixels outside the mask differ, within x a...b, y c...d".
  public func summary(original: String) -> String {
    if identical {
      return "identical: all \(checkedPixels) pixels outside the mask match \(original) exactly"
    }
    var out = "differs: \(differingPixels) of \(checkedPixels) pixels outside the mask differ"
    if let box = boundingBox {
      out += ", within x \(box.x)...\(box.maxX - 1), y \(box.y)...\(box.maxY - 1)"
    }
    return out
  }
}

/// Bit-exact comparison outside a mask.
public enum Verification {
  /// Compares `result` with `original` at every pixel where `mask` is outside (gray < 128),
  /// every channel at full bit depth, alpha included.
  ///
  /// - Precondition: the three have the same size (callers report a mismatch as bad input).
  public static func compare(
    original: ImageBuffer, result: ImageBuffer, mask: Mask, keepingFirst limit: Int = 5
  ) -> VerificationReport {
    precondition(original.size == result.size && original.size == mask.size)
    var report = VerificationReport(
      checkedPixels: 0, differingPixels: 0, boundingBox: nil, firstDifferences: [], layoutMismatch: nil)
    let sameLayout = original.layout == result.layout && original.bitDepth == result.bitDepth
    if !sameLayout {
      report.layoutMismatch =
        "the original is \(original.layout.name) \(original.bitDepth.rawValue)-bit but the result is "
        + "\(result.layout.name) \(result.bitDepth.rawValue)-bit"
    }
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<original.height {
      for x in 0..<original.width where !mask.isInside(x: x, y: y) {
        report.checkedPixels += 1
        if sameLayout && original.pixelEquals(result, x: x, y: y) { continue }
        report.differingPixels += 1
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
        if report.firstDifferences.count < limit {
          report.firstDifferences.append(
            VerificationReport.Difference(
              x: x, y: y, expected: original.pixel(x: x, y: y), actual: result.pixel(x: x, y: y)))
        }
      }
    }
    if maxX >= 0 {
      report.boundingBox = PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
    return report
  }
}
