import EPGActions
import EPGRaster
import EPGSchedule

/// The floating boxes over the screen: a reminder's notice (while
/// `AppState.alerts` is not empty) and the command menu (`|`). Each is a
/// framed box, centred, as wide as its text needs (at most the screen).
struct OverlayView {
  let state: AppState
  let palette: Palette

  /// Put before the title of a programme with a reminder (the grid, the
  /// lists, the details): a mark, not only a colour.
  static func reminderMark(unicode: Bool) -> String {
    GuideRasterView.marks(unicode).reminder + " "
  }

  /// The first fired reminder: title, channel and time, then the choices.
  func drawAlert(into canvas: inout Canvas) {
    guard let reminder = state.alerts.first else { return }
    let format = state.format
    let dash = state.settings.unicode ? "–" : "-"
    var title = reminder.title
    if let subtitle = reminder.subtitle { title += ": " + subtitle }
    var when = format.clock(reminder.start) + dash + format.clock(reminder.stop) + ", "
    if reminder.start - state.now >= 60 {
      when += "starts in " + TimeFormat.duration(reminder.start - state.now)
    } else if reminder.start > state.now {
      when += "starts now"
    } else if state.now - reminder.start < 60 {
      when += "on now"
    } else {
      when += "started " + TimeFormat.duration(state.now - reminder.start) + " ago"
    }
    var lines: [(String, Style)] = [
      (title, palette.info), (reminder.channelName + "  " + when, palette.text),
    ]
    if reminder.isMissing { lines.append(("not in the guide any more", palette.dim)) }
    // Going to it and dismissing it first: a small screen shows those.
    var choices: [(key: String, action: String)] = [("Enter", "go to"), ("Esc", "dismiss")]
    let row = state.ref(of: reminder, in: state.fullGuide)?.row
    if let row, state.fullGuide.rows[row].playlist != nil { choices.append(("w", "watch")) }
    for (index, command) in state.actions.commands.prefix(9).enumerated() {
      choices.append(("\(index + 1)", command.name))
    }
    let more = state.alerts.count > 1 ? " (1 of \(state.alerts.count))" : ""
    drawBox(
      heading: "Reminder" + more, lines: lines, hints: choices, selected: nil, into: &canvas)
  }

  /// The user's commands for the programme at `ref`, `selected` highlighted.
  func drawCommandMenu(ref: ProgrammeRef, selected: Int, into canvas: inout Canvas) {
    guard let programme = state.guide.programme(ref) else { return }
    let commands = state.actions.commands.prefix(9)
    let nameWidth = commands.map { canvas.measure($0.name) }.max() ?? 0
    let lines = commands.enumerated().map { index, command in
      let pad = String(repeating: " ", count: max(0, nameWidth - canvas.measure(command.name)))
      return (
        "\(index + 1)  \(command.name)\(pad)  " + command.template.words.joined(separator: " "),
        palette.text
      )
    }
    drawBox(
      heading: "Run for \"\(programme.title)\"", lines: lines,
      hints: [("Enter", "run"), ("Esc", "close")], selected: selected, into: &canvas)
  }

  /// A framed box in the middle of the screen: `heading` in the top edge,
  /// `lines` (the `selected` one reversed), a blank line, then `hints`
  /// wrapped to the box.
  func drawBox(
    heading: String, lines: [(String, Style)], hints: [(key: String, action: String)],
    selected: Int?, into canvas: inout Canvas
  ) {
    let unicode = state.settings.unicode
    let maxInner = max(10, canvas.width - 6)
    let hintWidths = hints.map { canvas.measure($0.key) + 1 + canvas.measure($0.action) }
    let textWidth = lines.map { canvas.measure($0.0) }.max() ?? 0
    let inner = min(
      maxInner,
      max(
        canvas.measure(heading) + 4, textWidth + 2, min(hintWidths.reduce(0) { $0 + $1 + 2 }, 60)))
    // The hints, wrapped.
    var hintRows: [[Int]] = [[]]
    var used = 0
    for (index, width) in hintWidths.enumerated() {
      if used > 0 && used + width > inner - 2 {
        hintRows.append([])
        used = 0
      }
      hintRows[hintRows.count - 1].append(index)
      used += width + 2
    }
    let height = min(canvas.height - 2, lines.count + 2 + hintRows.count + 1)
    let width = inner + 2
    guard height >= 3, width <= canvas.width else { return }
    let x0 = max(0, (canvas.width - width) / 2)
    let y0 = max(1, (canvas.height - height) / 2)
    let frame = palette.text
    let (h, v, tl, tr, bl, br) =
      unicode ? ("─", "│", "┌", "┐", "└", "┘") : ("-", "|", "+", "+", "+", "+")
    for y in y0..<(y0 + height) {
      canvas.fill(row: y, from: x0, to: x0 + width, style: palette.text)
      let isTop = y == y0
      let isBottom = y == y0 + height - 1
      let edge = isTop ? (tl, tr) : isBottom ? (bl, br) : (v, v)
      canvas.write(edge.0, x: x0, y: y, maxWidth: 1, style: frame)
      canvas.write(edge.1, x: x0 + width - 1, y: y, maxWidth: 1, style: frame)
      if isTop || isBottom {
        canvas.write(
          String(repeating: h, count: inner), x: x0 + 1, y: y, maxWidth: inner, style: frame)
      }
    }
    canvas.write(" " + heading + " ", x: x0 + 2, y: y0, maxWidth: inner - 2, style: palette.heading)
    var y = y0 + 1
    for (index, line) in lines.enumerated() where y < y0 + height - 1 {
      var style = line.1
      if index == selected {
        style.attributes.formUnion(.reverse)
        canvas.fill(row: y, from: x0 + 1, to: x0 + width - 1, style: style)
      }
      canvas.write(" " + line.0, x: x0 + 1, y: y, maxWidth: inner, style: style)
      y += 1
    }
    y += 1
    for row in hintRows where y < y0 + height - 1 {
      state.drawHints(
        row.map { hints[$0] }, x: x0 + 2, y: y, end: x0 + width - 1, keeping: [],
        into: &canvas, palette: palette)
      y += 1
    }
  }
}
