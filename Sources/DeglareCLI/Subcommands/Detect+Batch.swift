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
    try await batch.runWithOverlays(suffix: ".mask.png", overlayPath: overlayPath, common: common, context: context) {
      input, output, overlay in
      let command = DetectCommand(single: input, output: output, overlay: overlay, of: self)
      return BatchJob(input: input, outputs: [output] + (overlay.map { [$0] } ?? [])) { try await command.run($0) }
    }
  }
}
