import DeglareCodecs
import DeglareCore
import DeglarePipeline
import Foundation

/// `deglare enhance IMAGE [--mode enhanced|bw] [-o OUT] [--force] [--json] [--max-pixels N]`.
struct EnhanceCommand: Subcommand {
  static let spec = CommandSpec(
    name: "enhance",
    abstract: "Make a photographed page readable: even light and strong contrast, or clean black and white.",
    discussion: """
      For a straightened document, receipt or card (deglare straighten --target document). The
      paper's brightness under the photo's light is estimated and divided out, which flattens
      uneven light and shadows and makes the paper white. --mode enhanced (default) then pushes
      the contrast from the ink's black to the paper's white, keeping colours and faint print;
      --mode bw makes every pixel black or white by comparing it with its local paper, keeping
      thin strokes. Writes PNG (8-bit; gray for bw), by default <stem>.enhanced.png beside the
      image; metadata is kept (a colour profile only for colour output).

      Example: deglare straighten receipt.jpg --target document -o r.png && deglare enhance r.png --mode bw
      """,
    arguments: [ArgumentSpec("IMAGE", help: "The photo (PNG or JPEG).")],
    options: [
      .value("-o", "--output", valueName: "OUT", help: "Where to write (default <stem>.enhanced.png)."),
      .value("--mode", valueName: "enhanced|bw", help: "Even light and contrast (default), or black and white."),
    ] + CommonOptions.imageToFile)

  let inputPath: String
  let outputPath: String
  let mode: EnhanceMode
  let common: CommonOptions.Values

  init(_ arguments: ParsedArguments) throws {
    inputPath = try arguments.positional(0, "IMAGE")
    outputPath = arguments.string("--output") ?? OutputNaming.beside(inputPath, suffix: ".enhanced.png")
    mode = try arguments.choice("--mode", in: EnhanceMode.self) ?? .enhanced
    common = try CommonOptions.Values(arguments)
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    let options = ImageWriteOptions(format: ImageFormat.forOutputPath(outputPath), overwrite: common.force)
    try ImageFile.preflight(outputPath, options: options, inputs: [inputPath])
    let start = Date()
    let decoded = try ImageFile.read(inputPath, options: common.decodeOptions)
    try Task.checkCancellation()
    let page = DocumentEnhancer.enhance(decoded.image, mode: mode)
    var metadata = decoded.metadata
    if page.layout.colorChannelCount == 1, decoded.image.layout.colorChannelCount == 3 { metadata.iccProfile = nil }
    try ImageFile.write(page, metadata: metadata, to: outputPath, options: options, inputs: [inputPath])
    let seconds = (Date().timeIntervalSince(start) * 1000).rounded() / 1000
    if common.json {
      let object = JSONValue.object([
        ("output", .string(outputPath)), ("mode", .string(mode.rawValue)),
        ("size", .array([.int(page.width), .int(page.height)])), ("seconds", .double(seconds)),
      ])
      context.console.print(object.text)
    } else {
      context.console.out("wrote \(outputPath) (\(mode.rawValue), \(page.size))\n")
    }
    return .success
  }
}
