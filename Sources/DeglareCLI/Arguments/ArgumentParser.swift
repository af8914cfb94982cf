/// Turns argv words into ``ParsedArguments`` for one ``CommandSpec``.
///
/// Accepted forms, as in swift-argument-parser: `--name value`, `--name=value`, `-n value`,
/// flags `--json`, positionals anywhere, and `--` after which every word is positional. An option
/// that takes a value always consumes the next word (so `--padding -0.1` is not mistaken for an
/// option). `-h`/`--help` anywhere asks for help. Unknown options are errors with a suggestion;
/// so are an option given twice (`-o a -o b`: which one was meant?) and an empty value or
/// argument (`-o ''` names no file).
enum ArgumentParser {
  /// Parses `words` (the arguments after the command's name).
  static func parse(_ words: [String], spec: CommandSpec, commandPath: String) throws -> ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var index = 0
    var onlyPositionals = false
    while index < words.count {
      let word = words[index]
      index += 1
      if onlyPositionals || word == "-" || !word.hasPrefix("-") {
        positionals.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      if word == "-h" || word == "--help" {
        throw CleanExit(text: Usage.help(for: spec, commandPath: commandPath))
      }
      var name = word
      var inlineValue: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        inlineValue = String(word[word.index(after: equals)...])
      }
      guard let option = spec.option(named: name) else {
        throw ValidationError(unknownOptionMessage(name, spec: spec, commandPath: commandPath))
      }
      if option.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < words.count {
          value = words[index]
          index += 1
        } else {
          throw ValidationError("missing value for '\(name)' (\(option.valueName ?? "VALUE"))")
        }
        if values[option.key] != nil {
          throw ValidationError("'\(option.names.joined(separator: "/"))' is given twice; give it once")
        }
        if value.isEmpty {
          throw ValidationError("empty value for '\(name)' (\(option.valueName ?? "VALUE"))")
        }
        values[option.key] = value
      } else {
        if inlineValue != nil {
          throw ValidationError("the flag '\(name)' takes no value")
        }
        flags.insert(option.key)
      }
    }
    if let empty = positionals.firstIndex(where: \.isEmpty) {
      let name = empty < spec.arguments.count ? spec.arguments[empty].name : "argument"
      throw ValidationError("empty \(name) for '\(commandPath)'")
    }
    let required = spec.arguments.filter { !$0.isOptional }.count
    if positionals.count < required {
      let missing = spec.arguments[positionals.count]
      throw ValidationError("missing argument \(missing.name) for '\(commandPath)'")
    }
    if positionals.count > spec.arguments.count, spec.arguments.last?.repeats != true {
      if let message = spec.extraArgumentMessage { throw ValidationError(message) }
      throw ValidationError("unexpected argument '\(positionals[spec.arguments.count])' for '\(commandPath)'")
    }
    return ParsedArguments(commandPath: commandPath, positionals: positionals, values: values, flags: flags)
  }

  private static func unknownOptionMessage(_ name: String, spec: CommandSpec, commandPath: String) -> String {
    let candidates = spec.options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]
    var message = "unknown option '\(name)' for '\(commandPath)'"
    if let best = closest(to: name, in: candidates) {
      message += " (did you mean '\(best)'?)"
    }
    return message
  }

  /// The candidate within a small edit distance of `word`, if any.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
    return scored.min { $0.1 < $1.1 }?.0
  }

  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
