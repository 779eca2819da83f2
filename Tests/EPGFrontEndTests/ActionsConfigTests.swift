import EPGActions
import EPGLayout
import EPGSchedule
import Testing

@testable import EPGFrontEnd

/// The config keys of issue 15 (reminders, commands, saved searches) and
/// `/` in the query language.
@Suite struct ActionsConfigTests {
  @Test func remindersCommandsAndSearches() throws {
    let config = ConfigFile(
      parsing: """
        remind_before = 10
        bell = no
        notify_command = notify-send {title} "on {channel}"   # a comment
        command Record = ffmpeg -i {url} -t {duration} /srv/tv/{start}.ts
        command web = firefox https://example.org/#{title}
        search Late films = genre:film after:22:00 -repeat
        command record = mpv --stream-record=/tmp/{start}.ts {url}
        """)
    #expect(config.warnings.isEmpty)
    #expect(config.remindBefore == 600)
    #expect(!config.bell)
    #expect(config.notifyCommand?.words == ["notify-send", "{title}", "on {channel}"])
    // A later command of the same name (any case) replaces the earlier.
    #expect(config.commands.map(\.name) == ["web", "record"])
    #expect(config.command(named: "RECORD")?.program == "mpv")
    #expect(config.command(named: "web")?.words.last == "https://example.org/#{title}")
    #expect(config.searches.map(\.name) == ["Late films"])
    #expect(config.searches.first?.query == (try ProgrammeQuery("genre:film after:22:00 -repeat")))
    // The defaults.
    #expect(ConfigFile().remindBefore == 120)
    #expect(ConfigFile().bell)
  }

  @Test func badLinesAreReportedWithTheirNumber() {
    let config = ConfigFile(
      parsing: """
        remind_before = soon
        bell = maybe
        notify_command = notify-send 'oops
        command = x
        command rec = rec {titel}
        search broken = titel:x
        """)
    #expect(
      config.warnings == [
        "config line 1: remind_before must be minutes (0 to 10080), not 'soon'",
        "config line 2: bell must be yes or no, not 'maybe'",
        "config line 3: notify_command: a quote in the command is never closed",
        "config line 4: command needs a name: 'command NAME = …'",
        "config line 5: command 'rec': unknown placeholder {titel} (known: {channel} {channel_id} "
          + "{duration} {episode} {number} {start} {start_iso} {stop} {stop_iso} {subtitle} "
          + "{title} {url})",
        "config line 6: search 'broken': column 1: unknown field 'titel:' (fields: title "
          + "subtitle desc cast genre channel after before has; quote text with a colon)",
      ])
    #expect(config.commands.isEmpty && config.searches.isEmpty && config.notifyCommand == nil)
  }

  /// Issue 25: code for an interpreter other than a POSIX shell cannot hold
  /// a placeholder; each template that does is reported with its config
  /// line and the safe form, and left out. A shell's script is quoted.
  @Test func placeholdersInInterpreterCodeAreRefusedWithTheSafeForm() throws {
    let config = ConfigFile(
      parsing: """
        command rec = sh -c "ffmpeg -i {url} -c copy > '/srv/tv/{title}.ts'"
        command say = fish -c 'notify-send {title}'
        notify_command = python3 -c 'import os; os.system("notify-send {title}")'
        player = perl -e 'exec "mpv", "{title}"'
        """)
    #expect(
      config.warnings == [
        "config line 2: command 'say': {title} is in the code that fish runs, where text from "
          + "the guide or playlist would run as fish code; pass it as a separate argument and "
          + "read it there: fish -c '… $argv[1] …' {title}",
        "config line 3: notify_command: {title} is in the code that python3 runs, where text "
          + "from the guide or playlist would run as python3 code; pass it as a separate "
          + "argument and read it there: python3 -c '… sys.argv[1] …' {title}",
        "config line 4: player: {title} is in the code that perl runs, where text from the "
          + "guide or playlist would run as perl code; pass it as a separate argument and read "
          + "it there: perl -e '… $ARGV[0] …' {title}",
      ])
    #expect(config.commands.map(\.name) == ["rec"])
    #expect(config.notifyCommand == nil && config.settings.player == nil)
    let fields = ProgrammeFields(
      title: "$(touch marker)", channel: "BBC One", channelID: "bbc1.uk", start: 0, stop: 60,
      url: "http://h.example/1.ts")
    #expect(
      config.command(named: "rec")?.arguments(fields.values) == [
        "sh", "-c", "ffmpeg -i 'http://h.example/1.ts' -c copy > '/srv/tv/$(touch marker).ts'",
      ])
  }

  @Test func slashSearchUsesTheQueryLanguage() {
    var state = Fixture.state()
    state.apply(
      [.key(.character("/"))] + "news -midday".map { .key(.character($0)) } + [.key(.enter)])
    // Of the four titles with "news" (see GuideScreenTests), the two Midday News are left out.
    #expect(state.search?.matches.count == 2)
    state.apply([.key(.escape), .key(.escape), .key(.character("/"))])
    state.apply("title:".map { .key(.character($0)) } + [.key(.enter)])
    #expect(state.search == nil)
    #expect(state.message == "Search: column 7: title: needs a value")
  }
}

/// `search_remind`: the saved searches that set reminders themselves.
@Suite struct SearchRemindConfigTests {
  @Test func namedSearchesSetRemindersAndAnUnknownNameIsReported() {
    let config = ConfigFile(
      parsing: """
        search_remind = Films, nope
        search films = genre:film
        search news = news
        """)
    #expect(config.searches.map(\.setsReminders) == [true, false])
    #expect(config.warnings == ["config line 1: search_remind: no saved search 'nope'"])
  }
}
