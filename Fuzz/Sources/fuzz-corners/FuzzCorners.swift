import DeglareCore
import FuzzSupport

@testable import DeglareCLI

/// `--corners` text (and, after a `;`, a `--margin`) through the parser, the straightener's plan on
/// a small image, every message and report it formats, and the warp when its output is small.
@main
enum FuzzCorners: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let fields = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    var arguments = ["straighten", "photo.png", "--corners", fields[0]]
    if fields.count > 1 { arguments += ["--margin", fields[1]] }
    var commandPath = "deglare"
    guard case .command(let command)? = try? RootCommand.invocation(arguments, commandPath: &commandPath),
      let straighten = command as? StraightenCommand
    else { return }
    let options = StraightenOptions(corners: straighten.corners, margin: straighten.margin, target: .frame)
    do {
      let plan = try Straightener.plan(CornersImage.image, options: options)
      _ = "\(plan.corners) \(plan.expandedCorners) \(plan.outputSize) \(plan.warnings)"
      if plan.outputSize.width * plan.outputSize.height <= 1 << 16 {
        _ = try Straightener.warp(CornersImage.image, plan: plan)
      }
    } catch {
      _ = error.description
    }
  }
}

/// The photo the corners refer to: 96 x 64 pixels.
enum CornersImage {
  static let image = ImageBuffer(width: 96, height: 64, layout: .rgb, bitDepth: .eight)
}
