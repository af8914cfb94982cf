import DeglarePipeline

/// `deglare detect IMAGE... --out-dir DIR [--overlay DIR]`: each image's mask is
/// `DIR/<stem>.mask.png`, as beside the image; `--overlay` names a folder for the overlays
/// (`<stem>.overlay.png`).
extension DetectCommand {
  /// The command for one image of a batch.
  private init(single imagePath: String, output: String, overlay: String?, of batch: DetectCommand) {
    self.imagePath = imagePath
    outputPath = output
    overlayPath = overlay
    marginBand = batch.marginBand
    noFrame = batch.noFrame
    common = batch.common.with(json: true)
    self.batch = nil
  }

  /// Runs the batch on the cores; an image is skipped when its mask (and overlay) exist.
  func runBatch(_ batch: BatchArguments, context: CommandContext) async throws -> ExitCode {
    let overlayDirectory = try BatchArguments.overlayFolder(overlayPath)
    let items = try batch.items(suffix: ".mask.png", also: [overlayDirectory])
    let jobs = items.map { item in
      let command = DetectCommand(
        single: item.input, output: item.output(in: batch.outputDirectory, suffix: ".mask.png"),
        overlay: overlayDirectory.map { item.output(in: $0, suffix: ".overlay.png") }, of: self)
      return BatchJob(input: item.input, outputs: [command.outputPath] + (command.overlayPath.map { [$0] } ?? [])) {
        try await command.run($0)
      }
    }
    return await batch.run(jobs, common: common, context: context)
  }
}
