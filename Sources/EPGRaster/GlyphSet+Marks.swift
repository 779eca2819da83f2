extension GlyphSet {
  /// The marks the guide puts beside text, each with its ASCII twin (the
  /// ASCII set's, for terminals whose locale is not UTF-8): they carry
  /// meaning without colour, so every one has a form in both sets.
  ///
  ///     unicode   ⚑ reminder  ● recording  ↺ archive  » match  ★ favourite  — sub-title
  ///     ascii     !           (R)          @          >        *            -
  public struct Marks: Hashable, Sendable {
    /// Before the title of a programme with a reminder.
    public let reminder: String
    /// Before the title of a programme tvheadend records (or will).
    public let recording: String
    /// Before the title of an ended programme that can be played from the
    /// archive (catch-up).
    public let archive: String
    /// Before the title of a match of the active search.
    public let searchMatch: String
    /// Before the name of a favourite channel.
    public let favourite: String
    /// Between a title and its sub-title on one line (with a space each
    /// side), so the sub-title is not read as the next programme: the grid
    /// and the `now` table.
    public let subTitleSeparator: String

    public static let unicode = Marks(
      reminder: "⚑", recording: "●", archive: "↺", searchMatch: "»", favourite: "★",
      subTitleSeparator: "—")

    public static let ascii = Marks(
      reminder: "!", recording: "(R)", archive: "@", searchMatch: ">", favourite: "*",
      subTitleSeparator: "-")
  }

  /// The marks that go with this set.
  public var marks: Marks { isASCII ? .ascii : .unicode }
}
