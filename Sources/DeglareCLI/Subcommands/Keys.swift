import DeglareCore
import DeglareKeyStore
import DeglareProviders

/// `deglare keys ...`: the API keys deglare uses, kept in the Secret Service or the environment.
struct KeysCommand: Subcommand {
  static let spec = CommandSpec(
    name: "keys",
    abstract: "Store, inspect and remove the API keys for OpenAI and Gemini.",
    discussion: """
      Keys come from the environment first (OPENAI_API_KEY; GOOGLE_API_KEY, then GEMINI_API_KEY),
      then from the Secret Service (gnome-keyring, KWallet...). deglare never writes a key to a file
      and never accepts one on the command line, where it would show in 'ps'.
      """)

  static var subcommands: [any Subcommand.Type] {
    [KeysSetCommand.self, KeysDeleteCommand.self, KeysStatusCommand.self, KeysCheckCommand.self]
  }

  init(_ arguments: ParsedArguments) throws {}

  func run(_ context: CommandContext) async throws -> ExitCode { .usage }

  /// The PROVIDER argument shared by the keys commands.
  static let providerArgument = ArgumentSpec("PROVIDER", help: ProviderID.remote.joinedAsAlternatives() + ".")

  /// Parses PROVIDER: a remote provider's name, in any case.
  static func provider(_ arguments: ParsedArguments) throws -> ProviderID {
    let text = try arguments.positional(0, "PROVIDER")
    guard let provider = ProviderID(rawValue: text.lowercased()), provider.isRemote else {
      throw ValidationError("unknown provider '\(text)': expected \(ProviderID.remote.joinedAsAlternatives())")
    }
    return provider
  }

  /// Warns that an environment variable holds a key for `provider` (it wins over a stored key):
  /// "warning: OPENAI_API_KEY <situation>".
  static func warnIfInEnvironment(_ provider: ProviderID, _ situation: String, context: CommandContext) {
    let resolver = KeyResolver(environment: context.environment, store: context.secretStore)
    if let environmentKey = resolver.environmentKey(provider) {
      context.console.warn("\(environmentKey.source) \(situation)")
    }
  }
}

/// A `keys` command whose one argument is PROVIDER.
protocol ProviderArgumentCommand: Subcommand {
  /// Creates the command for `provider`.
  init(provider: ProviderID)
}

extension ProviderArgumentCommand {
  /// Parses PROVIDER.
  init(_ arguments: ParsedArguments) throws {
    self.init(provider: try KeysCommand.provider(arguments))
  }
}

/// `deglare keys set PROVIDER`: reads the key from stdin (or a hidden prompt) and stores it.
struct KeysSetCommand: ProviderArgumentCommand {
  static let spec = CommandSpec(
    name: "set",
    abstract: "Store a provider's key in the Secret Service (read from stdin or a hidden prompt).",
    discussion: """
      Examples:
        deglare keys set openai                      # prompts without echo
        printf '%s' "$KEY" | deglare keys set gemini # from a pipe; one trailing newline is dropped
      """,
    arguments: [KeysCommand.providerArgument],
    extraArgumentMessage:
      "deglare never takes a key as a command-line argument (it would show in 'ps'); pipe it on stdin "
      + "or run 'deglare keys set PROVIDER' and type it at the hidden prompt")

  let provider: ProviderID

  func run(_ context: CommandContext) async throws -> ExitCode {
    // Ask the Secret Service first (a lookup, which never prompts): without one, the user is told
    // before typing or pasting a key that could not be kept.
    _ = try context.secretStore.lookup(provider)
    let key: String
    if context.input.isTerminal {
      guard let typed = context.input.readSecretLine("\(provider.displayName) API key (input hidden): ") else {
        throw KeyStoreError.invalidKey(reason: "nothing was typed")
      }
      key = typed
    } else {
      var bytes = context.input.readAll()
      if bytes.last == 0x0A {
        bytes.removeLast()
        if bytes.last == 0x0D { bytes.removeLast() }
      }
      key = String(decoding: bytes, as: UTF8.self)
    }
    try KeyValidation.validate(key)
    try context.secretStore.store(key, for: provider)
    context.console.printError(
      "stored the \(provider.displayName) key (\(APIKey.masked(key))) in the Secret Service as "
        + "'\(provider.secretLabel)'")
    KeysCommand.warnIfInEnvironment(provider, "is set and takes precedence over the stored key", context: context)
    return .success
  }
}

/// `deglare keys delete PROVIDER`.
struct KeysDeleteCommand: ProviderArgumentCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Remove a provider's key from the Secret Service.",
    arguments: [KeysCommand.providerArgument])

  let provider: ProviderID

  func run(_ context: CommandContext) async throws -> ExitCode {
    if try context.secretStore.delete(provider) {
      context.console.printError("removed the \(provider.displayName) key from the Secret Service")
    } else {
      context.console.printError("no \(provider.displayName) key was stored in the Secret Service")
    }
    KeysCommand.warnIfInEnvironment(provider, "is still set in the environment", context: context)
    return .success
  }
}

/// `deglare keys status`: where each provider's key would come from, masked.
struct KeysStatusCommand: Subcommand {
  static let spec = CommandSpec(
    name: "status",
    abstract: "Show where each provider's key would come from, masked.",
    options: [CommonOptions.json])

  let json: Bool

  init(_ arguments: ParsedArguments) throws {
    json = arguments.flag("--json")
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    let resolver = KeyResolver(environment: context.environment, store: context.secretStore)
    var rows: [(String, JSONValue)] = []
    for provider in ProviderID.remote {
      var members: [(String, JSONValue)] = []
      var line = "\(provider.rawValue): "
      do {
        let key = try resolver.resolve(provider)
        members += [("source", .string(key.source.description)), ("key", .string(key.masked))]
        line += "\(key.masked) from \(key.source.phrase)"
      } catch KeyStoreError.missingKey {
        members.append(("source", .null))
        line +=
          "no key; set \(provider.keyEnvironmentVariables.joined(separator: " or ")) or run "
          + "'deglare keys set \(provider.rawValue)'"
      } catch KeyStoreError.unavailable(let detail, _) {
        members += [("source", .null), ("secret_service_error", .string(detail))]
        line += "no key in the environment, and no Secret Service is reachable (\(detail))"
      }
      rows.append((provider.rawValue, .object(members)))
      if !json { context.console.print(line) }
    }
    if json { context.console.print(JSONValue.object(rows).text) }
    return .success
  }
}

/// `deglare keys check PROVIDER`: one free authenticated request (the models list).
struct KeysCheckCommand: Subcommand {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Check a provider's key with one free request (the models list); no image is sent.",
    discussion: """
      Uses the key deglare would use (environment first, then the Secret Service) and says whether
      the provider accepts it, with the provider's own message if not. A models list is all it
      checks: image generation may still need billing (Gemini image models have no free tier) or,
      at OpenAI, a verified organisation; the provider's pages for both are named. Exit 0 when the
      key is accepted, 77 when it is missing or rejected, 69 when the provider cannot be reached.
      """,
    arguments: [KeysCommand.providerArgument],
    options: [
      .value(
        "--timeout", valueName: "S",
        help: "Seconds to wait for the provider (default \(Usage.number(KeyCheck.defaultTimeout))).")
    ])

  let provider: ProviderID
  let timeout: Double

  init(_ arguments: ParsedArguments) throws {
    provider = try KeysCommand.provider(arguments)
    timeout = try arguments.double("--timeout", in: 1...600) ?? KeyCheck.defaultTimeout
  }

  func run(_ context: CommandContext) async throws -> ExitCode {
    let key = try KeyResolver(environment: context.environment, store: context.secretStore).resolve(provider)
    SecretRegistry.shared.register(key.value)
    let report = try await KeyCheck.run(
      provider: provider, key: key.value, environment: context.environment, timeout: timeout)
    context.console.print(report.description)
    for page in report.pages { context.console.print("  \(page.what): \(page.url)") }
    context.console.print("the key (\(key.masked)) comes from \(key.source.phrase)")
    return .success
  }
}
