extension AppState {
  /// The status line of a list or the details: the message when there is
  /// one (what the last key did there: `w` started a player, `r` set a
  /// reminder, or why not), else the view's key hints (`drawHints`), up
  /// to column `end`.
  func drawViewStatus(
    _ hints: [(key: String, action: String)], x: Int, y: Int, end: Int? = nil,
    into canvas: inout Canvas, palette: Palette
  ) {
    if let message {
      canvas.write(
        " " + message, x: 0, y: y, maxWidth: end ?? canvas.width, style: palette.message)
      return
    }
    drawHints(hints, x: x, y: y, end: end, into: &canvas, palette: palette)
  }
}
