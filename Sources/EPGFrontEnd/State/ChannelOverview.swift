/// A list with one line per channel row shown (the group, favourites
/// order, hidden channels and favourites-only view of the guide apply):
/// what is on now and next (`o`), or a day's prime time (`e`).
public enum ChannelOverview: Hashable, Sendable {
  /// Each channel's programme on now, with its progress, and the next one.
  case nowNext
  /// Each channel's programmes from prime time (`GuideSettings.primeTime`)
  /// of local day `day` (a day number of the display zone) for
  /// `ChannelOverview.eveningSeconds`.
  case tonight(day: Int64)

  /// Seconds of an evening the tonight view shows from prime time: 4 hours.
  public static let eveningSeconds: Int64 = 4 * 3600
}
