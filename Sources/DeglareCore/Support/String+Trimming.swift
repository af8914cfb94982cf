extension String {
  /// The string without leading and trailing whitespace (`Character.isWhitespace`: spaces, tabs,
  /// line breaks and the other Unicode white space).
  public var trimmingWhitespace: String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
