import EPGActions

/// A user's command from the config (`command NAME = TEMPLATE`), shown in
/// the `|` menu and run by `tvgrid remind --due --run NAME`.
public struct NamedCommand: Hashable, Sendable {
  public var name: String
  public var template: CommandTemplate

  public init(name: String, template: CommandTemplate) {
    self.name = name
    self.template = template
  }
}
