/// One channel of a schedule (an XMLTV `<channel>` element, or one implied by
/// a programme that names an id without one).
public struct Channel: Hashable, Sendable {
  /// The XMLTV channel id, e.g. `bbc1.bbc.co.uk` or `Channel1.us@HD`.
  public var id: String
  /// The display name chosen by preferred language (else the first one; else
  /// the id).
  public var name: String
  /// Every other display name, kept for search.
  public var otherNames: [String]
  /// URL of the first `<icon>`, if any.
  public var iconURL: String?
  /// The channel number from `<lcn>` (or a bare numeric display name), if any.
  public var number: String?
  /// True when no `<channel>` element defined it.
  public var isImplicit: Bool
  /// How tvgrid's own files name the channel: its id, or what
  /// `PlaylistGuide` set for a playlist row (see `ChannelKey`).
  public var key: ChannelKey {
    get { rowKey ?? ChannelKey(id: id) }
    set { rowKey = newValue == ChannelKey(id: id) ? nil : newValue }
  }
  private var rowKey: ChannelKey?

  /// Whether the name is the number itself (a channel whose only display
  /// name is a bare number, `0.4`): shown once, not as `0.4 0.4`.
  public var nameIsNumber: Bool {
    guard let number else { return false }
    return name.trimmingWhitespace() == number.trimmingWhitespace()
  }

  /// The number, a space and the name (`7 BBC One`); the name alone when
  /// there is no number or the name is the number.
  public var numberAndName: String {
    guard let number, !nameIsNumber else { return name }
    return number + " " + name
  }

  public init(
    id: String, name: String, otherNames: [String] = [], iconURL: String? = nil,
    number: String? = nil, isImplicit: Bool = false
  ) {
    self.id = id
    self.name = name
    self.otherNames = otherNames
    self.iconURL = iconURL
    self.number = number
    self.isImplicit = isImplicit
  }
}
