/// What a terminal backend reports: a key, a mouse action, a new size, or
/// the end of input.
public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal now has this size; the screen must be redrawn in full.
  case resize(CellSize)
  /// No more input will come (a test script ran out, or stdin closed).
  case endOfInput
}

/// A mouse action at a cell: column `x`, row `y`, from the top-left corner
/// of the screen (0, 0).
public struct MouseEvent: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    /// The primary button was pressed or clicked.
    case press
    case wheelUp
    case wheelDown
    /// The wheel tilted (or turned with Shift) to the left / right.
    case wheelLeft
    case wheelRight
    /// The primary button pressed a second time on the same cell soon
    /// after the first (`DoubleClick`).
    case doublePress
  }

  public var action: Action
  public var x: Int
  public var y: Int

  public init(_ action: Action, x: Int, y: Int) {
    self.action = action
    self.x = x
    self.y = y
  }
}
