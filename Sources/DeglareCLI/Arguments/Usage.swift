import DeglareCore

/// Help and usage text, generated from ``CommandSpec`` values.
enum Usage {
  /// The one-line synopsis: `deglare verify ORIGINAL RESULT --mask MASK [--json]`.
  static func synopsis(for spec: CommandSpec, commandPath: String) -> String {
    var parts = [commandPath]
    for argument in spec.arguments {
      let name = argument.name + (argument.repeats ? "..." : "")
      parts.append(argument.isOptional ? "[\(name)]" : name)
    }
    for option in spec.options {
      let name = option.key
      let text = option.valueName.map { "\(name) \($0)" } ?? name
      parts.append(option.help.hasPrefix("(required)") ? text : "[\(text)]")
    }
    return parts.joined(separator: " ")
  }

  /// The full help of one command.
  static func help(for spec: CommandSpec, commandPath: String) -> String {
    var text = "OVERVIEW: \(spec.abstract)\n"
    if !spec.discussion.isEmpty { text += "\n\(spec.discussion)\n" }
    text += "\nUSAGE: \(wrap(synopsis(for: spec, commandPath: commandPath), indent: 7))\n"
    if !spec.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in spec.arguments { text += row(argument.name, argument.help) }
    }
    text += "\nOPTIONS:\n"
    for option in spec.options {
      let label = option.names.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? "")
      text += row(label, option.help)
    }
    text += row("-h, --help", "Show help information.")
    return text
  }

  /// The root help: what deglare is, and its commands.
  static func rootHelp(commands: [any Subcommand.Type], version: String) -> String {
    var text = """
      OVERVIEW: deglare \(version): remove glass reflections (glare) from photos of framed paintings.
      Every pixel outside your mask stays bit-identical to the original, in the written file.

      USAGE: deglare COMMAND [ARGUMENTS] [OPTIONS]

      COMMANDS:

      """
    for command in commands { text += row(command.spec.name, command.spec.abstract) }
    text += "\nOPTIONS:\n"
    text += row("--version", "Show the version.")
    text += row("-h, --help", "Show help information.")
    text += "\nSee 'deglare help COMMAND' for the options of one command.\n"
    return text
  }

  /// A default value as help text shows it: "6", "0.12", "300".
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// The choices as help text offers them, the default marked: "fast (default), small or smallest".
  static func choices<Choice: RawRepresentable<String> & Equatable>(
    _ all: [Choice], default: Choice, note: String = "default"
  ) -> String {
    all.map { $0 == `default` ? "\($0.rawValue) (\(note))" : $0.rawValue }.joinedAsAlternatives()
  }

  private static func row(_ label: String, _ help: String) -> String {
    let pad = 24
    if label.count + 2 >= pad {
      return "  \(label)\n" + String(repeating: " ", count: pad) + help + "\n"
    }
    return "  " + label + String(repeating: " ", count: pad - 2 - label.count) + help + "\n"
  }

  private static func wrap(_ line: String, indent: Int, width: Int = 100) -> String {
    var lines: [String] = []
    var current = ""
    for word in line.split(separator: " ") {
      if !current.isEmpty && current.count + 1 + word.count > width - indent {
        lines.append(current)
        current = String(word)
      } else {
        current += current.isEmpty ? String(word) : " " + word
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
  }
}
