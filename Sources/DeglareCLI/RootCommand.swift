import DeglareCore
import DeglareKeyStore
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The `deglare` command: dispatches to subcommands and is the single exit point.
public enum RootCommand {
  /// The version printed by `deglare --version`.
  public static let version = DeglareVersion.current

  /// The top-level commands, in the order `--help` lists them.
  public static let commands: [any Subcommand.Type] = [
    RemoveCommand.self,
    DetectCommand.self,
    StraightenCommand.self,
    EnhanceCommand.self,
    VerifyCommand.self,
    KeysCommand.self,
    WorkbenchCommand.self,
  ]

  /// Runs the process: parses `CommandLine.arguments`, runs the command, exits with its code.
  public static func main() async -> Never {
    // A closed pipe is an error to report (73), not a signal that kills the process silently.
    signal(SIGPIPE, SIG_IGN)
    let console = Console.standard
    let arguments = Array(CommandLine.arguments.dropFirst())
    let environment = ProcessInfo.processInfo.environment
    let command = Task {
      await run(arguments: arguments, console: console, environment: environment, secretStore: LibsecretStore())
    }
    Interruption.install { command.cancel() }
    var code = await command.value
    if let failure = Console.standardOutputFailure, code == .success || code == .failure {
      // The results went nowhere (`--json >/dev/full`, a reader that left): say so, and fail.
      console.printError("error: cannot write to standard output: \(String(cString: strerror(failure))).")
      code = .cannotCreate
    }
    exit(code.rawValue)
  }

  /// Runs one command line in-process and returns its exit code; all output goes to `console`.
  ///
  /// The secret store has no default: ``main()`` passes the Secret Service (`LibsecretStore`),
  /// and a test passes an in-memory store, so no test can reach a real keyring by forgetting it.
  public static func run(
    arguments: [String], console: Console, input: StandardInput = .standard, environment: [String: String],
    secretStore: any SecretStore
  ) async -> ExitCode {
    let context = CommandContext(console: console, input: input, environment: environment, secretStore: secretStore)
    var commandPath = "deglare"
    do {
      switch try invocation(arguments, commandPath: &commandPath) {
      case .text(let text):
        console.out(text)
        return .success
      case .command(let command):
        return try await command.run(context)
      }
    } catch let clean as CleanExit {
      console.out(clean.text)
      return .success
    } catch {
      let json = arguments.prefix { $0 != "--" }.contains("--json")
      return ErrorReporter.report(error, commandPath: commandPath, json: json, console: console)
    }
  }

  /// What a command line asks for, once parsed and validated, before anything runs.
  enum Invocation {
    /// Text to print on stdout and exit 0 (help, version).
    case text(String)
    /// A command to run.
    case command(any Subcommand)
  }

  /// Parses a command line: finds the command (`commandPath` becomes its path, `deglare keys
  /// set`, for messages), parses its arguments and builds it. Nothing is read, written or sent.
  /// - Throws: ``ValidationError`` (64) for any mistake, `CleanExit` for `--help` among the options.
  static func invocation(_ arguments: [String], commandPath: inout String) throws -> Invocation {
    guard let first = arguments.first else { return .text(Usage.rootHelp(commands: commands, version: version)) }
    switch first {
    case "--version":
      return .text("deglare \(version)\n")
    case "-h", "--help":
      return .text(Usage.rootHelp(commands: commands, version: version))
    case "help":
      return .text(try help(Array(arguments.dropFirst())))
    default:
      break
    }
    var words = arguments
    var candidates = commands
    var command: (any Subcommand.Type)?
    while !candidates.isEmpty, let word = words.first, !word.hasPrefix("-") {
      guard let match = candidates.first(where: { $0.spec.name == word }) else {
        throw ValidationError(unknownCommandMessage(word, candidates: candidates, parent: commandPath))
      }
      command = match
      commandPath += " \(word)"
      words.removeFirst()
      candidates = match.subcommands
    }
    guard let command else {
      throw ValidationError(unknownCommandMessage(first, candidates: commands, parent: commandPath))
    }
    if !command.subcommands.isEmpty {
      if words.contains("-h") || words.contains("--help") {
        return .text(groupHelp(command, commandPath: commandPath))
      }
      guard let word = words.first else {
        throw ValidationError("missing command for '\(commandPath)'")
      }
      throw ValidationError(unknownCommandMessage(word, candidates: command.subcommands, parent: commandPath))
    }
    let parsed = try ArgumentParser.parse(words, spec: command.spec, commandPath: commandPath)
    return .command(try command.init(parsed))
  }

  private static func help(_ words: [String]) throws -> String {
    var candidates = commands
    var path = "deglare"
    var found: (any Subcommand.Type)?
    for word in words {
      guard let match = candidates.first(where: { $0.spec.name == word }) else {
        throw ValidationError(unknownCommandMessage(word, candidates: candidates, parent: path))
      }
      found = match
      path += " \(word)"
      candidates = match.subcommands
    }
    guard let found else { return Usage.rootHelp(commands: commands, version: version) }
    return found.subcommands.isEmpty
      ? Usage.help(for: found.spec, commandPath: path) : groupHelp(found, commandPath: path)
  }

  private static func groupHelp(_ command: any Subcommand.Type, commandPath: String) -> String {
    var text = "OVERVIEW: \(command.spec.abstract)\n"
    if !command.spec.discussion.isEmpty { text += "\n\(command.spec.discussion)\n" }
    text += "\nUSAGE: \(commandPath) COMMAND\n\nCOMMANDS:\n"
    for sub in command.subcommands {
      let name = sub.spec.name
      text += "  " + name + String(repeating: " ", count: max(1, 22 - name.count)) + sub.spec.abstract + "\n"
    }
    text += "\nSee 'deglare help \(commandPath.dropFirst("deglare ".count)) COMMAND' for the options of one command.\n"
    return text
  }

  private static func unknownCommandMessage(
    _ word: String, candidates: [any Subcommand.Type], parent: String
  ) -> String {
    let names = candidates.map { $0.spec.name }
    var message =
      word.hasPrefix("-") && parent == "deglare"
      ? "unknown option '\(word)'"
      : "unknown command '\(word)'" + (parent == "deglare" ? "" : " for '\(parent)'")
    if let best = ArgumentParser.closest(to: word, in: names) {
      message += " (did you mean '\(best)'?)"
    } else {
      message += "; the commands are \(names.joined(separator: ", "))"
    }
    return message
  }
}
