import EPGCore

/// The styles the rasteriser gives each element kind and programme state.
///
/// Two built-in themes:
/// - `.colour`: 8/16-colour ANSI; programme titles coloured by genre
///   (`genreColours`), channel column and hour row on a blue/black band.
/// - `.monochrome`: attributes only (bold, dim, reverse, underline), for
///   `NO_COLOR`, `--color never` and terminals without colour.
///
/// Programme states, in both themes: past programmes dimmed, the programme
/// on now bold with its elapsed part underlined (the progress mark), the
/// selected programme in reverse video.
public struct Theme: Hashable, Sendable {
  /// Programme cells (future programmes; the base for the others).
  public var programme: Style
  /// Added to past programmes.
  public var pastAttributes: Style.Attributes
  /// Added to the programme on now.
  public var nowAttributes: Style.Attributes
  /// Added to the elapsed part of the programme on now.
  public var progressAttributes: Style.Attributes
  /// Added to the selected programme.
  public var selectedAttributes: Style.Attributes
  /// The sub-title / start-time text inside a programme.
  public var detail: Style
  /// The channel column background and the line at its right edge.
  public var channelColumn: Style
  public var channelName: Style
  /// The hour row background and its rule.
  public var hourRow: Style
  public var hourLabel: Style
  public var halfHourLabel: Style
  /// The date in the top-left corner.
  public var dateLabel: Style
  /// Gridlines and programme separators.
  public var gridline: Style
  /// The current-time line and its indicator.
  public var nowLine: Style
  /// Title colour per genre; programmes without a genre use `programme`.
  public var genreColours: [Genre: TerminalColor] {
    didSet { genreTable = Self.table(genreColours) }
  }
  /// `genreColours` by `Genre.ordinal`, for a lookup without hashing.
  private var genreTable: [TerminalColor?]

  private static func table(_ colours: [Genre: TerminalColor]) -> [TerminalColor?] {
    Genre.allCases.map { colours[$0] }
  }

  public init(
    programme: Style, pastAttributes: Style.Attributes, nowAttributes: Style.Attributes,
    progressAttributes: Style.Attributes, selectedAttributes: Style.Attributes, detail: Style,
    channelColumn: Style, channelName: Style, hourRow: Style, hourLabel: Style,
    halfHourLabel: Style, dateLabel: Style, gridline: Style, nowLine: Style,
    genreColours: [Genre: TerminalColor]
  ) {
    self.programme = programme
    self.pastAttributes = pastAttributes
    self.nowAttributes = nowAttributes
    self.progressAttributes = progressAttributes
    self.selectedAttributes = selectedAttributes
    self.detail = detail
    self.channelColumn = channelColumn
    self.channelName = channelName
    self.hourRow = hourRow
    self.hourLabel = hourLabel
    self.halfHourLabel = halfHourLabel
    self.dateLabel = dateLabel
    self.gridline = gridline
    self.nowLine = nowLine
    self.genreColours = genreColours
    self.genreTable = Self.table(genreColours)
  }

  /// The default genre → colour table (ANSI colour numbers).
  ///
  /// | genre         | colour          |
  /// |---------------|-----------------|
  /// | news          | cyan (6)        |
  /// | sports        | green (2)       |
  /// | kids          | yellow (3)      |
  /// | movie         | magenta (5)     |
  /// | documentary   | bright blue (12)|
  /// | series        | bright green (10)|
  /// | music         | bright magenta (13)|
  /// | entertainment | bright yellow (11)|
  /// | religion      | bright cyan (14)|
  /// | adult         | red (1)         |
  public static let defaultGenreColours: [Genre: TerminalColor] = [
    .news: .cyan, .sports: .green, .kids: .yellow, .movie: .magenta,
    .documentary: .ansi(12), .series: .ansi(10), .music: .ansi(13),
    .entertainment: .ansi(11), .religion: .ansi(14), .adult: .red,
  ]

  /// ANSI colours (see the type's documentation).
  public static let colour = Theme(
    programme: .plain, pastAttributes: .dim, nowAttributes: .bold,
    progressAttributes: .underline, selectedAttributes: .reverse,
    detail: Style(foreground: .ansi(8)),
    channelColumn: Style(background: .blue),
    channelName: Style(foreground: .ansi(15), background: .blue, attributes: .bold),
    hourRow: Style(background: .blue),
    hourLabel: Style(foreground: .ansi(15), background: .blue, attributes: .bold),
    halfHourLabel: Style(foreground: .white, background: .blue),
    dateLabel: Style(foreground: .yellow, background: .blue, attributes: .bold),
    gridline: Style(foreground: .ansi(8)),
    nowLine: Style(foreground: .red, attributes: .bold),
    genreColours: defaultGenreColours)

  /// Attributes only, no colour.
  public static let monochrome = Theme(
    programme: .plain, pastAttributes: .dim, nowAttributes: .bold,
    progressAttributes: .underline, selectedAttributes: .reverse,
    detail: .plain, channelColumn: .plain, channelName: Style(attributes: .bold),
    hourRow: .plain, hourLabel: Style(attributes: .bold), halfHourLabel: .plain,
    dateLabel: Style(attributes: .bold), gridline: .plain,
    nowLine: Style(attributes: .bold), genreColours: [:])

  /// The style of a programme's cell for its state and genre.
  public func style(for label: ProgrammeLabel) -> Style {
    var style = programme
    if label.isMuted {
      style.attributes.formUnion(pastAttributes)
    } else if let genre = label.genre, let colour = genreTable[genre.ordinal] {
      style.foreground = colour
    }
    switch label.state {
    case .past: style.attributes.formUnion(pastAttributes)
    case .now: style.attributes.formUnion(nowAttributes)
    case .future: break
    }
    if label.isEmphasised { style.attributes.insert(.bold) }
    if label.isSelected { style.attributes.formUnion(selectedAttributes) }
    return style
  }
}
