import EPGActions
import EPGLayout
import EPGRemote

/// Everything that changes an `AppState`.
public enum Action: Sendable {
  case key(Key)
  case mouse(MouseEvent)
  case resize(CellSize)
  /// The clock moved on (the live now line and on-now highlight follow;
  /// reminders due fire).
  case tick(EpochSeconds)
  /// A new guide replaced the old one (live reload); the selection and
  /// scroll position are kept by channel id and programme start.
  case replaceGuide(GuideModel)
  /// A one-off message for the status line (cleared by the next key).
  case notice(String)
  /// No digit came for `GuideSettings.numberTimeout` seconds: the channel
  /// number being typed is taken (the run loop times it).
  case channelNumberPause
  /// The guide file changed but did not load: the message stays in the
  /// status line until a guide replaces the loaded one.
  case reloadFailed(String)
  /// The reminders file as read (at open, and after each write): it
  /// replaces the list, which then follows the guide (moved programmes,
  /// missing ones flagged, saved searches' new matches).
  case remindersRead(ReminderList)
  /// tvheadend's scheduled and running recordings (at start and after each
  /// `R`); also says that the guide is a tvheadend server's (`R` works).
  case recordingsChanged([TvheadendRecording])
  /// Typing at the search prompt paused (`AppState.liveSearchDelay`): the
  /// matches follow the text.
  case liveSearch
}
