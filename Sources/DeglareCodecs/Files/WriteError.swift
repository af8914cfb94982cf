/// Why an output file could not be written.
public enum WriteError: Error, Equatable, CustomStringConvertible {
  /// The output exists and overwriting was not requested.
  case exists(path: String)
  /// The output is one of the input files.
  case sameAsInput(path: String)
  /// The output exists and is not a regular file (a folder, device, FIFO or socket); deglare
  /// never replaces one, with or without `--force`.
  case notAFile(path: String, kind: FileKind)
  /// The folder is missing, not writable, or the disk is full; `reason` is strerror's text.
  case cannotWrite(path: String, reason: String)
  /// The encoder failed before any file appeared.
  case encodeFailed(path: String, reason: String)
  /// The output's name asks for an image format other than the one written (`-o x.webp`, whose
  /// bytes would be PNG); `written` is the format deglare writes there, `named` the one the name says.
  case formatMismatch(path: String, named: String, written: ImageFormat)

  /// One sentence saying what happened and what to do.
  public var description: String {
    switch self {
    case .exists(let path):
      return "\(path) already exists; choose another output with -o or pass --force to replace it"
    case .sameAsInput(let path):
      return "the output \(path) is an input file; deglare never modifies its inputs, so choose another output with -o"
    case .notAFile(let path, let kind):
      return "cannot write \(path): it is \(kind), not a regular file, and deglare replaces only regular files "
        + "(-o - writes to standard output)"
    case .cannotWrite(let path, let reason):
      return "cannot write \(OutputFile.displayName(path)): \(reason)"
    case .encodeFailed(let path, let reason):
      return "cannot write \(OutputFile.displayName(path)): \(reason)"
    case .formatMismatch(let path, let named, let written):
      return "cannot write \(path): its name asks for \(named), but deglare writes \(written.name) there; "
        + "choose a name ending in .\(written == .jpeg ? "jpg" : "png")"
    }
  }
}
