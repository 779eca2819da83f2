import EPGLayout
import EPGRaster
import EPGSchedule

/// The text table of `tvgrid now`: one line per channel (every channel of
/// the listing, in its order) with what is on (start–stop, title) and what
/// comes next (its start, with its date when that is not the day of the
/// instant; its title). A channel with nothing on shows `—`.
///
/// Guide text goes through `sanitizer` (control characters become visible
/// placeholders); columns are padded by display width (`TextWidth`, cells).
public struct NowTable: Sendable {
  public var listing: NowListing
  /// Times and dates in the display zone.
  public var format: TimeFormat
  /// tvgrid's own punctuation from Unicode (`–`, `—`, `…`); false for the
  /// ASCII stand-ins (`-`, `-`, `~`).
  public var unicode: Bool
  public var sanitizer: TextSanitizer

  public init(
    listing: NowListing, format: TimeFormat, unicode: Bool = true,
    sanitizer: TextSanitizer = .unicode
  ) {
    self.listing = listing
    self.format = format
    self.unicode = unicode
    self.sanitizer = sanitizer
  }

  /// True when no channel has anything on at the instant (a guide that has
  /// ended, or not begun, or has no programmes).
  public var isEmpty: Bool {
    listing.entries.allSatisfy { $0.current == nil && $0.alsoOn.isEmpty }
  }

  /// The table, one line per channel after a header, each ending in a
  /// newline. With `width` (cells), every line fits in it: the title
  /// columns are shortened first (ending in `…`), then the channel column.
  public func text(width: Int? = nil) -> String {
    let dash = unicode ? "—" : "-"
    let today = format.local(listing.instant).dayNumber
    var rows: [[String]] = [["CHANNEL", "NOW", "", "NEXT", ""]]
    for entry in listing.entries {
      let now = entry.current ?? entry.alsoOn.first
      var title = now.map(label) ?? dash
      if !entry.alsoOn.isEmpty && entry.current != nil {
        title += " (+\(entry.alsoOn.count) more)"
      }
      let span = now.map {
        format.clock($0.start) + (unicode ? "–" : "-") + format.clock($0.listedStop)
      }
      let next = entry.next.map { programme in
        format.local(programme.start).dayNumber == today
          ? format.clock(programme.start)
          : format.shortDate(programme.start) + " " + format.clock(programme.start)
      }
      rows.append([
        sanitizer.sanitize(entry.channel.numberAndName),
        span ?? "", sanitizer.sanitize(title), next ?? "",
        sanitizer.sanitize(entry.next.map(label) ?? ""),
      ])
    }
    var widths = [Int](repeating: 0, count: 5)
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TextWidth.of(cell)) }
    }
    if let width { widths = Self.fit(widths, into: width) }
    return rows.map { row in
      var line = ""
      for (i, cell) in row.enumerated() {
        let text = cut(cell, to: widths[i])
        line += text
        if i < row.count - 1 {
          line += String(repeating: " ", count: widths[i] - TextWidth.of(text) + 2)
        }
      }
      while line.last == " " { line.removeLast() }
      if let width { line = cut(line, to: width) }
      return line + "\n"
    }.joined()
  }

  /// Column widths (cells) whose line, with two spaces between columns, is
  /// at most `total` cells: the titles (columns 2 and 4) give way first,
  /// sharing what is left, then the channel name (column 0).
  static func fit(_ natural: [Int], into total: Int) -> [Int] {
    var widths = natural
    let gaps = 2 * (widths.count - 1)
    guard widths.reduce(0, +) + gaps > total else { return widths }
    let fixed = widths[1] + widths[3] + gaps
    // The channel keeps at most a fifth of the line (at least 8 cells).
    widths[0] = min(widths[0], max(8, total / 5))
    let room = max(0, total - fixed - widths[0])
    let nowTitle = min(natural[2], max(room / 2, room - natural[4]))
    widths[2] = nowTitle
    widths[4] = min(natural[4], room - nowTitle)
    return widths
  }

  /// `text` cut to `width` cells, ending in `…` (`~`) when it was longer.
  func cut(_ text: String, to width: Int) -> String {
    guard TextWidth.of(text) > width else { return text }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let cells = TextWidth.of(character)
      if used + cells > width - 1 { break }
      result.append(character)
      used += cells
    }
    return result + (unicode ? "…" : "~")
  }

  /// Title — sub-title (episode).
  private func label(_ programme: Programme) -> String {
    var text = programme.title
    if let subTitle = programme.subTitle {
      text += " " + GuideRasterView.marks(unicode).subTitleSeparator + " " + subTitle
    }
    if let episode = programme.episode?.label { text += " (\(episode))" }
    return text
  }
}
