import Foundation

/// A JSON value with ordered keys, for building answers (the stub writes its own JSON so the key
/// order is what the real services send, and large base64 strings are copied, not re-escaped).
indirect enum StubJSON: Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  /// A string known to need no escaping (base64), written as is.
  case plain(String)
  case array([StubJSON])
  case object([(String, StubJSON)])

  var text: String {
    var out = ""
    write(&out)
    return out
  }

  private func write(_ out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value): out += String(value)
    case .plain(let value): out += "\"" + value + "\""
    case .string(let value):
      out += "\""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
          if scalar.value < 0x20 {
            out += String(format: "\\u%04x", scalar.value)
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
      out += "\""
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.write(&out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        StubJSON.string(key).write(&out)
        out += ":"
        value.write(&out)
      }
      out += "}"
    }
  }

  /// Converts a JSONSerialization value (for echoing requests), with object keys sorted.
  static func from(_ any: Any) -> StubJSON {
    switch any {
    case let value as String: return .string(value)
    case let value as NSNumber:
      if String(cString: value.objCType) == "c" { return .bool(value.boolValue) }
      if value.doubleValue == value.doubleValue.rounded() && abs(value.doubleValue) < 1e15 {
        return .int(value.intValue)
      }
      return .double(value.doubleValue)
    case let value as [Any]: return .array(value.map(from))
    case let value as [String: Any]:
      return .object(value.keys.sorted().map { ($0, from(value[$0] as Any)) })
    default: return .null
    }
  }
}

/// Parses request JSON with Foundation (independent of the client's own parser).
enum JSONInput {
  static func parse(_ bytes: [UInt8]) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  }
}
