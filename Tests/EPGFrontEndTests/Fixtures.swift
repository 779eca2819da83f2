import EPGFrontEnd
import EPGLayout
import EPGRaster
import EPGSchedule
import Testing

/// A small guide for the picture tests: four channels on Monday 30 November
/// 2026 (UTC), "now" is 14:05.
enum Fixture {
  /// 2026-11-30T00:00:00Z.
  static let midnight: EpochSeconds = 1_795_996_800
  /// 14:05 UTC.
  static let now: EpochSeconds = at(14, 5)

  static func at(_ hour: Int, _ minute: Int = 0, day: Int = 0) -> EpochSeconds {
    midnight + EpochSeconds(day * 86_400 + hour * 3600 + minute * 60)
  }

  static func programme(
    _ title: String, _ start: EpochSeconds, _ stop: EpochSeconds, sub: String? = nil,
    description: String? = nil, categories: [String] = []
  ) -> Programme {
    Programme(
      start: start, stop: stop, title: title, subTitle: sub, description: description,
      categories: categories)
  }

  /// Back-to-back programmes from (hour, minute, title) triples; the last
  /// one ends at `end`.
  static func row(_ slots: [(Int, Int, String)], end: EpochSeconds, day: Int = 0) -> [Programme] {
    slots.enumerated().map { index, slot in
      let start = at(slot.0, slot.1, day: day)
      let stop =
        index + 1 < slots.count ? at(slots[index + 1].0, slots[index + 1].1, day: day) : end
      return programme(slot.2, start, stop)
    }
  }

  static var schedule: Schedule {
    var news = row(
      [
        (12, 0, "Midday News"), (13, 0, "Weather"), (13, 15, "Afternoon Live"),
        (14, 30, "News at Half Two"), (15, 0, "Doctors"), (15, 45, "Quiz Time"),
        (16, 30, "Evening News"),
      ], end: at(18))
    news[4].subTitle = "The Long Night"
    news[4].description =
      "Dr Jimmi Clay faces a difficult choice when a patient returns with the same symptoms as last week."
    news[4].categories = ["Drama", "Soap"]
    news[4].episode = EpisodeNumber(season: 24, episode: 112)
    news[4].flags = [.new]
    news[4].starRatings = ["3/5"]
    let films = row(
      [
        (11, 0, "Morning Film"), (13, 40, "The Big Sleep"), (15, 50, "Shorts"),
        (16, 0, "Casablanca"),
      ], end: at(18))
    let sport = row(
      [(12, 0, "Cricket"), (14, 0, "Tennis"), (14, 10, "Snooker"), (16, 0, "Football")],
      end: at(18))
    let kids = row(
      [(13, 0, "Cartoons"), (14, 15, "ニュース for kids"), (15, 0, "Story Time")], end: at(18))
    let tomorrow = row([(9, 0, "Breakfast"), (12, 0, "Midday News")], end: at(14, day: 1), day: 1)
    return Schedule(
      channels: [
        Channel(id: "one.uk", name: "BBC One", number: "1"),
        Channel(id: "films.uk", name: "Film Four"),
        Channel(id: "sport.uk", name: "Sport"),
        Channel(id: "kids.uk", name: "Kids"),
      ],
      programmes: [news + tomorrow, films, sport, kids])
  }

  static func state(
    columns: Int = 80, rows: Int = 14, theme: GuideSettings.Theme = .monochrome,
    unicode: Bool = true
  ) -> AppState {
    var settings = GuideSettings()
    settings.theme = theme
    settings.unicode = unicode
    return AppState(
      guide: GuideModel(schedule: schedule), settings: settings,
      size: CellSize(columns: columns, rows: rows), now: now)
  }
}

func trimTrailing(_ text: String) -> String {
  var text = Substring(text)
  while text.last == " " { text.removeLast() }
  return String(text)
}
