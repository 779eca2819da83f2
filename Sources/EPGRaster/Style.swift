/// How a cell looks: colours and attributes. Pure value; the front end maps
/// it to terminal attributes.
public struct Style: Hashable, Sendable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: Attributes

  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = Style()

  /// Text attributes.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
  }
}

/// A terminal colour: the terminal's own default, or one of the 8 ANSI
/// colours (0 black … 7 white; 8–15 their bright forms).
public enum TerminalColor: Hashable, Sendable {
  case `default`
  case ansi(UInt8)

  public static let black = TerminalColor.ansi(0)
  public static let red = TerminalColor.ansi(1)
  public static let green = TerminalColor.ansi(2)
  public static let yellow = TerminalColor.ansi(3)
  public static let blue = TerminalColor.ansi(4)
  public static let magenta = TerminalColor.ansi(5)
  public static let cyan = TerminalColor.ansi(6)
  public static let white = TerminalColor.ansi(7)
}
