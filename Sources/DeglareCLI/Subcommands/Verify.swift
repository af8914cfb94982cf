import DeglareCodecs
import DeglareCore

/// `deglare verify ORIGINAL RESULT --mask MASK [--json]`: proves the one rule on any pair of files.
struct VerifyCommand: Subcommand {
  static let spec = CommandSpec(
    name: "verify",
    abstract: "Check that every pixel outside the mask is bit-identical to the original.",
    discussion: """
      Decodes all three files with EXIF orientation applied and compares every channel at full bit
      depth, alpha included, wherever the mask is outside (gray < 128). Exit 0 when identical, 1 when
      any pixel differs (with the count, their bounding box and the first few), 65 when a file cannot
      be decoded or the sizes differ.

      When both files are JPEG with the same block grid and tables (a JPEG result that deglare
      wrote over a JPEG photo), exact pixels cannot hold where a re-encoded 8x8 block straddles the
      mask's edge, so verify checks what such a file promises instead and says so: every block whose
      coefficients changed is one the mask reaches, and every decoded pixel outside the mask and
      beyond those blocks (and 1 pixel of chroma smoothing) is identical. Exit 0 when that holds.

      Example: deglare verify photo.jpg photo.deglared.png --mask glare.png
      """,
    arguments: [
      ArgumentSpec("ORIGINAL", help: "The original image (PNG, JPEG or HEIC)."),
      ArgumentSpec("RESULT", help: "The image to check against it."),
    ],
    options: [
      .value("--mask", valueName: "MASK", help: "(required) The mask; white (>= 128) marks what may change."),
      CommonOptions.json,
      CommonOptions.maxPixels,
    ])

  let originalPath: String
  let resultPath: String
  let maskPath: String
  let common: CommonOptions.Values

  init(_ arguments: ParsedArguments) throws {
    originalPath = try arguments.positional(0, "ORIGINAL")
    resultPath = try arguments.positional(1, "RESULT")
    guard let mask = arguments.string("--mask") else {
      throw ValidationError("missing '--mask MASK' for 'deglare verify'")
    }
    maskPath = mask
    common = try CommonOptions.Values(arguments)
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    let originalFile = try ImageFile.read(originalPath, options: common.decodeOptions)
    let original = originalFile.image
    // The sizes in the headers are checked before any other pixels are decoded.
    let encodedResult = try ImageFile.load(resultPath, options: common.decodeOptions)
    let encodedMask = try ImageFile.load(maskPath, options: common.decodeOptions)
    try checkSizes(result: encodedResult.size, mask: encodedMask.size, original: original.size)
    let resultFile = try encodedResult.decode(options: common.decodeOptions)
    let result = resultFile.image
    let mask = Mask(image: try encodedMask.decode(options: common.decodeOptions).image)
    try checkSizes(result: result.size, mask: mask.size, original: original.size)
    let report = Verification.compare(original: original, result: result, mask: mask)
    let blocks = report.identical ? nil : try spliceCheck(originalFile, resultFile, mask: mask)
    if common.json {
      var object = jsonObject(report)
      if let blocks, case .object(var members) = object {
        members.append(("jpeg_splice", spliceJSON(blocks)))
        object = .object(members)
      }
      context.console.print(object.text)
    } else {
      context.console.out(blocks.map(spliceText) ?? text(report))
    }
    return report.identical || blocks?.holds == true ? .success : .failure
  }

  /// The block-level check of two JPEG files, nil when they are not a splice of one another.
  private func spliceCheck(_ original: DecodedImage, _ result: DecodedImage, mask: Mask) throws -> JPEGSpliceCheck? {
    guard let before = original.jpegFile, let after = result.jpegFile else { return nil }
    do {
      return try JPEGSpliceCheck.check(
        original: before, originalImage: original, result: after, resultImage: result, mask: mask,
        options: common.decodeOptions)
    } catch {
      throw CommandFailure(.dataError, "the JPEG blocks of \(originalPath) or \(resultPath) cannot be read: \(error)")
    }
  }

  private func spliceJSON(_ check: JPEGSpliceCheck) -> JSONValue {
    .object([
      ("holds", .bool(check.holds)), ("reencoded_blocks", .int(check.differing)), ("total_blocks", .int(check.total)),
      ("blocks_beyond_mask", .int(check.blocksBeyondMask)), ("checked_pixels", .int(check.checkedPixels)),
      ("differing_pixels", .int(check.differingPixels)),
      ("reencoded_pixels_outside_mask", .int(check.reencodedPixelsOutsideMask)),
      ("largest_reencoded_difference", .int(check.largestReencodedDifference)),
    ])
  }

  private func spliceText(_ check: JPEGSpliceCheck) -> String {
    let blocks = "\(check.differing) of \(check.total) 8x8 blocks differ from \(originalPath)'s"
    let near =
      "\(check.reencodedPixelsOutsideMask) pixels outside the mask but inside them differ by up to "
      + "\(check.largestReencodedDifference) levels"
    if check.holds {
      return "lossless where untouched: a JPEG written over \(originalPath); \(blocks), "
        + "all of them reached by the mask; "
        + "all \(check.checkedPixels) decoded pixels outside the mask and beyond those blocks match exactly; "
        + "\(near)\n"
    }
    return "differs: \(blocks); \(check.blocksBeyondMask) of them lie beyond the mask's reach, and "
      + "\(check.differingPixels) of the \(check.checkedPixels) decoded pixels outside the mask and beyond the "
      + "re-encoded blocks differ; \(near)\n"
  }

  /// Refuses a result or a mask (when their sizes are known) whose size differs from the original's.
  private func checkSizes(result: PixelSize?, mask: PixelSize?, original: PixelSize) throws {
    if let result, result != original {
      throw CommandFailure(
        .dataError,
        "\(resultPath) is \(result) but the original \(originalPath) is \(original); they must have the same size")
    }
    if let mask, mask != original {
      throw CommandFailure(
        .dataError,
        "the mask \(maskPath) is \(mask) but the original \(originalPath) is \(original); "
          + "they must have the same size after EXIF orientation")
    }
  }

  private func jsonObject(_ report: VerificationReport) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("identical", .bool(report.identical)),
      ("differing_pixels", .int(report.differingPixels)),
      ("checked_pixels", .int(report.checkedPixels)),
    ]
    if let box = report.boundingBox { members.append(("bbox", .array(box.array.map(JSONValue.int)))) }
    if let mismatch = report.layoutMismatch { members.append(("layout_mismatch", .string(mismatch))) }
    if !report.firstDifferences.isEmpty {
      members.append(
        (
          "first_differences",
          .array(
            report.firstDifferences.map { difference in
              .object([
                ("x", .int(difference.x)), ("y", .int(difference.y)),
                ("expected", .array(difference.expected.map(JSONValue.int))),
                ("actual", .array(difference.actual.map(JSONValue.int))),
              ])
            })
        ))
    }
    return .object(members)
  }

  private func text(_ report: VerificationReport) -> String {
    var out = report.summary(original: originalPath) + "\n"
    if report.identical { return out }
    if let mismatch = report.layoutMismatch { out += "  \(mismatch)\n" }
    for difference in report.firstDifferences {
      out += "  (\(difference.x), \(difference.y)): expected \(difference.expected), got \(difference.actual)\n"
    }
    return out
  }
}
