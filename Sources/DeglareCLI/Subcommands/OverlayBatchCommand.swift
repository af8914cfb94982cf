/// A command that writes one file (and, with `--overlay`, an overlay) per image, and runs a batch
/// as copies of itself (`detect`, `straighten`): each copy has one image's paths, `--json` on and
/// no batch, and keeps every other option of the command as given.
protocol OverlayBatchCommand: Subcommand {
  /// The suffix of an output's name: `DIR/<stem><suffix>` in a batch (".mask.png").
  static var outputSuffix: String { get }
  /// The image read.
  var inputPath: String { get set }
  /// The file written.
  var outputPath: String { get set }
  /// `--overlay`: a file for one image, a folder in a batch.
  var overlayPath: String? { get set }
  /// `--json`, `--force` and the decode limits.
  var common: CommonOptions.Values { get set }
  /// Several images or folders.
  var batch: BatchArguments? { get set }
  /// The files this command writes for its image, as its batch job lists them.
  var outputs: [String] { get }
}

extension OverlayBatchCommand {
  /// Runs the batch on the cores: `DIR/<stem><outputSuffix>` for each image and, with
  /// `--overlay DIR`, `DIR/<stem>.overlay.png`; an image is skipped when its outputs exist.
  func runBatch(_ batch: BatchArguments, context: CommandContext) async throws -> ExitCode {
    let overlayDirectory = try BatchArguments.overlayFolder(overlayPath)
    let items = try batch.items(suffix: Self.outputSuffix, also: [overlayDirectory])
    let jobs = items.map { item in
      var command = self
      command.inputPath = item.input
      command.outputPath = item.output(in: batch.outputDirectory, suffix: Self.outputSuffix)
      command.overlayPath = overlayDirectory.map { item.output(in: $0, suffix: ".overlay.png") }
      command.common = common.with(json: true)
      command.batch = nil
      return BatchJob(input: item.input, outputs: command.outputs) { [command] in try await command.run($0) }
    }
    return await batch.run(jobs, common: common, context: context)
  }
}
