import DeglareCore

/// What `deglare verify` finds when both files are JPEG with the same block grid and tables: the
/// promise a lossless-where-untouched JPEG makes, checked from the files themselves.
public struct JPEGSpliceCheck: Sendable, Equatable {
  /// Blocks whose coefficients differ between the files, per component (a block a splice
  /// re-encoded can come out with its old coefficients, and then it does not count).
  public var differingBlocks: [Int]
  /// All picture blocks, per component.
  public var totalBlocks: [Int]
  /// Differing blocks that no pixel inside the mask reaches (0 when the promise holds).
  public var blocksBeyondMask: Int
  /// Pixels outside the mask and beyond the differing blocks' reach (the ones the promise covers).
  public var checkedPixels: Int
  /// How many of those differ (0 when the promise holds).
  public var differingPixels: Int
  /// Pixels outside the mask but within the differing blocks' reach that differ (allowed: those
  /// blocks were re-encoded), and the largest difference among them in any channel.
  public var reencodedPixelsOutsideMask: Int
  public var largestReencodedDifference: Int

  /// Whether the promise holds: every differing block is reached by the mask, and every pixel
  /// beyond their reach is identical.
  public var holds: Bool { blocksBeyondMask == 0 && differingPixels == 0 }
  /// All differing blocks.
  public var differing: Int { differingBlocks.reduce(0, +) }
  /// All picture blocks.
  public var total: Int { totalBlocks.reduce(0, +) }

  /// Checks `result` (a JPEG file) against `original` (another) under `mask` (upright, the
  /// pictures' size), given both files' upright decodings; nil when the files cannot be compared
  /// block by block (different orientation, grid, sampling or tables: not a splice).
  public static func check(
    original: [UInt8], originalImage: DecodedImage, result: [UInt8], resultImage: DecodedImage, mask: Mask,
    options: DecodeOptions = DecodeOptions()
  ) throws(CodecError) -> JPEGSpliceCheck? {
    guard originalImage.appliedOrientation == resultImage.appliedOrientation,
      originalImage.image.size == resultImage.image.size, originalImage.image.size == mask.size,
      originalImage.image.layout == resultImage.image.layout, originalImage.image.bitDepth == .eight,
      resultImage.image.bitDepth == .eight
    else { return nil }
    let before = try JPEGCoefficients.read(original, options: options)
    let after = try JPEGCoefficients.read(result, options: options)
    guard let differing = after.differingBlocks(from: before) else { return nil }
    let layout = before.layout
    let orientation = Orientation(
      value: originalImage.appliedOrientation, storedWidth: layout.width, storedHeight: layout.height)
    guard orientation.width == mask.width, orientation.height == mask.height else { return nil }

    // The blocks the mask reaches: those holding a stored pixel that is inside the mask.
    var reached = layout.components.map { [Bool](repeating: false, count: $0.widthInBlocks * $0.heightInBlocks) }
    for y in 0..<mask.height {
      for x in 0..<mask.width where mask.isInside(x: x, y: y) {
        let stored = orientation.source(x: x, y: y)
        for (index, component) in layout.components.enumerated() {
          let scale = layout.pixelsPerSample(index)
          let bx = stored.x / scale.x / 8
          let by = stored.y / scale.y / 8
          if bx < component.widthInBlocks && by < component.heightInBlocks {
            reached[index][by * component.widthInBlocks + bx] = true
          }
        }
      }
    }
    var beyond = 0
    for (index, flags) in differing.enumerated() {
      for (block, differs) in flags.enumerated() where differs && !reached[index][block] { beyond += 1 }
    }

    let reach = layout.reachMask(of: differing, orientation: originalImage.appliedOrientation)
    var check = JPEGSpliceCheck(
      differingBlocks: differing.map { $0.filter { $0 }.count },
      totalBlocks: layout.components.map { $0.widthInBlocks * $0.heightInBlocks }, blocksBeyondMask: beyond,
      checkedPixels: 0, differingPixels: 0, reencodedPixelsOutsideMask: 0, largestReencodedDifference: 0)
    let a = originalImage.image
    let b = resultImage.image
    for y in 0..<a.height {
      for x in 0..<a.width where !mask.isInside(x: x, y: y) {
        let same = a.pixelEquals(b, x: x, y: y)
        if reach[y * a.width + x] {
          if !same {
            check.reencodedPixelsOutsideMask += 1
            let largest = zip(a.pixel(x: x, y: y), b.pixel(x: x, y: y)).map { abs($0 - $1) }.max() ?? 0
            check.largestReencodedDifference = max(check.largestReencodedDifference, largest)
          }
        } else {
          check.checkedPixels += 1
          if !same { check.differingPixels += 1 }
        }
      }
    }
    return check
  }
}
