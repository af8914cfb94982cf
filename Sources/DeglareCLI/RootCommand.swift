import DeglareKeyStore
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The `deglare` command: dispatches to subcommands and is the single exit point.
public enum RootCommand {
  /// The version printed by `deglare --version`.
  public static let version = "0.1.0"

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
    let console = Console.standard
    let arguments = Array(CommandLine.arguments.dropFirst())
    let environment = ProcessInfo.processInfo.environment
    let command = Task {
      await run(arguments: arguments, console: console, environment: environment, secretStore: LibsecretStore())
    }
    Interruption.install { command.cancel() }
    let code = await command.value
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
      guard let first = arguments.first else {
        console.out(Usage.rootHelp(commands: commands, version: version))
        return .success
      }
      switch first {
      case "--version":
        console.print("deglare \(version)")
        return .success
      case "-h", "--help":
        console.out(Usage.rootHelp(commands: commands, version: version))
        return .success
      case "help":
        return try help(Array(arguments.dropFirst()), console: console)
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
          console.out(groupHelp(command, commandPath: commandPath))
          return .success
        }
        guard let word = words.first else {
          throw ValidationError("missing command for '\(commandPath)'")
        }
        throw ValidationError(unknownCommandMessage(word, candidates: command.subcommands, parent: commandPath))
      }
      let parsed = try ArgumentParser.parse(words, spec: command.spec, commandPath: commandPath)
      let instance = try command.init(parsed)
      return try await instance.run(context)
    } catch let clean as CleanExit {
      console.out(clean.text)
      return .success
    } catch {
      return ErrorReporter.report(error, commandPath: commandPath, console: console)
    }
  }

  private static func help(_ words: [String], console: Console) throws -> ExitCode {
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
    guard let found else {
      console.out(Usage.rootHelp(commands: commands, version: version))
      return .success
    }
    if found.subcommands.isEmpty {
      console.out(Usage.help(for: found.spec, commandPath: path))
    } else {
      console.out(groupHelp(found, commandPath: path))
    }
    return .success
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
