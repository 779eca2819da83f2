extension StringProtocol {
  /// The text without leading and trailing white space (spaces, tabs,
  /// newlines: `Character.isWhitespace`). The one trim of the code base.
  public func trimmingWhitespace() -> String {
    var characters = self[...]
    while let first = characters.first, first.isWhitespace { characters = characters.dropFirst() }
    while let last = characters.last, last.isWhitespace { characters = characters.dropLast() }
    return String(characters)
  }
}
