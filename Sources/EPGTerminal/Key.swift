/// A key press as the app sees it, independent of any terminal library.
public enum Key: Hashable, Sendable {
  /// A printable character (letters, digits, punctuation, space).
  case character(Character)
  /// A control key, e.g. `.control("c")` for Ctrl-C; the letter is lower case.
  case control(Character)
  case up
  case down
  case left
  case right
  case shiftLeft
  case shiftRight
  case shiftUp
  case shiftDown
  case pageUp
  case pageDown
  case home
  case end
  case enter
  case escape
  case backspace
  case delete
  case tab
  case backTab
  /// A function key, `F1` is `.function(1)`.
  case function(Int)
}

extension Key: CustomStringConvertible {
  public var description: String {
    switch self {
    case .character(let c): return String(c)
    case .control(let c): return "Ctrl-\(c)"
    case .function(let n): return "F\(n)"
    default: return "\(Key.names[self] ?? "?")"
    }
  }

  private static let names: [Key: String] = [
    .up: "Up", .down: "Down", .left: "Left", .right: "Right", .shiftLeft: "Shift-Left",
    .shiftRight: "Shift-Right", .shiftUp: "Shift-Up", .shiftDown: "Shift-Down",
    .pageUp: "PgUp", .pageDown: "PgDn", .home: "Home", .end: "End", .enter: "Enter",
    .escape: "Esc", .backspace: "Backspace", .delete: "Delete", .tab: "Tab", .backTab: "Shift-Tab",
  ]
}
