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
    try await batch.runWithOverlays(
      suffix: ".straight.png", overlayPath: overlayPath, common: common, context: context
    ) { input, output, overlay in
      let command = StraightenCommand(single: input, output: output, overlay: overlay, of: self)
      let outputs = (overlay.map { [$0] } ?? []) + (detectOnly ? [] : [output])
      return BatchJob(input: input, outputs: outputs) { try await command.run($0) }
    }
  }
}
