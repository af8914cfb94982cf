import DeglareCodecs
import DeglareCore
import DeglarePipeline
import DeglareProviders

/// `deglare remove IMAGE --mask MASK`: the main job. This command parses and prints; the
/// pipeline's ``RemoveRequest`` does the work.
struct RemoveCommand: Subcommand {
  static let spec = CommandSpec(
    name: "remove",
    abstract: "Repaint the glare under a mask; everything outside the mask stays bit-identical.",
    discussion: """
      The crop around the mask goes to the provider (the local method by default: nothing leaves
      the machine), the repaint comes back, is feathered inward and composited, and the result is
      written with the input's bit depth, channels and metadata. Every pixel outside the mask is
      copied from the original, whatever the provider did. Beside the result, <result>.json records
      what was done (input and mask SHA-256, provider, model or method, crop, time; never a key),
      and the same facts go into the result's XMP history. With --mask auto, the mask that was used
      is written as <result stem>.mask.png, so that 'deglare verify IMAGE RESULT --mask' with it
      holds.

      A JPEG result of a JPEG photo (--format jpeg, or -o OUT.jpg) is written over the photo's own
      8x8 blocks: every block the repaint does not reach keeps its coefficients byte for byte, the
      others are re-encoded with the photo's tables, and its EXIF, ICC and XMP are kept. Decoded,
      every pixel beyond the re-encoded blocks (and 1 pixel of chroma smoothing around them) is
      the original's; the summary says how many blocks were re-encoded.

      Several images or folders make a batch (docs/cli.md, Batch): --out-dir DIR is required, each
      image is removed as on its own with its record, several at a time; an image an earlier run
      did with the same input and settings is skipped (--force redoes it); the exit status is 0
      when none failed, else the failures' shared code (65 when they differ).

      Examples:
        deglare remove photo.jpg --mask glare.png
        deglare remove photo.jpg --mask auto -o clean.png
        deglare remove IMG_1234.jpg --mask glare.png --format jpeg   # IMG_1234.deglared.jpg
        deglare remove photo.jpg --mask glare.png --provider openai --dry-run upload/
        deglare remove photo.jpg --mask glare.png --provider openai --quality high   # key: OPENAI_API_KEY or keys set
        deglare remove photos/ --mask auto --out-dir clean/
        deglare remove straight/ --masks masks/ --out-dir clean/ --recursive
      """,
    arguments: [
      ArgumentSpec("IMAGE", help: "The photo (PNG, JPEG or HEIC); several, or folders: a batch.", repeats: true)
    ],
    options: [
      .value(
        "--mask", valueName: "MASK",
        help: "(required) Mask PNG/JPEG (white = repaint), or 'auto' (detect, grown by "
          + "\(Usage.number(AutoMask.Configuration().growthFraction * 100)) %)."),
      .value("-o", "--output", valueName: "OUT", help: "Output file (default <stem>.deglared.png beside IMAGE)."),
      .value(
        "--save-mask", valueName: "PATH",
        help: "Also write the mask used, as a PNG (with --mask auto: default <result stem>.mask.png)."),
      .value(
        "--format", valueName: "F",
        help: "png (default) or jpeg (<stem>.deglared.jpg; lossless where untouched for a JPEG photo)."),
      .value(
        "--provider", valueName: "NAME",
        help: Usage.choices(ProviderID.allCases, default: RemoveRequest.defaultProvider, note: "default; offline")
          + "."),
      .value("--model", valueName: "ID", help: "Remote model id (gpt-image-1.5, gemini-3.1-flash-image ...)."),
      .value(
        "--method", valueName: "M",
        help: "Local method: \(LocalMethod.allCases.map(\.rawValue).joinedAsAlternatives()) "
          + "(default \(ProviderOptions().method.rawValue))."),
      .value("--prompt", valueName: "TEXT", help: "Prompt for a remote provider (a glare-removal prompt by default)."),
      .value(
        "--quality", valueName: "Q",
        help: "OpenAI quality (low, medium, high, auto; default \(RemoteConfiguration.defaultOpenAIQuality)) or "
          + "Gemini image size (512, 1K, 2K, 4K; default 1K)."),
      .value(
        "--max-size", valueName: "WxH",
        help: "gpt-image-2: most pixels sent and paid for (default \(RemoteConfiguration.defaultPixelCap))."),
      .value(
        "--timeout", valueName: "S",
        help: "Seconds for the whole remote transfer (default \(Usage.number(ProviderOptions().timeout)))."),
      .value(
        "--padding", valueName: "FRACTION",
        help: "Context around the mask, fraction of its longer side (\(Usage.number(RemoveSettings.defaultPadding)))."),
      .value(
        "--feather", valueName: "PX",
        help: "Inward feather width in pixels (default \(Usage.number(RemoveSettings.defaultFeather)); 0 = hard edge)."),
      .value("--dry-run", valueName: "DIR", help: "Write what the provider would receive into DIR; call nothing."),
      .value(
        "--compression", valueName: "C",
        help: "PNG output: \(Usage.choices(PNGCompression.allCases, default: ImageWriteOptions().pngCompression))."),
      .value("--masks", valueName: "DIR", help: "Batch: each image's mask in DIR, <stem>.png or <stem>.mask.png."),
    ] + BatchArguments.options + CommonOptions.imageToFile)

  /// The removal as parsed; its provider is settled in ``run(_:)``, which reads `DEGLARE_PROVIDER`.
  let request: RemoveRequest
  /// `--provider`, if given.
  let providerArgument: ProviderID?
  /// `--method`, if given (only the local provider takes it).
  let methodArgument: LocalMethod?
  /// `--json`, `--force`, `--max-pixels`.
  let common: CommonOptions.Values
  /// Several images or folders (``request`` is then the template of each image's request).
  let batch: BatchArguments?
  /// `--masks DIR` (a batch): each image's mask by name.
  let masksDirectory: String?

  init(_ arguments: ParsedArguments) throws {
    let imagePath = try arguments.positional(0, "IMAGE")
    batch = try BatchArguments(arguments, singleOnly: ["--output", "--save-mask", "--dry-run"])
    masksDirectory = try Self.masksDirectory(arguments, batch: batch)
    guard let mask = arguments.string("--mask") ?? masksDirectory.map({ _ in "auto" }) else {
      throw ValidationError("missing '--mask MASK' for 'deglare remove' (a mask file, or 'auto' to detect the glare)")
    }
    let format = try arguments.choice("--format", in: ["png", "jpeg"]).map { $0 == "jpeg" ? ImageFormat.jpeg : .png }
    let output: String
    let outputFormat: ImageFormat
    if let path = arguments.string("--output") {
      let named = ImageFormat.forOutputPath(path)
      if let format, format != named {
        throw ValidationError(
          "--format \(format == .jpeg ? "jpeg" : "png") does not match the output name \(path); "
            + "name it .\(format == .jpeg ? "jpg" : "png") or leave --format out")
      }
      output = path
      outputFormat = named
    } else {
      outputFormat = format ?? .png
      output = OutputNaming.beside(imagePath, suffix: outputFormat == .jpeg ? ".deglared.jpg" : ".deglared.png")
    }
    let saveMask = arguments.string("--save-mask")
    if let saveMask {
      guard ImageFormat.forOutputPath(saveMask) == .png else {
        throw ValidationError("--save-mask writes a PNG (a JPEG would change the mask); give it a .png name")
      }
      guard saveMask != output, saveMask != RepairRecord.path(for: output) else {
        throw ValidationError("--save-mask \(saveMask) is the result or its record; choose another path")
      }
    }
    providerArgument = try arguments.choice("--provider", in: ProviderID.self)
    methodArgument = try arguments.choice("--method", in: LocalMethod.self)
    let defaults = ProviderOptions()
    let options = ProviderOptions(
      method: methodArgument ?? defaults.method, model: arguments.string("--model"),
      prompt: arguments.string("--prompt"), quality: arguments.string("--quality"),
      maxSize: try arguments.size("--max-size"),
      timeout: try arguments.double("--timeout", in: 1...86_400) ?? defaults.timeout)
    let padding = try arguments.double("--padding", in: 0...4) ?? RemoveSettings.defaultPadding
    let feather = try arguments.double("--feather", in: 0...100) ?? RemoveSettings.defaultFeather
    let compression =
      try arguments.choice("--compression", in: PNGCompression.self) ?? ImageWriteOptions().pngCompression
    common = try CommonOptions.Values(arguments)
    request = RemoveRequest(
      imagePath: imagePath, mask: mask == "auto" ? .automatic() : .file(mask),
      provider: providerArgument ?? RemoveRequest.defaultProvider, options: options, output: output,
      writeOptions: ImageWriteOptions(
        format: outputFormat, pngCompression: compression, overwrite: common.force),
      padding: padding, feather: feather, dryRunDirectory: arguments.string("--dry-run"),
      decodeOptions: common.decodeOptions, saveMaskPath: saveMask)
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    if let batch { return try await runBatch(batch, context: context) }
    let clock = ContinuousClock()
    let start = clock.now
    var request = request
    request.provider = try chooseProvider(context.environment)
    try checkOptionsFit(request)
    // On a terminal, a line with the seconds so far, from the reading to the write.
    let progress = ProgressLine(
      console: context.console,
      label: request.maskFilePath == nil ? "reading and detecting the glare" : "reading \(request.imagePath)")
    let repainting =
      request.provider.isRemote
      ? "waiting for \(request.provider), then writing"
      : "repainting the glare and writing \(request.settings.output.path)"
    let warnings = WarningLog(console: context.console)
    progress.start()
    let outcome: RemoveOutcome
    do {
      outcome = try await request.run(
        RemoveContext(
          environment: context.environment, secretStore: context.secretStore,
          keyLoaded: { SecretRegistry.shared.register($0) },
          events: { event in
            if case .repainting = event { progress.relabel(repainting) }
            progress.above { report(event, progress: progress, warnings: warnings, console: context.console) }
          }))
      progress.stop()
    } catch {
      progress.stop()
      throw error
    }
    switch outcome {
    case .dryRun(let report): self.report(report, console: context.console)
    case .removed(let summary):
      report(summary, seconds: (clock.now - start).seconds, warnings: warnings.all, console: context.console)
    }
    return .success
  }

  /// `--provider`, else `DEGLARE_PROVIDER` (any case), else local.
  func chooseProvider(_ environment: [String: String]) throws -> ProviderID {
    if let providerArgument { return providerArgument }
    guard let name = environment["DEGLARE_PROVIDER"], !name.isEmpty else { return RemoveRequest.defaultProvider }
    guard let provider = ProviderID(rawValue: name.lowercased()) else {
      throw ValidationError(
        "DEGLARE_PROVIDER='\(name)' is not a provider: expected \(ProviderID.allCases.joinedAsAlternatives())")
    }
    return provider
  }

  /// Refuses the options of the other kind of provider.
  func checkOptionsFit(_ request: RemoveRequest) throws {
    let provider = request.provider
    let options = request.options
    if !provider.isRemote {
      let remoteOnly = [
        ("--model", options.model), ("--prompt", options.prompt), ("--quality", options.quality),
        ("--max-size", options.maxSize?.description),
      ]
      for (option, value) in remoteOnly where value != nil {
        throw ValidationError(
          "\(option) applies to a remote provider; the local provider takes --method subtract|fill|auto")
      }
    } else if methodArgument != nil {
      throw ValidationError("--method applies to the local provider, not \(provider)")
    }
  }
}
