import DeglareCodecs

/// Options shared by several commands, declared and parsed once.
enum CommonOptions {
  /// `--max-pixels N`, accepted by every image-reading command.
  static let maxPixels = OptionSpec.value(
    "--max-pixels", valueName: "N",
    help: "Refuse images with more than N pixels (default \(DecodeOptions.defaultMaxPixels)).")

  /// `--json`.
  static let json = OptionSpec.flag("--json", help: "Print one JSON object on stdout instead of text.")

  /// `--force`.
  static let force = OptionSpec.flag("--force", help: "Replace the output file if it exists.")

  /// `--json`, `--force` and `--max-pixels`, the last options of every command that reads an
  /// image and writes files.
  static let imageToFile = [json, force, maxPixels]

  /// The values of `--json`, `--force` (false where not accepted) and `--max-pixels`.
  struct Values: Sendable {
    /// `--json`: one JSON object on stdout instead of text.
    let json: Bool
    /// `--force`: replace existing outputs.
    let force: Bool
    /// The pixel limit from `--max-pixels`.
    let decodeOptions: DecodeOptions

    /// Reads the common options from `arguments`.
    init(_ arguments: ParsedArguments) throws {
      json = arguments.flag("--json")
      force = arguments.flag("--force")
      decodeOptions = DecodeOptions(
        maxPixels: try arguments.int("--max-pixels", in: 1...Int.max) ?? DecodeOptions.defaultMaxPixels)
    }
  }
}
