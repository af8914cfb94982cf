import DeglareCodecs
import DeglarePipeline
import DeglareProviders

/// `deglare remove IMAGE... --out-dir DIR (--mask auto | --mask MASK | --masks DIR)`: each image
/// is removed exactly as `deglare remove IMAGE -o DIR/<stem>.deglared.png` would, with its record.
extension RemoveCommand {
  /// Creates the command for one image of a batch.
  private init(single request: RemoveRequest, of batch: RemoveCommand) {
    self.request = request
    providerArgument = request.provider
    methodArgument = batch.methodArgument
    common = batch.common.with(json: true)
    self.batch = nil
    masksDirectory = nil
  }

  /// `--masks DIR`, which only a batch takes and which replaces `--mask`.
  static func masksDirectory(_ arguments: ParsedArguments, batch: BatchArguments?) throws -> String? {
    guard let directory = arguments.string("--masks") else { return nil }
    guard batch != nil else {
      throw ValidationError("--masks DIR is for a batch (with --out-dir); for one image give --mask MASK")
    }
    if arguments.string("--mask") != nil {
      throw ValidationError("give either --mask or --masks, not both")
    }
    guard BatchPlan.isDirectory(directory) else {
      throw ValidationError("--masks \(directory) is not a folder")
    }
    return directory
  }

  /// Runs the batch: every image through ``RemoveRequest/run(_:)``, a small pool for a remote
  /// provider, the cores for the local one.
  func runBatch(_ batch: BatchArguments, context: CommandContext) async throws -> ExitCode {
    var template = request
    template.provider = try chooseProvider(context.environment)
    try checkOptionsFit(template)
    let suffix = template.settings.output.options.format == .jpeg ? ".deglared.jpg" : ".deglared.png"
    let items = try batch.items(suffix: suffix, also: [masksDirectory])
    let jobs = items.map { item in
      let request = imageRequest(item, template: template, batch: batch, suffix: suffix)
      let command = RemoveCommand(single: request, of: self)
      let missingMask = maskMissing(item)
      return BatchJob(
        input: item.input, outputs: request.outputPaths.reversed(), resume: { BatchResume.state(of: request) },
        run: { context in
          if let missingMask { throw missingMask }
          return try await command.run(context)
        })
    }
    return await batch.run(
      jobs, common: common,
      concurrency: template.provider.isRemote ? BatchRunner.remoteConcurrency : BatchRunner.localConcurrency,
      context: context)
  }

  /// The request for one image: the template's settings, its mask, its output in `--out-dir`.
  private func imageRequest(
    _ item: BatchItem, template: RemoveRequest, batch: BatchArguments, suffix: String
  ) -> RemoveRequest {
    var mask = template.mask
    if let masksDirectory {
      mask = .file(item.mask(in: masksDirectory) ?? item.expectedMask(in: masksDirectory))
    }
    let output = item.output(in: batch.outputDirectory, suffix: suffix)
    return RemoveRequest(
      imagePath: item.input, mask: mask, provider: template.provider, options: template.options, output: output,
      writeOptions: template.settings.output.options, padding: template.settings.padding,
      feather: template.settings.feather, decodeOptions: template.decodeOptions)
  }

  /// The failure of an image with no mask in `--masks DIR`; nil when it has one (or `--mask`
  /// names one for all).
  private func maskMissing(_ item: BatchItem) -> CommandFailure? {
    guard let masksDirectory, item.mask(in: masksDirectory) == nil else { return nil }
    return CommandFailure(
      .dataError,
      "no mask for \(item.input) in \(masksDirectory): expected \(item.expectedMask(in: masksDirectory)) "
        + "(or <stem>.mask.png, as 'deglare detect' names it)")
  }
}
