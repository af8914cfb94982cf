/// `deglare detect IMAGE... --out-dir DIR [--overlay DIR]`: each image's mask is
/// `DIR/<stem>.mask.png`, as beside the image; `--overlay` names a folder for the overlays
/// (`<stem>.overlay.png`).
extension DetectCommand: OverlayBatchCommand {
  static let outputSuffix = ".mask.png"

  /// The mask, and the overlay if asked for: an image is skipped when they exist.
  var outputs: [String] { [outputPath] + (overlayPath.map { [$0] } ?? []) }
}
