import DeglareCore

extension JSONValue {
  /// The member named `key` of an object (the first one), or nil.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The member under the first of `keys` present (camelCase and snake_case spellings).
  func member(_ keys: String...) -> JSONValue? {
    for key in keys {
      if let value = self[key] { return value }
    }
    return nil
  }

  /// The string, or nil.
  var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer (a whole double counts), or nil.
  var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value == value.rounded() && abs(value) < 1e15: return Int(value)
    default: return nil
    }
  }

  /// The boolean, or nil.
  var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements of an array, or nil.
  var arrayValue: [JSONValue]? {
    if case .array(let values) = self { return values }
    return nil
  }

  /// Whether this is an object.
  var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}
