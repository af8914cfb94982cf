import DeglareCodecs

/// Options shared by several commands, declared once.
enum CommonOptions {
  /// `--max-pixels N`, accepted by every image-reading command.
  static let maxPixels = OptionSpec.value(
    "--max-pixels", valueName: "N",
    help: "Refuse images with more than N pixels (default \(DecodeOptions.defaultMaxPixels)).")

  /// `--json`.
  static let json = OptionSpec.flag("--json", help: "Print one JSON object on stdout instead of text.")

  /// `--force`.
  static let force = OptionSpec.flag("--force", help: "Replace the output file if it exists.")

  /// The decode options from `--max-pixels`.
  static func decodeOptions(_ arguments: ParsedArguments) throws -> DecodeOptions {
    DecodeOptions(maxPixels: try arguments.int("--max-pixels", in: 1...Int.max) ?? DecodeOptions.defaultMaxPixels)
  }
}
