import EPGLayout

/// Everything that changes an `AppState`.
public enum Action: Sendable {
  case key(Key)
  case mouse(MouseEvent)
  case resize(CellSize)
  /// The clock moved on (the live now line and on-now highlight follow).
  case tick(EpochSeconds)
  /// A new guide replaced the old one (live reload); the selection and
  /// scroll position are kept by channel id and programme start.
  case replaceGuide(GuideModel)
  /// A one-off message for the status line (cleared by the next key).
  case notice(String)
  /// The guide file changed but did not load: the message stays in the
  /// status line until a guide replaces the loaded one.
  case reloadFailed(String)
  /// Typing at the search prompt paused (`AppState.liveSearchDelay`): the
  /// matches follow the text.
  case liveSearch
}
