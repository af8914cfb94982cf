import DeglareCodecs
import DeglareCore
import DeglarePipeline
import DeglareWorkbench
import Foundation

/// `deglare workbench [IMAGE] [--mask MASK] [-o OUT] [--provider P] [--port N] [--no-open]`: the
/// local web page where the mask is painted, the result reviewed and saved.
struct WorkbenchCommand: Subcommand {
  static let spec = CommandSpec(
    name: "workbench",
    abstract: "Paint the mask, see the result and save it, in a local web page.",
    discussion: """
      Serves a page on 127.0.0.1 only and prints its address, with a random token, as one line:
        workbench: http://127.0.0.1:PORT/?token=TOKEN
      then opens it in the browser (unless --no-open, or there is no display). It runs until
      Ctrl-C (exit 130); saved files are always whole. The page reads only IMAGE's folder and
      writes only there and to -o OUT.

      Examples:
        deglare workbench photo.jpg
        deglare workbench photo.jpg --mask glare.png -o clean.png
        deglare workbench --port 8765 --no-open        # the images of the working folder
      """,
    arguments: [
      ArgumentSpec(
        "IMAGE", help: "The photo to open (PNG or JPEG); others in its folder can be opened.", optional: true)
    ],
    options: [
      .value("--mask", valueName: "MASK", help: "A mask to start from (white = repaint), the photo's size."),
      .value("-o", "--output", valueName: "OUT", help: "Where Save writes the result (default <stem>.deglared.png)."),
      .value(
        "--provider", valueName: "NAME",
        help:
          "The provider selected at first: \(Usage.choices(ProviderID.allCases, default: RemoveRequest.defaultProvider))."
      ),
      .value("--port", valueName: "N", help: "The port on 127.0.0.1 (default: a free one)."),
      .flag("--no-open", help: "Do not open the page in a browser."),
      CommonOptions.maxPixels,
    ])

  let imagePath: String?
  let maskPath: String?
  let outputPath: String?
  let provider: ProviderID?
  let port: Int
  let noOpen: Bool
  let decodeOptions: DecodeOptions

  init(_ arguments: ParsedArguments) throws {
    imagePath = arguments.positionals.first
    maskPath = arguments.string("--mask")
    outputPath = arguments.string("--output")
    provider = try arguments.choice("--provider", in: ProviderID.self)
    port = try arguments.int("--port", in: 0...65_535) ?? 0
    noOpen = arguments.flag("--no-open")
    decodeOptions = try CommonOptions.Values(arguments).decodeOptions
    if imagePath == nil, maskPath != nil || outputPath != nil {
      throw ValidationError("--mask and --output need an IMAGE")
    }
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    // --provider, else a valid DEGLARE_PROVIDER (any case), else local.
    let fromEnvironment = context.environment["DEGLARE_PROVIDER"].flatMap { ProviderID(rawValue: $0.lowercased()) }
    let selected = provider ?? fromEnvironment ?? RemoveRequest.defaultProvider
    let options = WorkbenchOptions(
      imagePath: imagePath, maskPath: maskPath, outputPath: outputPath, provider: selected, port: port,
      environment: context.environment, secretStore: context.secretStore, decodeOptions: decodeOptions)
    let workbench: Workbench
    do {
      workbench = try await Workbench.start(options)
    } catch let error as WorkbenchStartError {
      throw CommandFailure(.unavailable, error.description)
    }
    context.console.print("workbench: \(workbench.url)")
    if !noOpen { openBrowser(workbench.url, context: context) }
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(3600))
    }
    await workbench.stop()
    context.console.printError("workbench stopped; files already saved are whole, nothing was half-written")
    return .interrupted
  }

  /// Opens `url` with xdg-open when there is a display; says what to do otherwise.
  private func openBrowser(_ url: String, context: CommandContext) {
    let environment = context.environment
    guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else {
      context.console.printError("no display: open the address above in a browser on this machine")
      return
    }
    let opener = Process()
    opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    opener.arguments = ["xdg-open", url]
    opener.standardOutput = FileHandle.nullDevice
    opener.standardError = FileHandle.nullDevice
    opener.standardInput = FileHandle.nullDevice
    do {
      try opener.run()
    } catch {
      context.console.printError("could not start xdg-open: open the address above in a browser")
    }
  }
}
