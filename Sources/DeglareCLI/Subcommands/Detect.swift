import DeglareCodecs
import DeglareCore
import DeglarePipeline
import Foundation

/// `deglare detect IMAGE [-o MASK] [--overlay PNG] [--margin-band PX] [--json] [--force]`.
struct DetectCommand: Subcommand {
  static let spec = CommandSpec(
    name: "detect",
    abstract: "Propose a glare mask (precision-first) for a photo of a painting.",
    discussion: """
      Writes an 8-bit gray PNG holding only 0 and 255 (255 = proposed glare), the image's size after
      EXIF orientation, by default <stem>.mask.png beside the image. A pixel is proposed when it is
      unsaturated and well above its surroundings and its blob fades out softly (painted whites
      have hard outlines), when it is a clipped specular core fading into a halo, or when it carries
      coloured light (a cyan or green streak) whose hue departs from the paint around it. The
      margin band along every edge (default \(marginBandPercent) % of the shorter side,
      the strip of wall a straightened photo keeps) is never proposed. An image without glare gives
      an empty mask and exit 0. Check the proposal with --overlay, and paint what it missed.

      Example: deglare detect photo.jpg --overlay photo.overlay.png
      """,
    arguments: [ArgumentSpec("IMAGE", help: "The photo (PNG, JPEG or HEIC).")],
    options: [
      .value("-o", "--output", valueName: "MASK", help: "Where to write the mask (default <stem>.mask.png)."),
      .value("--overlay", valueName: "PNG", help: "Also write the photo with the proposal tinted red."),
      .value(
        "--margin-band", valueName: "PX",
        help: "Pixels along each edge never proposed (default \(marginBandPercent) % of the shorter side; 0 = none)."),
    ] + CommonOptions.imageToFile)

  /// The detector's default margin band, in percent of the shorter side.
  private static let marginBandPercent = Usage.number(GlareDetector.Configuration().marginBandFraction * 100)

  let imagePath: String
  let outputPath: String
  let overlayPath: String?
  let marginBand: Int?
  let common: CommonOptions.Values

  init(_ arguments: ParsedArguments) throws {
    imagePath = try arguments.positional(0, "IMAGE")
    outputPath = arguments.string("--output") ?? OutputNaming.beside(imagePath, suffix: ".mask.png")
    overlayPath = arguments.string("--overlay")
    marginBand = try arguments.int("--margin-band", in: 0...Int(Int32.max))
    common = try CommonOptions.Values(arguments)
    if let overlayPath, overlayPath == outputPath {
      throw ValidationError("the overlay and the mask cannot both be written to \(overlayPath)")
    }
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    // Refuse unusable outputs before any work, so a failure leaves neither file behind.
    try OutputFile.preflight(outputPath, overwrite: common.force, inputs: [imagePath])
    if let overlayPath {
      try OutputFile.preflight(overlayPath, overwrite: common.force, inputs: [imagePath, outputPath])
    }
    let image = try ImageFile.read(imagePath, options: common.decodeOptions).image
    let start = DispatchTime.now().uptimeNanoseconds
    let detection = GlareDetector().detect(image, marginBand: marginBand)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let png = ImageWriteOptions(format: .png, overwrite: common.force)
    try ImageFile.write(
      detection.mask.grayImage, metadata: ImageMetadata(), to: outputPath, options: png, inputs: [imagePath])
    if let overlayPath {
      try ImageFile.write(
        GlareOverlay.render(image, detection: detection), metadata: ImageMetadata(), to: overlayPath, options: png,
        inputs: [imagePath, outputPath])
    }
    let rounded = (seconds * 1000).rounded() / 1000
    if common.json {
      let object = JSONValue.object([
        ("output", .string(outputPath)),
        ("coverage_percent", .double((detection.coveragePercent * 10000).rounded() / 10000)),
        ("blobs", .int(detection.blobCount)),
        ("seconds", .double(rounded)),
      ])
      context.console.print(object.text)
    } else {
      let coverage = String(format: "%.3f", detection.coveragePercent)
      let time = String(format: "%.3f", seconds)
      let blobs = detection.blobCount == 1 ? "1 blob" : "\(detection.blobCount) blobs"
      var text = "\(outputPath): coverage \(coverage) %, \(blobs), \(time) s\n"
      if let overlayPath { text += "overlay: \(overlayPath)\n" }
      context.console.out(text)
    }
    return .success
  }
}
