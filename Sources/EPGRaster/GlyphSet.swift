/// The characters used for lines, marks and clipped text: box drawing
/// (`.unicode`) or plain ASCII (`.ascii`, for terminals whose locale is not
/// UTF-8, or on request), as htop and tig do.
///
///     unicode   ─ │ ┼ ┬ ┴ ├ ┤ ┌ ┐ └ ┘   ellipsis …   now ▼
///     ascii     - | + + + + + + + + +   ellipsis ~   now v
///
/// Heavy lines (the current-time line) are ━ ┃ ╋ ... in Unicode and = ! + in
/// ASCII; double lines ═ ║ ╬ ... and = ! +.
///
/// A junction glyph is chosen from the shape of a `LineMask` (which arms are
/// present) and its heaviest weight; mixed weights use the heaviest weight's
/// glyph for that shape. A single arm (the end of a line) shows as the whole
/// straight line, never as a half stub (╴).
public struct GlyphSet: Hashable, Sendable {
  /// Whether this is the ASCII set (it also makes text ASCII-only when the
  /// rasteriser is told the terminal is not UTF-8).
  public let isASCII: Bool
  /// Glyphs indexed by weight (light, heavy, double) × 16 + shape (4 bits:
  /// right 1, up 2, left 4, down 8).
  private let table: [Character]
  /// `glyph(for:)` of every mask (by raw value), packed for the rasteriser.
  let packedByMask: [Cell.Glyph]
  /// Marks the end of clipped text.
  public let ellipsis: Character
  /// The current-time indicator in the hour row.
  public let nowIndicator: Character
  /// Marks a programme continuing beyond the left or right end of the guide.
  public let continuesLeft: Character
  public let continuesRight: Character

  // Shape order: 0 none, 1 r, 2 u, 3 ur, 4 l, 5 lr, 6 ul, 7 ulr,
  //              8 d, 9 dr, 10 du, 11 dur, 12 dl, 13 dlr, 14 dul, 15 all.
  public static let unicode = GlyphSet(
    isASCII: false,
    tables: [
      [" ", "─", "│", "└", "─", "─", "┘", "┴", "│", "┌", "│", "├", "┐", "┬", "┤", "┼"],
      [" ", "━", "┃", "┗", "━", "━", "┛", "┻", "┃", "┏", "┃", "┣", "┓", "┳", "┫", "╋"],
      [" ", "═", "║", "╚", "═", "═", "╝", "╩", "║", "╔", "║", "╠", "╗", "╦", "╣", "╬"],
    ],
    ellipsis: "…", nowIndicator: "▼", continuesLeft: "◂", continuesRight: "▸"
  )

  public static let ascii = GlyphSet(
    isASCII: true,
    tables: [
      [" ", "-", "|", "+", "-", "-", "+", "+", "|", "+", "|", "+", "+", "+", "+", "+"],
      [" ", "=", "!", "+", "=", "=", "+", "+", "!", "+", "!", "+", "+", "+", "+", "+"],
      [" ", "=", "!", "+", "=", "=", "+", "+", "!", "+", "!", "+", "+", "+", "+", "+"],
    ],
    ellipsis: "~", nowIndicator: "v", continuesLeft: "<", continuesRight: ">"
  )

  /// The sanitiser that goes with the set: ASCII only for the ASCII set.
  public var sanitizer: TextSanitizer { isASCII ? .ascii : .unicode }

  private init(
    isASCII: Bool, tables: [[Character]], ellipsis: Character, nowIndicator: Character,
    continuesLeft: Character, continuesRight: Character
  ) {
    self.isASCII = isASCII
    let table = tables.flatMap { $0 }
    self.table = table
    self.packedByMask = (0...255).map { raw in
      let mask = LineMask(rawValue: UInt8(raw))
      let weight = mask.maximumWeight
      let character = weight == .none ? " " : table[(Int(weight.rawValue) - 1) * 16 + mask.shape]
      return Cell.Glyph(character, width: 1)
    }
    self.ellipsis = ellipsis
    self.nowIndicator = nowIndicator
    self.continuesLeft = continuesLeft
    self.continuesRight = continuesRight
  }

  /// The glyph for a mask (a space for an empty mask).
  public func glyph(for mask: LineMask) -> Character {
    let weight = mask.maximumWeight
    guard weight != .none else { return " " }
    return table[(Int(weight.rawValue) - 1) * 16 + mask.shape]
  }
}

extension GlyphSet: CustomStringConvertible {
  /// "unicode" or "ascii".
  public var description: String { isASCII ? "ascii" : "unicode" }
}
