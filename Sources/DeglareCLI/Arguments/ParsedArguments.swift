import DeglareCore

/// The arguments of one command after parsing: positionals in order, option values by canonical
/// key, and the flags that were given. Typed accessors turn text into values with one clear
/// ``ValidationError`` naming the option and the offending text.
public struct ParsedArguments: Sendable {
  /// The command these belong to (for messages).
  public let commandPath: String
  /// Positional arguments in order.
  public let positionals: [String]
  /// Option values by canonical key (each option is given at most once).
  public let values: [String: String]
  /// Flags given, by canonical key.
  public let flags: Set<String>

  /// Creates parsed arguments (the parser does this; tests may too).
  public init(commandPath: String, positionals: [String], values: [String: String], flags: Set<String>) {
    self.commandPath = commandPath
    self.positionals = positionals
    self.values = values
    self.flags = flags
  }

  /// Whether the flag was given.
  public func flag(_ key: String) -> Bool { flags.contains(key) }

  /// The option's text, if given.
  public func string(_ key: String) -> String? { values[key] }

  /// The option's value as an integer within `range`, if given.
  public func int(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
    guard let text = values[key] else { return nil }
    guard let value = Int(text) else {
      throw ValidationError("invalid value '\(text)' for '\(key)': expected a whole number")
    }
    guard range.contains(value) else {
      throw ValidationError("invalid value '\(text)' for '\(key)': expected \(describe(range))")
    }
    return value
  }

  /// The option's value as a number within `range`, if given.
  public func double(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
    guard let text = values[key] else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw ValidationError("invalid value '\(text)' for '\(key)': expected a number")
    }
    guard range.contains(value) else {
      throw ValidationError(
        "invalid value '\(text)' for '\(key)': expected a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// The option's value as a pixel size `WxH` (both at least 1), if given.
  public func size(_ key: String) throws -> PixelSize? {
    guard let text = values[key] else { return nil }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
      throw ValidationError("invalid value '\(text)' for '\(key)': expected WIDTHxHEIGHT in pixels, like 2560x1440")
    }
    return PixelSize(width: width, height: height)
  }

  /// The option's value, which must be one of `choices`, if given.
  public func choice(_ key: String, in choices: [String]) throws -> String? {
    guard let text = values[key] else { return nil }
    guard choices.contains(text) else {
      throw ValidationError(
        "invalid value '\(text)' for '\(key)': expected one of \(choices.joined(separator: ", "))")
    }
    return text
  }

  /// The option's value as a case of `type` (its raw values are the choices), if given.
  public func choice<Choice: CaseIterable & RawRepresentable<String>>(_ key: String, in type: Choice.Type) throws
    -> Choice?
  {
    try choice(key, in: Choice.allCases.map(\.rawValue)).flatMap(Choice.init(rawValue:))
  }

  /// The positional argument at `index`; throws when it is missing.
  public func positional(_ index: Int, _ name: String) throws -> String {
    guard index < positionals.count else {
      throw ValidationError("missing argument \(name) for '\(commandPath)'")
    }
    return positionals[index]
  }

  private func describe(_ range: ClosedRange<Int>) -> String {
    if range.upperBound == Int.max { return "a whole number of at least \(range.lowerBound)" }
    return "a whole number from \(range.lowerBound) to \(range.upperBound)"
  }
}
