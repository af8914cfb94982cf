import DeglareCore
import Foundation

// The stub writes its answers with deglare's own ``JSONValue`` (ordered keys, so the key order is
// what the real services send), but reads requests with Foundation, independently of the
// client's parser.

extension JSONValue {
  /// Converts a JSONSerialization value (for echoing requests), with object keys sorted.
  static func from(_ any: Any) -> JSONValue {
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
