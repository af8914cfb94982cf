import DeglareCodecs
import DeglareCore
import DeglarePipeline
import Foundation

/// `deglare straighten IMAGE [-o OUT] [--margin PX] [--corners ...] [--target frame|painting|document]
/// [--overlay PNG] [--detect-only] [--json] [--force]`: finds the frame, keeps a margin of real
/// wall, corrects rotation and keystone in one homography.
struct StraightenCommand: Subcommand {
  static let spec = CommandSpec(
    name: "straighten",
    abstract: "Find the frame, keep a margin of wall around it, and correct the perspective.",
    discussion: """
      Detects the outer edge of the frame (or, with --target painting, the canvas inside it; with
      --target document, a sheet of paper, a receipt or a card on a table, margin 0 by default),
      grows that quad by a margin of real wall in the photo (default \(marginPercent) % of its longer side; less
      where the photo has less wall), and warps it to an upright rectangle at full resolution with
      a bicubic sampler. The rectangle's true proportions come from the EXIF focal length when the
      photo has one, else from the quad's vanishing points when they are well conditioned, else
      from its mean edge lengths; the report says which. Metadata is kept.

      Corners are in pixels of the upright photo, (0, 0) being the centre of the top-left pixel,
      in the order top-left, top-right, bottom-right, bottom-left. When no frame is found, a
      centred quad is used and a warning says so. When the result is doubtful (confidence below
      0.5: another outline scores nearly as well, or a side may be a shadow or a line inside the
      picture) a warning starting "check the corners:" says so, and --json gives the runner-up.
      --overlay writes the photo with the quad (green), the margin (dashed cyan) and the
      runner-up (dashed magenta) drawn on it, also with --detect-only.

      Several images or folders make a batch: --out-dir DIR is required, --overlay names a folder,
      --corners is refused; an image whose outputs exist is skipped (--force redoes it).

      Examples:
        deglare straighten IMG_7683.jpg
        deglare straighten raw/ --out-dir straight/ --overlay checks/
        deglare straighten IMG_7683.jpg --detect-only --json --overlay check.png
        deglare straighten photo.jpg --corners 96,1180,3017,1154,3057,4641,128,4675 --margin 40 -o plate.png
      """,
    arguments: [
      ArgumentSpec("IMAGE", help: "The photo (PNG, JPEG or HEIC); several, or folders: a batch.", repeats: true)
    ],
    options: [
      .value(
        "-o", "--output", valueName: "OUT", help: "Where to write (default <stem>.straight.png; .jpg writes JPEG)."),
      .value(
        "--margin", valueName: "PX",
        help: "Wall to keep around the quad, in source pixels (default \(marginPercent) % of its longer side)."),
      .value(
        "--corners", valueName: "X,Y,X,Y,X,Y,X,Y", help: "Use these corners instead of detecting (TL, TR, BR, BL)."),
      .value(
        "--target", valueName: "frame|painting|document",
        help: "Detect the frame's outer edge (default), the canvas, or a document or card."),
      .value("--overlay", valueName: "PNG", help: "Also write the photo with the detected quads drawn on it."),
      .flag("--detect-only", help: "Detect and report; do not warp or write anything."),
    ] + BatchArguments.options + CommonOptions.imageToFile)

  /// The default margin, in percent of the quad's longer side.
  private static let marginPercent = Usage.number(StraightenOptions().defaultMarginFraction * 100)

  var inputPath: String
  var outputPath: String
  let margin: Double?
  let corners: Quad?
  let target: FrameTarget
  var overlayPath: String?
  let detectOnly: Bool
  var common: CommonOptions.Values
  /// Several images or folders; `--overlay` then names a folder.
  var batch: BatchArguments?

  init(_ arguments: ParsedArguments) throws {
    batch = try BatchArguments(arguments, singleOnly: ["--output", "--corners"])
    inputPath = try arguments.positional(0, "IMAGE")
    outputPath = arguments.string("--output") ?? OutputNaming.beside(inputPath, suffix: ".straight.png")
    margin = try arguments.double("--margin", in: -1_000_000...1_000_000)
    corners = try arguments.string("--corners").map(StraightenCommand.parseCorners)
    target = try arguments.choice("--target", in: FrameTarget.self) ?? .frame
    overlayPath = arguments.string("--overlay")
    detectOnly = arguments.flag("--detect-only")
    common = try CommonOptions.Values(arguments)
    if let overlayPath, overlayPath == outputPath, !detectOnly {
      throw ValidationError("the overlay and the straightened photo cannot both be written to \(overlayPath)")
    }
  }

  /// The largest corner coordinate accepted, in pixels (no image deglare reads is wider).
  static let cornerLimit = 1_000_000.0

  /// Eight comma-separated numbers -> a quad, top-left first. Each must be finite and within
  /// ±``cornerLimit``, so nothing downstream meets a number it cannot format or convert.
  static func parseCorners(_ text: String) throws -> Quad {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
    guard parts.count == 8, numbers.count == 8 else {
      throw ValidationError(
        "invalid value '\(text)' for '--corners': expected eight numbers X,Y,X,Y,X,Y,X,Y "
          + "(top-left, top-right, bottom-right, bottom-left)")
    }
    guard numbers.allSatisfy({ abs($0) <= cornerLimit }) else {
      throw ValidationError(
        "invalid value '\(text)' for '--corners': every coordinate must be between "
          + "-\(Int(cornerLimit)) and \(Int(cornerLimit)) pixels")
    }
    return Quad(stride(from: 0, to: 8, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) })
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    if let batch { return try await runBatch(batch, context: context) }
    let start = Date()
    // Refuse unusable outputs before any work, so a failure leaves no file behind.
    let writeOptions = ImageWriteOptions(format: ImageFormat.forOutputPath(outputPath), overwrite: common.force)
    let png = ImageWriteOptions(format: .png, overwrite: common.force)
    if !detectOnly { try ImageFile.preflight(outputPath, options: writeOptions, inputs: [inputPath]) }
    if let overlayPath {
      try ImageFile.preflight(overlayPath, options: png, inputs: detectOnly ? [inputPath] : [inputPath, outputPath])
    }
    let progress = ProgressLine(console: context.console, label: "straightening \(inputPath)")
    progress.start()
    defer { progress.stop() }
    let decoded = try ImageFile.read(inputPath, options: common.decodeOptions)
    var options = StraightenOptions(corners: corners, margin: margin, target: target)
    options.focalLength = StraightenCommand.focalLength(decoded.metadata, size: decoded.image.size)
    let plan: StraightenPlan
    do {
      plan = try Straightener.plan(decoded.image, options: options)
    } catch {
      if corners == nil, case .degenerate = error {
        // Nothing the user gave is wrong: the photo itself is too small for any quad.
        throw CommandFailure(
          .dataError, "\(inputPath) is \(decoded.image.size), too small to straighten (\(error.description))")
      }
      throw ValidationError(error.description)
    }
    // The warnings go on lines of their own, not after the progress line.
    progress.stop()
    for warning in plan.warnings { context.console.warn(warning) }
    progress.start()
    if let overlayPath {
      try ImageFile.write(
        StraightenOverlay.render(decoded.image, plan: plan), metadata: ImageMetadata(), to: overlayPath, options: png,
        inputs: [inputPath])
    }
    var written: String?
    if !detectOnly {
      try Task.checkCancellation()
      let image: ImageBuffer
      do {
        image = try Straightener.warp(decoded.image, plan: plan)
      } catch {
        throw ValidationError(error.description)
      }
      try ImageFile.write(image, metadata: decoded.metadata, to: outputPath, options: writeOptions, inputs: [inputPath])
      written = outputPath
    }
    progress.stop()
    let seconds = Date().timeIntervalSince(start)
    if common.json {
      context.console.print(jsonObject(plan, output: written, seconds: seconds).text)
    } else {
      context.console.out(text(plan, output: written))
    }
    return .success
  }

  /// The focal length in pixels of this photo from its EXIF data: FocalLengthIn35mmFilm scaled
  /// by the camera frame's diagonal over the 35 mm frame's (43.27 mm), or FocalLength times the
  /// focal plane resolution. The camera frame is the photo unless EXIF's pixel dimensions
  /// describe a larger frame of which the photo is a centred crop at the same scale (an
  /// iPhone's 16:9 photo of its 4:3 sensor: the equivalent focal length refers to the 4:3 frame).
  static func focalLength(_ metadata: ImageMetadata, size: PixelSize) -> Double? {
    guard let bytes = metadata.exif, let exif = EXIF(bytes) else { return nil }
    var diagonal = (Double(size.width * size.width + size.height * size.height)).squareRoot()
    if let frame = exif.pixelDimensions {
      let frameSides = [frame.width, frame.height].sorted()
      let photoSides = [size.width, size.height].sorted()
      let sameScale = frameSides[0] == photoSides[0] || frameSides[1] == photoSides[1]
      if sameScale, frameSides[0] >= photoSides[0], frameSides[1] >= photoSides[1] {
        diagonal = (Double(frame.width * frame.width + frame.height * frame.height)).squareRoot()
      }
    }
    if let equivalent = exif.focalLengthIn35mmFilm {
      return equivalent * diagonal / (36.0 * 36.0 + 24.0 * 24.0).squareRoot()
    }
    if let millimetres = exif.focalLength, let density = exif.focalPlanePixelsPerMillimetre {
      return millimetres * density
    }
    return nil
  }

  private func jsonObject(_ plan: StraightenPlan, output: String?, seconds: Double) -> JSONValue {
    func quad(_ quad: Quad) -> JSONValue {
      .array(quad.corners.map { .array([.double(round2($0.x)), .double(round2($0.y))]) })
    }
    var members: [(String, JSONValue)] = [
      ("corners", quad(plan.corners)),
      ("expanded_corners", quad(plan.expandedCorners)),
      ("margin_px", .double(round2(plan.margin))),
      ("requested_margin_px", .double(round2(plan.requestedMargin))),
      ("side_margins_px", .array(plan.sideMargins.map { .double(round2($0)) })),
      ("output_size", .array([.int(plan.outputSize.width), .int(plan.outputSize.height)])),
      ("confidence", .double((plan.confidence * 1000).rounded() / 1000)),
      ("proportions", .string(plan.proportions.method.rawValue)),
      ("aspect", .double((plan.proportions.aspect * 10000).rounded() / 10000)),
    ]
    if let focal = plan.proportions.focalLength { members.append(("focal_length_px", .double(round2(focal)))) }
    members.append(("detection", .string(plan.detectionSource?.rawValue ?? "given")))
    members.append(("runner_up", plan.runnerUp.map(quad) ?? .null))
    members.append(("output", output.map(JSONValue.string) ?? .null))
    members.append(("warnings", .array(plan.warnings.map(JSONValue.string))))
    members.append(("seconds", .double((seconds * 1000).rounded() / 1000)))
    return .object(members)
  }

  private func text(_ plan: StraightenPlan, output: String?) -> String {
    let source: String
    switch plan.detectionSource {
    case nil: source = "given"
    case .fallback?: source = "not found, centred fallback"
    case let pass?: source = "detected (\(pass.rawValue) pass), confidence \(String(format: "%.2f", plan.confidence))"
    }
    var out = "corners: \(plan.corners)  [\(source)]\n"
    out += "margin: \(Point.format(plan.margin)) px kept (asked \(Point.format(plan.requestedMargin)) px)\n"
    out += "expanded corners: \(plan.expandedCorners)\n"
    if let runnerUp = plan.runnerUp { out += "runner-up: \(runnerUp)\n" }
    var proportions =
      "proportions \(String(format: "%.4f", plan.proportions.aspect)) from \(plan.proportions.method.rawValue)"
    if let focal = plan.proportions.focalLength { proportions += " (focal length \(Point.format(focal)) px)" }
    out += "output: \(plan.outputSize), \(proportions)\n"
    if let output { out += "wrote \(output)\n" }
    return out
  }

  private func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
