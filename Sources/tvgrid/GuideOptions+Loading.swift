import EPGFrontEnd
import EPGLayout
import EPGPlatform
import EPGPlaylist
import EPGRemote
import EPGSchedule
import Foundation

/// Loading the guide the options name, the same way for every command.
extension GuideOptions {
  /// The instant the command works at: `--now`, else the system clock.
  var now: EpochSeconds { fixedNow ?? SystemClock().now() }

  /// Loads the source: the guides and the playlist it names, or the demo
  /// guide from today's midnight in the display zone. With
  /// `showProgress`, a load longer than half a second reports its progress
  /// on standard error. The error names the file and where it was named.
  ///
  /// Guide files go through the snapshot cache (`loadGuideFile`); a
  /// snapshot that could not be used is noted on standard error unless
  /// `quiet` (a live reload runs under curses).
  func loadGuide(showProgress: Bool = false, quiet: Bool = false) -> Result<
    LoadedGuide, LoadFailure
  > {
    guard !source.isDemo else {
      let now = self.now
      let zone = offsetTable(covering: TimeSpan(start: now - 86_400, end: now + 86_400))
      let today = LocalTime.startOfDay(LocalTime(now, in: zone).dayNumber, in: zone)
      let demo = DemoGuide.schedule(start: today, options: loadOptions)
      return .success(
        LoadedGuide(
          playlist: nil, guides: [], merge: ScheduleMerge([demo]), joined: nil, matcher: nil,
          snapshots: []))
    }
    return LoadedGuide.load(
      source, overrides: settings.mapOverrides, allChannels: allChannels,
      defaultPastDays: Self.defaultPastDays,
      reader: sourceReader(showProgress: showProgress, quiet: quiet))
  }

  /// Reads files with the schedule loader through the snapshot cache
  /// (`loadGuideFile`; a snapshot that could not be used is noted on
  /// standard error unless `quiet`) and URLs through the download cache;
  /// with `showProgress`, a read or download longer than half a second
  /// reports its progress on standard error.
  func sourceReader(showProgress: Bool, quiet: Bool = false) -> SourceReader {
    let loadOptions = self.loadOptions
    let options = self
    return SourceReader(
      guideFile: { (file: String, pastDays: Int) throws(LoadError) -> Schedule in
        var fileOptions = loadOptions
        let reporter = LoadProgress(name: file)
        if showProgress { fileOptions.progress = { reporter.report(read: $0, total: $1) } }
        defer { reporter.finish() }
        return try options.loadGuideFile(file, options: fileOptions, pastDays: pastDays) {
          message in
          if !quiet { printError("tvgrid: " + message) }
        }
      },
      guideURL: { (url: String, refresh: Int?, pastDays: Int) throws(LoadError) -> RemoteGuide in
        let remote = try remoteOptions(for: url, playlistRefresh: refresh)
        let reporter = LoadProgress(name: CredentialMask.host(of: url) ?? "the guide")
        defer { reporter.finish() }
        let note = { (message: String) in if !quiet { printError("tvgrid: " + message) } }
        do throws(FetchError) {
          // The cached copy is a file: read through its snapshot, and a
          // new download is snapshotted under the identity of its copy.
          var copy = try RemoteGuideLoader.load(
            url: url, options: remote, loadOptions: loadOptions, now: SystemClock().now(),
            progress: showProgress ? { reporter.report(transfer: $0) } : nil,
            loadFile: { (path: String) throws(LoadError) -> Schedule in
              try options.loadGuideFile(
                path, options: loadOptions, pastDays: pastDays, note: note)
            })
          if copy.origin == .downloaded, let cachePath = copy.cachePath {
            copy.value = options.adoptParsed(
              copy.value, file: cachePath, options: loadOptions, pastDays: pastDays)
          }
          return copy
        } catch {
          throw LoadError(options.explainingTvheadendLogin(error, url: url))
        }
      },
      playlistURL: { (url: String) throws(LoadError) -> RemoteFile in
        let remote = try remoteOptions(for: url)
        do throws(FetchError) {
          return try RemoteFileLoader.load(
            url: url, options: remote, now: SystemClock().now(),
            refusal: { bytes in
              Playlist(parsing: bytes, location: .url(url)).entries.isEmpty
                ? "the new copy has no channels" : nil
            })
        } catch {
          throw LoadError(options.explainingTvheadendLogin(error, url: url))
        }
      })
  }

  /// The schedule to show (see `loadGuide`).
  func loadSchedule(showProgress: Bool = false) -> Result<Schedule, LoadFailure> {
    loadGuide(showProgress: showProgress).map(\.schedule)
  }

  /// `loadGuide()`, or nil after printing the error to standard error as
  /// `prefix` + `FILE:LINE:COLUMN: message` (with the config file's line
  /// when the file came from its `guide`); the caller exits with status 1.
  /// With `printNotices`, the URL sources' notices (an old copy in use,
  /// offline) go to standard error too, after `prefix`.
  /// Progress is shown when standard error is a terminal, unless told.
  func loadReportingErrors(
    prefix: String = "", showProgress: Bool = isatty(2) == 1, printNotices: Bool = true
  ) -> LoadedGuide? {
    switch loadGuide(showProgress: showProgress) {
    case .success(let loaded):
      if printNotices {
        for notice in loaded.notices { printError(prefix + notice) }
      }
      return loaded
    case .failure(let error):
      printError(prefix + error.description)
      return nil
    }
  }

  /// Config file problems on standard error, each after `prefix`: its
  /// warnings, and favourites or hidden channels that name no channel of
  /// `schedule`.
  func printConfigProblems(prefix: String, schedule: Schedule?) {
    var problems = warnings
    if let schedule {
      problems += settings.channelArrangement.problems(in: schedule.channels)
    }
    for problem in problems { printError(prefix + problem) }
  }

  /// Seconds east of UTC in the display zone at `instant`.
  func utcOffset(at instant: EpochSeconds) -> Int {
    timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
  }
}
