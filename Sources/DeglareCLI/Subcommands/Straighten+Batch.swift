/// `deglare straighten IMAGE... --out-dir DIR [--overlay DIR]`: each image is written as
/// `DIR/<stem>.straight.png`, as beside the image; `--overlay` names a folder for the overlays
/// (`<stem>.overlay.png`). `--corners` belongs to one photo and is refused.
extension StraightenCommand: OverlayBatchCommand {
  static let outputSuffix = ".straight.png"

  /// The overlay if asked for, and the straightened photo unless `--detect-only`: an image is
  /// skipped when they exist.
  var outputs: [String] { (overlayPath.map { [$0] } ?? []) + (detectOnly ? [] : [outputPath]) }
}
