import EPGFrontEnd
import EPGLayout
import EPGNcurses
import EPGRaster
import EPGSchedule
import Foundation
import Testing

@Suite struct TimeTests {
  @Test func civilDatesAndClocks() {
    let format = TimeFormat(zone: .utc)
    #expect(format.date(Fixture.now) == "Mon 30 Nov 2026")
    #expect(format.clock(Fixture.now) == "14:05")
    #expect(TimeFormat(zone: .utc, twelveHour: true).clock(Fixture.now) == "2:05pm")
    #expect(TimeFormat(zone: .utc, twelveHour: true).clock(Fixture.midnight) == "12:00am")
    #expect(format.date(0) == "Thu 1 Jan 1970")
    #expect(format.date(951_782_400) == "Tue 29 Feb 2000")
    #expect(TimeFormat.duration(5400) == "1h 30m")
  }

  @Test func offsetTableFollowsDaylightSavingTime() throws {
    let london = try #require(TimeZone(identifier: "Europe/London"))
    // 2026: BST from 29 March 01:00 UTC to 25 October 01:00 UTC.
    let span = TimeSpan(start: 1_774_000_000, end: 1_793_000_000)
    let table = UTCOffsetTable(zone: london, covering: span)
    #expect(table.offset(at: 1_774_745_999) == 0)
    #expect(table.offset(at: 1_774_746_000) == 3600)
    #expect(table.offset(at: 1_792_890_000) == 0)
    let format = TimeFormat(zone: table)
    #expect(format.clock(1_774_746_000) == "02:00")
  }

  @Test func halfHourZonesGetTheirOwnMidnight() {
    let kolkata = UTCOffsetTable.fixed(19_800)
    let local = LocalTime(Fixture.midnight, in: kolkata)
    #expect(local.hour == 5 && local.minute == 30)
    #expect(LocalTime.startOfDay(local.dayNumber, in: kolkata) == Fixture.midnight - 19_800)
  }
}

@Suite struct ConfigTests {
  @Test func configFileSetsEverySetting() {
    let config = ConfigFile(
      parsing: """
        # comment
        theme = monochrome
        zoom = 40
        clock = 12
        languages = de, en
        favourites = kids.uk, Sport   # trailing comment
        hidden = films.uk
        guide = ~/tv/guide.xml
        colour = blue
        nonsense
        """, home: "/home/me")
    #expect(config.settings.theme == .monochrome)
    #expect(config.settings.columnsPerHour == 36)
    #expect(config.settings.twelveHourClock)
    #expect(config.settings.languages == ["de", "en"])
    #expect(config.settings.favourites == ["kids.uk", "Sport"])
    #expect(config.settings.hidden == ["films.uk"])
    #expect(config.guidePath == "/home/me/tv/guide.xml")
    #expect(
      config.warnings == [
        "config line 9: unknown key 'colour'", "config line 10: expected 'key = value'",
      ])
  }

  /// Issue 24 item 13: a time of day in any form `:` reads one.
  @Test func primeTimeIsATimeOfDay() {
    #expect(ConfigFile(parsing: "prime_time = 20:15").settings.primeTime == 20 * 60 + 15)
    #expect(ConfigFile(parsing: "prime_time = 0:00").settings.primeTime == 0)
    #expect(ConfigFile(parsing: "prime_time = 8pm").settings.primeTime == 20 * 60)
    #expect(ConfigFile(parsing: "prime_time = 8:15 pm").settings.primeTime == 20 * 60 + 15)
    #expect(ConfigFile(parsing: "prime_time = 21").settings.primeTime == 21 * 60)
    for bad in ["25:00", "20:60", "fri 21:00", "+2h", "evening"] {
      let config = ConfigFile(parsing: "prime_time = \(bad)")
      #expect(config.settings.primeTime == 20 * 60)
      #expect(
        config.warnings == [
          "config line 1: prime_time must be a time of day (20:00, 8pm, 20:15), not '\(bad)'"
        ])
    }
  }

  @Test func genresMapKeywordsToGenres() {
    let config = ConfigFile(parsing: "genres = Magazin: news, Telenovela : Series")
    #expect(
      config.settings.genreKeywords == [
        GenreKeyword(keyword: "magazin", genre: .news),
        GenreKeyword(keyword: "telenovela", genre: .series),
      ])
    #expect(config.warnings.isEmpty)
    let bad = ConfigFile(parsing: "genres = Magazin: talk")
    #expect(bad.settings.genreKeywords.isEmpty)
    #expect(bad.warnings.first?.hasPrefix("config line 1: genres wants 'keyword: genre'") == true)
    // The guide colours by them.
    var schedule = Fixture.schedule
    schedule.programmes[0][0].categories = ["Magazin"]
    let model = GuideModel(schedule: schedule, genreKeywords: config.settings.genreKeywords)
    #expect(model.genres[0][0] == .news)
    #expect(GuideModel(schedule: schedule).genres[0][0] == .entertainment)
  }

  @Test func configPathFollowsXDG() {
    #expect(
      ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/tvgrid/config")
    #expect(
      ConfigFile.path(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])
        == "/h/.config/tvgrid/config")
    #expect(ConfigFile.path(environment: [:]) == nil)
  }

  @Test func flagsWinAndNoColorIsHonoured() throws {
    var config = ConfigFile()
    config.settings.columnsPerHour = 12
    var flags = GuideOptions.Flags()
    flags.zoom = 48
    flags.now = "2026-11-30T14:05Z"
    flags.timeZone = "UTC"
    let options = try GuideOptions.resolve(
      flags, environment: ["NO_COLOR": "1"], config: config, localeIsUTF8: true
    ).get()
    #expect(options.settings.columnsPerHour == 48)
    #expect(options.fixedNow == Fixture.now)
    #expect(options.settings.theme == .monochrome)
    #expect(!options.colour)
    #expect(options.settings.unicode)
    flags.color = "always"
    let forced = try GuideOptions.resolve(
      flags, environment: ["NO_COLOR": "1"], config: ConfigFile(), localeIsUTF8: false
    ).get()
    #expect(forced.forceColour && forced.settings.theme == .color)
    #expect(!forced.settings.unicode)
  }

  @Test func badFlagsAreUsageErrors() {
    var flags = GuideOptions.Flags()
    flags.now = "tomorrow-ish"
    let result = GuideOptions.resolve(
      flags, environment: [:], config: ConfigFile(), localeIsUTF8: true)
    guard case .failure(let error) = result else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.description.hasPrefix("--now: cannot read 'tomorrow-ish'"))
  }

  /// Issue 24 item 13: `--now` and `--at` read what `:` reads; `--now`
  /// relative to the real clock, `--at` to `--now`.
  @Test func nowAndAtReadTheJumpForms() throws {
    var flags = GuideOptions.Flags()
    flags.timeZone = "UTC"
    flags.now = "2026-11-30T14:05Z"
    flags.at = "tomorrow 8pm"
    var options = try GuideOptions.resolve(
      flags, environment: [:], config: ConfigFile(), localeIsUTF8: true
    ).get()
    #expect(options.fixedNow == Fixture.at(14, 5))
    #expect(options.viewAt == Fixture.at(20, day: 1))
    flags.at = "+2h"
    options = try GuideOptions.resolve(
      flags, environment: [:], config: ConfigFile(), localeIsUTF8: true
    ).get()
    #expect(options.viewAt == Fixture.at(16, 5))
    // --now relative to the real clock: 21:00 today (UTC), whatever today is.
    flags.now = "21:00"
    flags.at = nil
    let before = Int64(Date().timeIntervalSince1970)
    options = try GuideOptions.resolve(
      flags, environment: [:], config: ConfigFile(), localeIsUTF8: true
    ).get()
    let after = Int64(Date().timeIntervalSince1970)
    let expected = [before, after].map { $0 - $0 % 86_400 + 21 * 3600 }
    #expect(expected.contains(options.fixedNow ?? 0))
    flags.now = "+90m"
    options = try GuideOptions.resolve(
      flags, environment: [:], config: ConfigFile(), localeIsUTF8: true
    ).get()
    let fixed = options.fixedNow ?? 0
    #expect(fixed >= before + 5400 && fixed <= Int64(Date().timeIntervalSince1970) + 5400)
    // A mistake says what it could not read.
    flags.now = "25:00"
    guard
      case .failure(let error) = GuideOptions.resolve(
        flags, environment: [:], config: ConfigFile(), localeIsUTF8: true)
    else {
      Issue.record("25:00 was read")
      return
    }
    #expect(error.description == "--now: no such time: 25:00")
  }
}

/// The locale rule, case by case (the character set a name implies is
/// worked out from POSIX's `language_TERRITORY.CODESET@modifier`).
@Suite struct TerminalLocaleTests {
  @Test func utf8UnlessKnownOtherwise() {
    // Installed locales: their character set decides.
    #expect(TerminalLocale.writesUTF8(localeName: "C.UTF-8", installedCodeset: "UTF-8"))
    #expect(!TerminalLocale.writesUTF8(localeName: "C", installedCodeset: "ANSI_X3.4-1968"))
    #expect(!TerminalLocale.writesUTF8(localeName: "de_DE", installedCodeset: "ISO-8859-1"))
    // No locale at all (cron): unknown, so UTF-8.
    #expect(TerminalLocale.writesUTF8(localeName: nil, installedCodeset: "ANSI_X3.4-1968"))
    // Not installed: the name's character set, UTF-8 when it names none.
    #expect(TerminalLocale.writesUTF8(localeName: "xx_YY.UTF-8", installedCodeset: nil))
    #expect(TerminalLocale.writesUTF8(localeName: "sr_RS.utf8@latin", installedCodeset: nil))
    #expect(TerminalLocale.writesUTF8(localeName: "xx_YY", installedCodeset: nil))
    #expect(!TerminalLocale.writesUTF8(localeName: "en_US.ISO-8859-1", installedCodeset: nil))
    #expect(!TerminalLocale.writesUTF8(localeName: "ru_RU.KOI8-R", installedCodeset: nil))
  }
}
