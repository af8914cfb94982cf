import DeglareCodecs
import DeglareCore
import DeglarePipeline
import Foundation

/// `deglare detect IMAGE [-o MASK] [--overlay PNG] [--margin-band PX] [--no-frame] [--json] [--force]`.
struct DetectCommand: Subcommand {
  static let spec = CommandSpec(
    name: "detect",
    abstract: "Propose a glare mask (precision-first) for a photo of a painting.",
    discussion: """
      Writes an 8-bit gray PNG holding only 0 and 255 (255 = proposed glare), the image's size after
      EXIF orientation, by default <stem>.mask.png beside the image. A pixel is proposed when it is
      unsaturated and well above its surroundings and its blob fades out softly (painted whites
      have hard outlines), when it is a clipped specular core fading into a halo, or when it carries
      coloured light (a cyan or green streak, a lit sign's glow) whose hue departs from the paint
      around it. The frame is found first and only the glass inside it is proposed, less a margin
      band measured from the frame's outer edge (default \(frameBandPercent) % of its shorter side);
      without a frame, the band runs along the photo's edges (default \(marginBandPercent) % of the
      shorter side, the strip of wall a straightened photo keeps). An image without glare gives an
      empty mask and exit 0. Check the proposal with --overlay, and paint what it missed.

      Several images or folders make a batch: --out-dir DIR is required and --overlay names a
      folder; an image whose outputs exist is skipped (--force redoes it).

      Examples:
        deglare detect photo.jpg --overlay photo.overlay.png
        deglare detect photos/ --out-dir masks/ --overlay overlays/
      """,
    arguments: [
      ArgumentSpec("IMAGE", help: "The photo (PNG, JPEG or HEIC); several, or folders: a batch.", repeats: true)
    ],
    options: [
      .value("-o", "--output", valueName: "MASK", help: "Where to write the mask (default <stem>.mask.png)."),
      .value("--overlay", valueName: "PNG", help: "Also write the photo with the proposal tinted red."),
      .value(
        "--margin-band", valueName: "PX",
        help:
          "Pixels inside the frame's (or the photo's) edges never proposed (default \(frameBandPercent) % of the frame's or \(marginBandPercent) % of the photo's shorter side; 0 = none)."
      ),
      .flag("--no-frame", help: "Do not look for the frame: propose anywhere but the band along the photo's edges."),
    ] + BatchArguments.options + CommonOptions.imageToFile)

  /// The detector's default margin band without a frame, in percent of the photo's shorter side.
  private static let marginBandPercent = Usage.number(GlareDetector.Configuration().marginBandFraction * 100)
  /// ... and inside a found frame, in percent of the frame's shorter side.
  private static let frameBandPercent = Usage.number(GlareDetector.Configuration().frameBandFraction * 100)

  var inputPath: String
  var outputPath: String
  var overlayPath: String?
  let marginBand: Int?
  let noFrame: Bool
  var common: CommonOptions.Values
  /// Several images or folders; `--overlay` then names a folder.
  var batch: BatchArguments?

  init(_ arguments: ParsedArguments) throws {
    batch = try BatchArguments(arguments, singleOnly: ["--output"])
    inputPath = try arguments.positional(0, "IMAGE")
    outputPath = arguments.string("--output") ?? OutputNaming.beside(inputPath, suffix: ".mask.png")
    overlayPath = arguments.string("--overlay")
    marginBand = try arguments.int("--margin-band", in: 0...Int(Int32.max))
    noFrame = arguments.flag("--no-frame")
    common = try CommonOptions.Values(arguments)
    if let overlayPath, overlayPath == outputPath {
      throw ValidationError("the overlay and the mask cannot both be written to \(overlayPath)")
    }
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    if let batch { return try await runBatch(batch, context: context) }
    // The whole command's wall time, reading and writing included.
    let start = DispatchTime.now().uptimeNanoseconds
    // A missing or broken input is reported first; then unusable outputs are refused before the
    // detection, so a failure leaves neither file behind.
    let image = try ImageFile.read(inputPath, options: common.decodeOptions).image
    let png = ImageWriteOptions(format: .png, overwrite: common.force)
    try ImageFile.preflight(outputPath, options: png, inputs: [inputPath])
    if let overlayPath { try ImageFile.preflight(overlayPath, options: png, inputs: [inputPath, outputPath]) }
    let progress = ProgressLine(console: context.console, label: "detecting the glare in \(inputPath)")
    progress.start()
    defer { progress.stop() }
    let detector = GlareDetector()
    let detection =
      noFrame ? detector.detect(image, marginBand: marginBand) : detector.detectInFrame(image, marginBand: marginBand)
    try ImageFile.write(
      detection.mask.grayImage, metadata: ImageMetadata(), to: outputPath, options: png, inputs: [inputPath])
    if let overlayPath {
      try ImageFile.write(
        GlareOverlay.render(image, detection: detection), metadata: ImageMetadata(), to: overlayPath, options: png,
        inputs: [inputPath, outputPath])
    }
    progress.stop()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let rounded = (seconds * 1000).rounded() / 1000
    if common.json {
      context.console.print(jsonObject(detection, seconds: rounded).text)
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

  /// `--json`'s object: the output, coverage and blob count, then each blob's kind and box and
  /// the glass region the proposal was confined to.
  private func jsonObject(_ detection: GlareDetection, seconds: Double) -> JSONValue {
    func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    let glass = detection.glass
    var frame: [(String, JSONValue)] = [
      ("source", .string(glass.source.rawValue)),
      ("corners", .array(glass.quad.corners.map { .array([.double(round2($0.x)), .double(round2($0.y))]) })),
      ("margin_band", .int(glass.band)),
    ]
    if let confidence = glass.confidence { frame.append(("confidence", .double(round2(confidence)))) }
    let regions = detection.blobs.map { blob -> JSONValue in
      .object([
        ("kind", .string(blob.kind.rawValue)),
        ("coloured", .bool(blob.coloured)),
        ("box", .array([.int(blob.bounds.x), .int(blob.bounds.y), .int(blob.bounds.width), .int(blob.bounds.height)])),
        ("pixels", .int(blob.pixelCount)),
      ])
    }
    return .object([
      ("output", .string(outputPath)),
      ("coverage_percent", .double((detection.coveragePercent * 10000).rounded() / 10000)),
      ("blobs", .int(detection.blobCount)),
      ("regions", .array(regions)),
      ("frame", .object(frame)),
      ("seconds", .double(seconds)),
      ("input", .string(inputPath)),
      ("overlay", overlayPath.map(JSONValue.string) ?? .null),
      ("warnings", .array([])),
    ])
  }
}
