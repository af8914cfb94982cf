extension Sequence where Element: CustomStringConvertible {
  /// The elements as a sentence offers alternatives: "a", "a or b", "a, b or c".
  public func joinedAsAlternatives() -> String {
    let words = map(\.description)
    guard let last = words.last else { return "" }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
  }
}
