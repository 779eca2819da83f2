/// A programme genre, for colouring programmes by category (as Kodi colours
/// its guide by ETSI EN 300 468 genre type). The schedule classifies
/// categories into genres (`Genre.classify`, in EPGSchedule); the raster
/// colours by them.
public enum Genre: String, CaseIterable, Hashable, Sendable {
  case news
  case sports
  case kids
  case movie
  case documentary
  case series
  case music
  case entertainment
  case religion
  case adult

  /// The position in `allCases` (the declaration order: the one place
  /// the order is written).
  package var ordinal: Int { Self.order.firstIndex(of: self) ?? 0 }

  /// `allCases`, made once (the synthesised property builds an array on
  /// each call).
  private static let order = allCases
}
