import EPGRaster

/// Styles of everything around the guide grid (bars, lists, details), for
/// the two themes. The grid itself uses EPGRaster's `Theme`. Colours sit on
/// the terminal's default background except for the bars.
public struct Palette: Hashable, Sendable {
  public var bar: Style
  public var barTitle: Style
  public var day: Style
  public var currentDay: Style
  public var status: Style
  public var statusKey: Style
  public var message: Style
  public var heading: Style
  public var label: Style
  public var text: Style
  public var selected: Style
  public var dim: Style
  public var info: Style

  public static let colour = Palette(
    bar: Style(foreground: .ansi(15), background: .blue),
    barTitle: Style(foreground: .yellow, background: .blue, attributes: .bold),
    day: .plain,
    currentDay: Style(foreground: .black, background: .yellow, attributes: .bold),
    status: .plain,
    statusKey: Style(foreground: .cyan, attributes: .bold),
    message: Style(foreground: .yellow, attributes: .bold),
    heading: Style(foreground: .yellow, attributes: .bold),
    label: Style(foreground: .cyan, attributes: .bold),
    text: .plain,
    selected: Style(attributes: .reverse),
    dim: Style(attributes: .dim),
    info: Style(attributes: .bold))

  public static let monochrome = Palette(
    bar: Style(attributes: .reverse),
    barTitle: Style(attributes: [.reverse, .bold]),
    day: .plain,
    currentDay: Style(attributes: [.reverse, .bold]),
    status: .plain,
    statusKey: Style(attributes: .bold),
    message: Style(attributes: .bold),
    heading: Style(attributes: [.bold, .underline]),
    label: Style(attributes: .bold),
    text: .plain,
    selected: Style(attributes: .reverse),
    dim: Style(attributes: .dim),
    info: Style(attributes: .bold))
}
