import DeglareCodecs
import DeglareCore
import DeglareKeyStore
import DeglarePipeline
import DeglareProviders

/// `deglare remove IMAGE --mask MASK`: the main job.
struct RemoveCommand: Subcommand {
  static let spec = CommandSpec(
    name: "remove",
    abstract: "Repaint the glare under a mask; everything outside the mask stays bit-identical.",
    discussion: """
      The crop around the mask goes to the provider (the local method by default: nothing leaves
      the machine), the repaint comes back, is feathered inward and composited, and the result is
      written with the input's bit depth, channels and metadata. Every pixel outside the mask is
      copied from the original, whatever the provider did.

      A JPEG result of a JPEG photo (--format jpeg, or -o OUT.jpg) is written over the photo's own
      8x8 blocks: every block the repaint does not reach keeps its coefficients byte for byte, the
      others are re-encoded with the photo's tables, and its EXIF, ICC and XMP are kept. Decoded,
      every pixel beyond the re-encoded blocks (and 1 pixel of chroma smoothing around them) is
      the original's; the summary says how many blocks were re-encoded.

      Examples:
        deglare remove photo.jpg --mask glare.png
        deglare remove photo.jpg --mask auto -o clean.png
        deglare remove IMG_1234.jpg --mask glare.png --format jpeg   # IMG_1234.deglared.jpg
        deglare remove photo.jpg --mask glare.png --provider openai --dry-run upload/
        deglare remove photo.jpg --mask glare.png --provider openai --quality high   # key: OPENAI_API_KEY or keys set
      """,
    arguments: [ArgumentSpec("IMAGE", help: "The photo (PNG, JPEG or HEIC).")],
    options: [
      .value(
        "--mask", valueName: "MASK",
        help: "(required) Mask PNG/JPEG (white = repaint), or 'auto' (detect, grown by 0.4 %)."),
      .value("-o", "--output", valueName: "OUT", help: "Output file (default <stem>.deglared.png beside IMAGE)."),
      .value(
        "--format", valueName: "F",
        help: "png (default) or jpeg (<stem>.deglared.jpg; lossless where untouched for a JPEG photo)."),
      .value("--provider", valueName: "NAME", help: "local (default; offline), openai or gemini."),
      .value("--model", valueName: "ID", help: "Remote model id (gpt-image-1.5, gemini-3.1-flash-image ...)."),
      .value("--method", valueName: "M", help: "Local method: subtract, fill or auto (default auto)."),
      .value("--prompt", valueName: "TEXT", help: "Prompt for a remote provider (a glare-removal prompt by default)."),
      .value("--quality", valueName: "Q", help: "OpenAI quality (low, medium, high, auto) or Gemini image size."),
      .value("--timeout", valueName: "S", help: "Seconds for the whole remote transfer (default 300)."),
      .value("--padding", valueName: "FRACTION", help: "Context around the mask, fraction of its longer side (0.12)."),
      .value("--feather", valueName: "PX", help: "Inward feather width in pixels (default 6; 0 = hard edge)."),
      .value("--dry-run", valueName: "DIR", help: "Write what the provider would receive into DIR; call nothing."),
      .value("--compression", valueName: "C", help: "PNG output: fast (default), small or smallest."),
      CommonOptions.json,
      CommonOptions.force,
      CommonOptions.maxPixels,
    ])

  let imagePath: String
  let maskArgument: String
  let outputPath: String
  let outputFormat: ImageFormat
  let providerArgument: String?
  let method: String?
  let remoteOptions: ProviderOptions
  let padding: Double
  let feather: Double
  let dryRunDirectory: String?
  let json: Bool
  let force: Bool
  let compression: PNGCompression
  let decodeOptions: DecodeOptions

  init(_ arguments: ParsedArguments) throws {
    imagePath = try arguments.positional(0, "IMAGE")
    guard let mask = arguments.string("--mask") else {
      throw ValidationError("missing '--mask MASK' for 'deglare remove' (a mask file, or 'auto' to detect the glare)")
    }
    maskArgument = mask
    let format = try arguments.choice("--format", in: ["png", "jpeg"]).map { $0 == "jpeg" ? ImageFormat.jpeg : .png }
    if let path = arguments.string("--output") {
      let named = ImageFormat.forOutputPath(path)
      if let format, format != named {
        throw ValidationError(
          "--format \(format == .jpeg ? "jpeg" : "png") does not match the output name \(path); "
            + "name it .\(format == .jpeg ? "jpg" : "png") or leave --format out")
      }
      outputPath = path
      outputFormat = named
    } else {
      outputFormat = format ?? .png
      outputPath = Self.defaultOutput(for: imagePath, format: outputFormat)
    }
    providerArgument = try arguments.choice("--provider", in: ["local", "openai", "gemini"])
    method = try arguments.choice("--method", in: LocalMethod.allCases.map(\.rawValue))
    let timeout = try arguments.double("--timeout", in: 1...86_400) ?? 300
    remoteOptions = ProviderOptions(
      model: arguments.string("--model"), prompt: arguments.string("--prompt"), quality: arguments.string("--quality"),
      timeout: timeout)
    padding = try arguments.double("--padding", in: 0...4) ?? 0.12
    feather = try arguments.double("--feather", in: 0...100) ?? 6
    dryRunDirectory = arguments.string("--dry-run")
    json = arguments.flag("--json")
    force = arguments.flag("--force")
    compression =
      PNGCompression(
        rawValue: try arguments.choice("--compression", in: PNGCompression.allCases.map(\.rawValue)) ?? "fast") ?? .fast
    decodeOptions = try CommonOptions.decodeOptions(arguments)
  }

  /// `<folder>/<stem>.deglared.png` (or `.jpg`) beside the input.
  static func defaultOutput(for input: String, format: ImageFormat = .png) -> String {
    OutputNaming.beside(input, suffix: format == .jpeg ? ".deglared.jpg" : ".deglared.png")
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    let clock = ContinuousClock()
    let start = clock.now
    let providerName = try chooseProvider(context.environment)
    try checkOptionsFit(providerName)
    let writeOptions = ImageWriteOptions(
      format: outputFormat, pngCompression: compression, overwrite: force)
    let inputs = maskArgument == "auto" ? [imagePath] : [imagePath, maskArgument]
    if dryRunDirectory == nil {
      try OutputFile.preflight(outputPath, overwrite: force, inputs: inputs)
    }

    let decoded = try ImageFile.read(imagePath, options: decodeOptions)
    let mask = try loadMask(for: decoded.image, context: context)
    let provider = try makeProvider(providerName, dryRun: dryRunDirectory != nil, context: context)
    let settings = RemoveSettings(
      padding: padding, feather: feather, prompt: remoteOptions.prompt,
      output: OutputSettings(path: outputPath, options: writeOptions, inputs: inputs))

    if let directory = dryRunDirectory {
      let report = try DryRun.write(
        image: decoded.image, profile: decoded.metadata.iccProfile, mask: mask, imagePath: imagePath,
        provider: provider, settings: settings,
        directory: directory, overwrite: force)
      if json {
        context.console.print(report.planJSON.text)
      } else {
        let plan = report.plan
        context.console.printError(
          "dry run: \(provider.name) would receive the \(plan.crop.width)x\(plan.crop.height) crop at "
            + "(\(plan.crop.x), \(plan.crop.y)) as \(plan.uploadSize)"
            + (provider.isRemote
              ? " (model \(provider.model))" : " (method \(provider.model), nothing leaves this machine)"))
        context.console.printError("wrote \(report.files.joined(separator: ", ")); nothing was sent")
      }
      return .success
    }

    if writeOptions.format == .jpeg && decoded.jpegFile == nil {
      context.console.warn(
        "\(outputPath) will be a re-encoded JPEG, which cannot keep the pixels outside the mask bit-identical; "
          + "write PNG for an exact result")
    }
    if provider.isRemote {
      context.console.printError("sending the crop around the mask to \(provider.name) (\(provider.model))…")
    }
    let session = RemovalSession()
    await session.load(image: decoded, path: imagePath, mask: mask)
    let progress = ProgressLine(
      console: context.console, label: "waiting for \(provider.name)", enabled: provider.isRemote)
    let result: RemovalResult
    do {
      result = try await session.remove(provider: provider, settings: settings)
      progress.stop()
    } catch {
      progress.stop()
      await session.close()
      throw error
    }
    report(result.summary, seconds: (clock.now - start).seconds, context: context)
    return .success
  }

  // MARK: - Steps

  private func chooseProvider(_ environment: [String: String]) throws -> String {
    if let providerArgument { return providerArgument }
    guard let fromEnvironment = environment["DEGLARE_PROVIDER"], !fromEnvironment.isEmpty else { return "local" }
    let name = fromEnvironment.lowercased()
    guard ["local", "openai", "gemini"].contains(name) else {
      throw ValidationError("DEGLARE_PROVIDER='\(fromEnvironment)' is not a provider: expected local, openai or gemini")
    }
    return name
  }

  private func checkOptionsFit(_ provider: String) throws {
    if provider == "local" {
      for (option, value) in [
        ("--model", remoteOptions.model), ("--prompt", remoteOptions.prompt), ("--quality", remoteOptions.quality),
      ]
      where value != nil {
        throw ValidationError(
          "\(option) applies to a remote provider; the local provider takes --method subtract|fill|auto")
      }
    } else if method != nil {
      throw ValidationError("--method applies to the local provider, not \(provider)")
    }
  }

  private func loadMask(for image: ImageBuffer, context: CommandContext) throws -> Mask {
    if maskArgument == "auto" {
      let automatic = AutoMask.detect(image)
      let detection = automatic.detection
      if !json {
        context.console.printError(
          "detected \(detection.blobCount) glare area\(detection.blobCount == 1 ? "" : "s") covering "
            + "\(formatPercent(detection.coveragePercent)) of the image; removing it with a \(automatic.growth) px margin"
        )
      }
      guard automatic.mask.insideBoundingBox != nil else {
        throw CommandFailure(
          .dataError,
          "nothing to remove: no glare was detected in \(imagePath); paint the glare white in a mask and pass it with --mask"
        )
      }
      return automatic.mask
    }
    let maskImage = try ImageFile.read(maskArgument, options: decodeOptions).image
    return try RemoveSteps.validatedMask(
      Mask(image: maskImage), image: image, maskPath: maskArgument, imagePath: imagePath)
  }

  private func makeProvider(_ name: String, dryRun: Bool, context: CommandContext) throws -> any ImageEditProvider {
    if name == "local" {
      return LocalProvider(method: method.flatMap(LocalMethod.init(rawValue:)) ?? .auto)
    }
    guard let keyProvider = KeyProvider(argument: name) else { throw ValidationError("unknown provider '\(name)'") }
    var key: String?
    if !dryRun {
      let resolved = try KeyResolver(environment: context.environment, store: context.secretStore).resolve(keyProvider)
      SecretRegistry.shared.register(resolved.value)
      key = resolved.value
    }
    return try ProviderFactory.make(
      provider: name, key: key, options: remoteOptions, environment: context.environment)
  }

  private func report(_ summary: RemovalSummary, seconds: Double, context: CommandContext) {
    if json {
      var members: [(String, JSONValue)] = [
        ("output", .string(summary.output)),
        ("crop", .array(summary.crop.array.map(JSONValue.int))),
        ("upload_size", .array([.int(summary.uploadSize.width), .int(summary.uploadSize.height)])),
        ("provider", .string(summary.provider)),
        (summary.isRemote ? "model" : "method", .string(summary.model)),
        ("seconds", .double((seconds * 1000).rounded() / 1000)),
        ("masked_pixels", .int(summary.maskedPixels)),
      ]
      if let aspect = summary.aspectName { members.append(("aspect_ratio", .string(aspect))) }
      if let usage = summary.usage { members.append(("usage", usage)) }
      if !summary.notes.isEmpty { members.append(("notes", .array(summary.notes.map(JSONValue.string)))) }
      if let splice = summary.jpegSplice {
        members.append(
          (
            "jpeg_splice",
            .object([
              ("reencoded_blocks", .int(splice.reencoded)), ("total_blocks", .int(splice.total)),
              ("upsampling_reach", .int(splice.upsamplingReach)),
            ])
          ))
      }
      context.console.print(JSONValue.object(members).text)
      return
    }
    let what = summary.isRemote ? "\(summary.provider) (\(summary.model))" : "the local \(summary.model) method"
    context.console.printError(
      "repainted \(summary.maskedPixels) masked pixels with \(what) in \(String(format1: seconds)) s; "
        + outsideTheMask(summary))
    context.console.printError(
      "  crop \(summary.crop.width)x\(summary.crop.height) at (\(summary.crop.x), \(summary.crop.y)), sent as \(summary.uploadSize)"
        + (summary.aspectName.map { " (\($0))" } ?? ""))
    if let usage = summary.usage { context.console.printError("  usage \(usage.text)") }
    for note in summary.notes { context.console.printError("  note: \(note)") }
    context.console.printError("wrote \(summary.output)")
  }
}

extension RemoveCommand {
  /// What holds outside the mask in the written file, as a clause.
  func outsideTheMask(_ summary: RemovalSummary) -> String {
    if let splice = summary.jpegSplice {
      let reach = splice.upsamplingReach == 0 ? "" : " (and \(splice.upsamplingReach) px of chroma smoothing)"
      return "JPEG written over the original's blocks: \(splice.reencoded) of \(splice.total) 8x8 blocks "
        + "re-encoded, every other block kept byte for byte; decoded, every pixel outside the re-encoded "
        + "blocks\(reach) is the original's"
    }
    if outputFormat == .jpeg {
      return "the whole picture was re-encoded as JPEG, so pixels outside the mask are close to the original's, "
        + "not identical"
    }
    return "every other pixel is unchanged"
  }
}

extension String {
  /// A duration for people: two decimals under ten seconds ("0.42"), one above ("12.3").
  init(format1 value: Double) {
    let scale = value < 10 ? 100.0 : 10.0
    self = String((value * scale).rounded() / scale)
  }
}

/// "0.12 %" style percentages with two decimals.
func formatPercent(_ value: Double) -> String {
  String((value * 100).rounded() / 100) + " %"
}
