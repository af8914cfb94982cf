/// What a command accepts: its name, help text, positional arguments and options.
///
/// Each subcommand declares one `static let spec`; the parser, the help text and the "did you
/// mean" suggestions all come from it, so they never disagree.
public struct CommandSpec: Sendable {
  /// The word after `deglare` (or after the parent command).
  public var name: String
  /// One sentence shown in the command list and as OVERVIEW.
  public var abstract: String
  /// Paragraphs shown after the overview, with examples.
  public var discussion: String
  /// Positional arguments, in order.
  public var arguments: [ArgumentSpec]
  /// Options and flags (`--help` is added by the parser).
  public var options: [OptionSpec]
  /// The message for a positional argument beyond ``arguments``, when the generic
  /// "unexpected argument" would not say enough (`keys set openai sk-...`).
  public var extraArgumentMessage: String?

  /// Creates a spec.
  public init(
    name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], extraArgumentMessage: String? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.extraArgumentMessage = extraArgumentMessage
  }

  /// The option with this name (`-o` or `--output`), if any.
  func option(named name: String) -> OptionSpec? {
    options.first { $0.names.contains(name) }
  }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
  /// The placeholder in usage text, upper case (`IMAGE`).
  public var name: String
  /// One line of help.
  public var help: String
  /// Whether it may be left out.
  public var isOptional: Bool
  /// Whether it may be given several times (the last argument only: `IMAGE...`, a batch).
  public var repeats: Bool

  /// Creates a positional argument.
  public init(_ name: String, help: String, optional: Bool = false, repeats: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = optional
    self.repeats = repeats
  }
}

/// A named option: a flag (`--json`) or an option that takes one value (`--mask MASK`).
public struct OptionSpec: Sendable {
  /// All spellings, short first (`["-o", "--output"]`).
  public var names: [String]
  /// The value placeholder (`PATH`), or nil for a flag.
  public var valueName: String?
  /// One line of help.
  public var help: String

  /// Creates a flag.
  public static func flag(_ names: String..., help: String) -> OptionSpec {
    OptionSpec(names: names, valueName: nil, help: help)
  }

  /// Creates an option taking one value.
  public static func value(_ names: String..., valueName: String, help: String) -> OptionSpec {
    OptionSpec(names: names, valueName: valueName, help: help)
  }

  /// The canonical spelling: the long name (`--output`), used as the key in ``ParsedArguments``.
  public var key: String { names.last ?? "" }

  /// Whether the option takes a value.
  public var takesValue: Bool { valueName != nil }
}
