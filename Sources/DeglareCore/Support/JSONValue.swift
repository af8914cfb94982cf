/// A JSON value with ordered object keys, for the one-object `--json` outputs and plan files.
///
/// Written by hand so key order is stable and numbers print without Foundation's float noise.
public enum JSONValue: Sendable, Equatable {
  /// null
  case null
  /// true or false
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A number, printed with up to 6 significant decimals.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object whose keys keep their order.
  case object([(String, JSONValue)])

  /// Compact JSON text on one line.
  public var text: String {
    var out = ""
    write(into: &out)
    return out
  }

  private func write(into out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value):
      if !value.isFinite {
        out += "null"
      } else if value == value.rounded(), abs(value) < 1e15 {
        out += String(Int(value))
      } else {
        let scaled = (value * 1_000_000).rounded() / 1_000_000
        out += String(scaled)
      }
    case .string(let value): JSONValue.escape(value, into: &out)
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.write(into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += "," }
        JSONValue.escape(member.0, into: &out)
        out += ":"
        member.1.write(into: &out)
      }
      out += "}"
    }
  }

  private static func escape(_ string: String, into out: inout String) {
    out += "\""
    // Most strings (ids, base64 image data of several megabytes) need no escaping: copy them whole.
    if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      out += string
      out += "\""
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }
}
