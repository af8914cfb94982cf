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

      Example: deglare verify photo.jpg photo.deglared.png --mask glare.png
      """,
    arguments: [
      ArgumentSpec("ORIGINAL", help: "The original image (PNG or JPEG)."),
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
    let original = try ImageFile.read(originalPath, options: common.decodeOptions).image
    // The sizes in the headers are checked before any other pixels are decoded.
    let encodedResult = try ImageFile.load(resultPath, options: common.decodeOptions)
    let encodedMask = try ImageFile.load(maskPath, options: common.decodeOptions)
    try checkSizes(result: encodedResult.size, mask: encodedMask.size, original: original.size)
    let result = try encodedResult.decode(options: common.decodeOptions).image
    let mask = Mask(image: try encodedMask.decode(options: common.decodeOptions).image)
    try checkSizes(result: result.size, mask: mask.size, original: original.size)
    let report = Verification.compare(original: original, result: result, mask: mask)
    if common.json {
      context.console.print(jsonObject(report).text)
    } else {
      context.console.out(text(report))
    }
    return report.identical ? .success : .failure
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
