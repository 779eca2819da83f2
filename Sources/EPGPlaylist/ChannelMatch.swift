/// How one playlist entry was matched to a guide channel.
public struct ChannelMatch: Hashable, Sendable {
  /// The entry's index in `Playlist.entries`.
  public var entryIndex: Int
  public var kind: Kind
  /// The entry's shift in seconds: the override's, else the entry's
  /// `tvg-shift`, else the header's, else 0. Added to the guide channel's
  /// programme times for this entry ("BBC One +1": 3600).
  public var shift: Int64

  public init(entryIndex: Int, kind: Kind, shift: Int64) {
    self.entryIndex = entryIndex
    self.kind = kind
    self.shift = shift
  }

  public enum Kind: Hashable, Sendable {
    /// The `tvg-id` equals a guide channel id.
    case id(channel: Int)
    /// The `tvg-id` equals a guide channel id but for case.
    case caseInsensitiveID(channel: Int)
    /// The `tvg-id` without its feed (`@SD`), or also without its country
    /// suffix (`.cn`), equals a guide channel id (`CCTV1.cn@SD`: `CCTV1`).
    case suffix(channel: Int)
    /// `tvg-name` or the entry's name, normalised (`ChannelNameKey`),
    /// equals the display names of exactly one guide channel.
    case name(channel: Int)
    /// A `map =` line chose the channel.
    case override(channel: Int)
    /// Several guide channels fit equally (indices in guide order); none
    /// is chosen.
    case ambiguous(candidates: [Int])
    /// Nothing fits (`PlaylistMatcher.suggestions(for:)` finds the closest
    /// channels; they are not computed while matching, to keep it fast).
    case none

    /// The matched guide channel's index in the schedule, if any.
    public var channel: Int? {
      switch self {
      case .id(let channel), .caseInsensitiveID(let channel), .suffix(let channel),
        .name(let channel), .override(let channel):
        return channel
      case .ambiguous, .none: return nil
      }
    }

    /// The word for `--json` and reports: `id`, `case`, `suffix`,
    /// `name`, `override`, `ambiguous`, `none`.
    public var label: String {
      switch self {
      case .id: return "id"
      case .caseInsensitiveID: return "case"
      case .suffix: return "suffix"
      case .name: return "name"
      case .override: return "override"
      case .ambiguous: return "ambiguous"
      case .none: return "none"
      }
    }
  }

  /// The matched guide channel's index, if any.
  public var channel: Int? { kind.channel }
}
