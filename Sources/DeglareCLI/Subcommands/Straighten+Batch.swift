import DeglarePipeline

/// `deglare straighten IMAGE... --out-dir DIR [--overlay DIR]`: each image is written as
/// `DIR/<stem>.straight.png`, as beside the image; `--overlay` names a folder for the overlays
/// (`<stem>.overlay.png`). `--corners` belongs to one photo and is refused.
extension StraightenCommand {
  /// The command for one image of a batch.
  private init(single inputPath: String, output: String, overlay: String?, of batch: StraightenCommand) {
    self.inputPath = inputPath
    outputPath = output
    overlayPath = overlay
    margin = batch.margin
    corners = nil
    target = batch.target
    detectOnly = batch.detectOnly
    common = batch.common.with(json: true)
    self.batch = nil
  }

  /// Runs the batch on the cores; an image is skipped when its outputs exist.
  func runBatch(_ batch: BatchArguments, context: CommandContext) async throws -> ExitCode {
    let overlayDirectory = try BatchArguments.overlayFolder(overlayPath)
    let items = try batch.items(suffix: ".straight.png", also: [overlayDirectory])
    let jobs = items.map { item in
      let command = StraightenCommand(
        single: item.input, output: item.output(in: batch.outputDirectory, suffix: ".straight.png"),
        overlay: overlayDirectory.map { item.output(in: $0, suffix: ".overlay.png") }, of: self)
      let outputs = (command.overlayPath.map { [$0] } ?? []) + (detectOnly ? [] : [command.outputPath])
      return BatchJob(input: item.input, outputs: outputs) { try await command.run($0) }
    }
    return await batch.run(jobs, common: common, context: context)
  }
}
