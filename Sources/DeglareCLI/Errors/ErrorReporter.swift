import DeglareCodecs
import DeglareCore
import DeglareKeyStore
import DeglarePipeline
import DeglareProviders

/// The one place that turns any error into a message on stderr and an exit code.
enum ErrorReporter {
  /// Prints `error` and returns its exit code. Under `--json`, stdout also gets one JSON object,
  /// `{"error": sentence, "exit_code": code, "file": path or null}`, so a script reads every
  /// outcome from stdout.
  static func report(_ error: any Error, commandPath: String, json: Bool = false, console: Console) -> ExitCode {
    let (code, message) = classify(error)
    let text = sentence(SecretRegistry.shared.redact(message))
    if json {
      let object = JSONValue.object([
        ("error", .string(text)), ("exit_code", .int(Int(code.rawValue))),
        ("file", file(of: error).map(JSONValue.string) ?? .null),
      ])
      console.print(object.text)
    }
    console.printError("error: \(text)")
    if code == .usage {
      let command = commandPath == "deglare" ? "" : " " + commandPath.dropFirst("deglare ".count)
      console.printError("See 'deglare help\(command)'.")
    }
    return code
  }

  /// The exit code and message for an error (docs/cli.md, Exit codes).
  static func classify(_ error: any Error) -> (ExitCode, String) {
    switch error {
    case let error as ValidationError:
      return (.usage, error.message)
    case let error as CommandFailure:
      return (error.code, error.message)
    case let error as ImageFileError:
      // A decode abandoned because Ctrl-C cancelled the command is an interruption, not bad data.
      if case .undecodable(_, let codec) = error, codec.kind == .cancelled {
        return (.interrupted, "cancelled; nothing written")
      }
      return (.dataError, error.description)
    case let error as WriteError:
      switch error {
      case .sameAsInput, .formatMismatch: return (.usage, error.description)
      default: return (.cannotCreate, error.description)
      }
    case let error as KeyStoreError:
      return (.noPermission, error.description)
    case let error as ProviderError:
      // Key problems (missing, malformed, rejected: 401/403, API_KEY_INVALID) -> 77; an option
      // or endpoint setting that cannot work -> 64; every other provider or network failure -> 69.
      if error.isKeyProblem { return (.noPermission, error.description) }
      if error.isUsageProblem { return (.usage, error.description) }
      if case .invalidEndpoint = error { return (.usage, error.description) }
      return (.unavailable, error.description)
    case let error as RemoveInputError:
      return (.dataError, error.description)
    case let error as RemovalError:
      switch error {
      case .stale: return (.interrupted, "cancelled; nothing written")
      case .nothingLoaded: return (.dataError, error.description)
      case .unusablePatch: return (.unavailable, error.description)
      }
    case is CancellationError:
      return (.interrupted, "cancelled; nothing written")
    default:
      return (ExitCode(70), "internal error: \(error)")
    }
  }

  /// The file an error is about, when it names one.
  static func file(of error: any Error) -> String? {
    switch error {
    case let error as ImageFileError:
      switch error {
      case .unreadable(let path, _), .notAFile(let path, _), .undecodable(let path, _): return path
      }
    case let error as WriteError:
      switch error {
      case .exists(let path), .sameAsInput(let path), .notAFile(let path, _), .cannotWrite(let path, _),
        .encodeFailed(let path, _), .formatMismatch(let path, _, _):
        return path
      }
    case let error as RemoveInputError:
      switch error {
      case .sizeMismatch(_, _, let maskPath, _), .emptyMask(let maskPath): return maskPath
      case .nothingDetected(let imagePath): return imagePath
      case .unreadableProfile: return nil
      }
    default:
      return nil
    }
  }

  /// The message as one sentence: first letter kept, a full stop added when missing.
  static func sentence(_ message: String) -> String {
    guard let last = message.last else { return message }
    return ".!?".contains(last) ? message : message + "."
  }
}
