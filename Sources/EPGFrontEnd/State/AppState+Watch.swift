import EPGLayout
import EPGPlaylist
import EPGRaster
import EPGSchedule

extension AppState {
  /// `w` (and `W`, `fromStart`) on the guide's selection: see
  /// `watch(row:programme:fromStart:live:)`.
  mutating func watch(fromStart: Bool, live: Bool = false) {
    guard guide.rows.indices.contains(selectedRow) else { return }
    watch(row: selectedRow, programme: selectedProgramme, fromStart: fromStart, live: live)
  }

  /// `w` (and `W`) on the programme at `ref` of a list; nil: nothing.
  mutating func watch(_ ref: ProgrammeRef?, fromStart: Bool) {
    guard let ref, guide.rows.indices.contains(ref.row) else { return }
    watch(row: ref.row, programme: guide.programme(ref), fromStart: fromStart)
  }

  /// Plays `row`'s stream with the configured player, as an effect for the
  /// run loop, for `programme` (nil: the channel):
  /// - the programme on now (or no programme): the live stream; with
  ///   `fromStart`, the programme on now from its start, from the archive;
  /// - an ended programme: from the archive (catch-up), when the channel
  ///   has one and the programme is within its days;
  /// - a programme still to come: the channel live, the status line
  ///   saying when the programme starts (as TiviMate and Kodi tune).
  /// What cannot be played says why in the status line. With `live` the
  /// channel plays live whatever the programme (a reminder's notice).
  mutating func watch(row index: Int, programme: Programme?, fromStart: Bool, live: Bool = false) {
    let row = guide.rows[index]
    guard let entry = row.playlist?.entry else {
      message =
        fullGuide.isPlaylist
        ? "\(row.channel.name) is not in the playlist: no stream to play"
        : "Watching needs a playlist (tvgrid list.m3u): a guide has no streams"
      return
    }
    var programme = programme
    var note: String?
    if let coming = programme, coming.start > now, !live {
      note = "\"\(coming.title)\" starts " + startText(coming.start)
      programme = nil
    }
    var url = entry.streamURL
    var what = "live"
    if let programme, !live, fromStart || programme.stop <= now {
      switch archiveURL(for: programme, row: row) {
      case .success(let archive):
        url = archive
        what =
          "from \(format.clock(programme.start))"
          + (format.local(programme.start).dayNumber == format.local(now).dayNumber
            ? "" : " " + format.shortDate(programme.start))
      case .failure(let reason):
        message = "Cannot play \"\(programme.title)\" from the archive: \(reason)"
        return
      }
    } else if programme == nil, note == nil, fromStart {
      message = "Nothing on now on \(entry.name) to watch from the start"
      return
    }
    // The config's template was checked when read; the default is mpv.
    let command =
      settings.player ?? (try? PlayerCommand(template: PlayerCommand.defaultTemplate))
    guard let command else { return }
    // Titles go to the player, not this terminal: only controls and
    // escape sequences are replaced.
    let invocation = command.invocation(
      url: url, headers: entry.headers, title: programme?.title ?? "", channel: entry.name,
      start: programme?.start, stop: programme?.stop,
      clean: { TextSanitizer.unicode.sanitize($0) })
    var summary = entry.name
    if let programme { summary += ": \"\(programme.title)\"" }
    summary += ", " + what
    if let host = CredentialMask.host(of: url) { summary += " (\(CredentialMask.masked(host)))" }
    let request = PlayRequest(
      invocation: invocation, inTerminal: settings.playerTerminal, summary: summary, note: note)
    effects.append(.play(request))
    let starting = "\(request.playerName): \(summary)"
    message = note.map { "\($0); starting \(starting)" } ?? "Starting \(starting)"
  }

  /// When something starting at `start` (later than now) starts: `14:30,
  /// in 25m` today, `Tue 1 Dec 21:00` on another day.
  func startText(_ start: EpochSeconds) -> String {
    guard format.local(start).dayNumber == format.local(now).dayNumber else {
      return format.shortDate(start) + " " + format.clock(start)
    }
    return format.clock(start) + ", in " + TimeFormat.duration(start - now)
  }

  /// The archive URL of `programme` on `row`'s entry, or why it has none.
  func archiveURL(for programme: Programme, row: GuideModel.Row) -> Result<
    String, CatchupURLBuilder.Unavailable
  > {
    guard let playlist = row.playlist else { return .failure(.noArchive) }
    do throws(CatchupURLBuilder.Unavailable) {
      return .success(
        try CatchupURLBuilder.url(
          streamURL: playlist.entry.streamURL, settings: playlist.catchup,
          start: programme.start, stop: programme.stop, now: now))
    } catch {
      return .failure(error)
    }
  }

  /// Whether `programme` (of `row`) has ended and can be played from the
  /// archive (the grid and the details mark it).
  func isPlayableFromArchive(_ programme: Programme, row: GuideModel.Row) -> Bool {
    guard programme.stop <= now, row.playlist?.catchup.mode != nil else { return false }
    if case .success = archiveURL(for: programme, row: row) { return true }
    return false
  }
}
