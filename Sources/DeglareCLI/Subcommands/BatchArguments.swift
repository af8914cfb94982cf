import DeglareCodecs
import DeglarePipeline
import Foundation

/// The options that make `remove`, `detect` and `straighten` a batch: several images, folders,
/// `--out-dir DIR`, `--recursive` (docs/cli.md, Batch).
///
/// One file without `--out-dir` and `--recursive` is the single-image command, unchanged. Anything
/// else is a batch, which needs `--out-dir`: writing beside the images would mix the results
/// into the folders a later run reads.
struct BatchArguments: Sendable {
  /// `--out-dir`, `--recursive` and `--jobs`, added to each batch command's options.
  static let options: [OptionSpec] = [
    .value(
      "--out-dir", valueName: "DIR",
      help: "Batch: write every output here, named as beside the image (required for several images or a folder)."),
    .flag("--recursive", help: "Batch: also take the images in the folders' subfolders (their paths kept in DIR)."),
    .value("--jobs", valueName: "N", help: "Batch: images at once (default: the cores; 2 for a remote provider)."),
  ]

  /// The files and folders given.
  let inputs: [String]
  /// `--out-dir`.
  let outputDirectory: String
  /// `--recursive`.
  let recursive: Bool
  /// `--jobs`, if given.
  let jobs: Int?

  /// The batch, or nil for a single image. `singleOnly` names the options that take one file
  /// (`-o`, `--save-mask`...), refused in a batch.
  /// - Throws: ``ValidationError`` for a batch without `--out-dir` or with a single-image option.
  init?(_ arguments: ParsedArguments, singleOnly: [String]) throws {
    let inputs = arguments.positionals
    let recursive = arguments.flag("--recursive")
    let directory = arguments.string("--out-dir")
    let jobs = try arguments.int("--jobs", in: 1...64)
    let isBatch =
      inputs.count > 1 || directory != nil || recursive || jobs != nil
      || inputs.first.map(BatchPlan.isDirectory) == true
    guard isBatch else { return nil }
    guard let directory else {
      throw ValidationError(
        "several images or a folder need --out-dir DIR (the outputs are named there as they would be beside "
          + "each image)")
    }
    for option in singleOnly where arguments.string(option) != nil {
      let name = option == "--output" ? "-o/--output" : option
      throw ValidationError("\(name) names one file; in a batch every output goes to --out-dir \(directory)")
    }
    self.inputs = inputs
    self.outputDirectory = directory
    self.recursive = recursive
    self.jobs = jobs
  }

  /// The images, each with its outputs' names checked distinct; `also` are folders never
  /// searched (the masks folder, the overlays folder).
  /// - Throws: ``BatchPlanError`` (exit 64).
  func items(suffix: String, also: [String?] = []) throws -> [BatchItem] {
    do {
      let items = try BatchPlan.items(
        inputs, recursive: recursive, excluding: [outputDirectory] + also.compactMap { $0 })
      try BatchPlan.checkDistinct(items) { $0.output(in: outputDirectory, suffix: suffix) }
      return items
    } catch let error as BatchPlanError {
      throw ValidationError(error.description)
    }
  }
}

extension BatchArguments {
  /// `--overlay` in a batch: a folder (a `.png` name is a slip for the single-image form: 64).
  static func overlayFolder(_ path: String?) throws -> String? {
    guard let path else { return nil }
    if path.lowercased().hasSuffix(".png") {
      throw ValidationError("in a batch --overlay names a folder for the overlays, not the file \(path)")
    }
    return path
  }

  /// Runs `jobs` (``BatchDriver``), `--jobs` at once, else `concurrency`; `common` gives
  /// `--json` and `--force`.
  func run(
    _ jobs: [BatchJob], common: CommonOptions.Values, concurrency: Int = BatchRunner.localConcurrency,
    context: CommandContext
  ) async -> ExitCode {
    await BatchDriver(json: common.json, force: common.force, concurrency: self.jobs ?? concurrency).run(
      jobs, context: context)
  }
}

extension CommonOptions.Values {
  /// These values with `--json` set as given: a batch runs each image with `--json` on and
  /// reads its object.
  func with(json: Bool) -> Self {
    Self(json: json, force: force, decodeOptions: decodeOptions)
  }

  /// Creates the values directly.
  init(json: Bool, force: Bool, decodeOptions: DecodeOptions) {
    self.json = json
    self.force = force
    self.decodeOptions = decodeOptions
  }
}
