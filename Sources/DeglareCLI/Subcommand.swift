import DeglareKeyStore

/// One `deglare` command: its spec, how it is built from parsed arguments, and what it does.
///
/// `init(_:)` decodes and validates (throwing ``ValidationError`` for usage mistakes, exit 64);
/// `run(_:)` does the work and returns the exit code, or throws a domain error that
/// ``ErrorReporter`` maps to a message and an exit code. Commands never call `exit` themselves.
public protocol Subcommand: Sendable {
  /// The command's name, help text, arguments and options.
  static var spec: CommandSpec { get }
  /// Nested commands (`keys set`); empty for a leaf command.
  static var subcommands: [any Subcommand.Type] { get }
  /// Decodes and validates the parsed arguments.
  init(_ arguments: ParsedArguments) throws
  /// Runs the command.
  func run(_ context: CommandContext) async throws -> ExitCode
}

extension Subcommand {
  /// Leaf commands have no nested commands.
  public static var subcommands: [any Subcommand.Type] { [] }
}

/// What a running command may use from its surroundings, injected for tests.
public struct CommandContext: Sendable {
  /// Standard output and standard error.
  public var console: Console
  /// Standard input (keys are read from it, never from the command line).
  public var input: StandardInput
  /// The environment variables (`OPENAI_API_KEY`, `DEGLARE_PROVIDER`, ...).
  public var environment: [String: String]
  /// Where keys are kept besides the environment (the Secret Service).
  public var secretStore: any SecretStore

  /// Creates a context. The secret store has no default, as in `RootCommand.run`: it is always named.
  public init(
    console: Console, input: StandardInput = .standard, environment: [String: String], secretStore: any SecretStore
  ) {
    self.console = console
    self.input = input
    self.environment = environment
    self.secretStore = secretStore
  }
}
