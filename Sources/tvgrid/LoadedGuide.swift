import EPGFrontEnd
import EPGPlaylist
import EPGRemote
import EPGSchedule

/// What a command's `GuideSource` gave once loaded: the playlist (if any),
/// each guide as read, and the schedule to show (the guides merged by
/// `ScheduleMerge`, then joined to the playlist by `PlaylistGuide`).
struct LoadedGuide {
  /// One guide as read, with who named it.
  struct Guide {
    var reference: GuideSource.Reference
    var schedule: Schedule
    /// Which copy of a URL source this is; nil for a file.
    var remote: RemoteState?
  }

  /// A guide that could not be loaded while others (or the playlist) were.
  struct FailedGuide {
    var reference: GuideSource.Reference
    /// `URL: message` (or `FILE:LINE:COLUMN: message`), credentials masked.
    var error: String
    /// `error` with where the guide was named (`list.m3u: x-tvg-url: …`).
    var explained: String { reference.explaining(error) }
  }

  /// Which copy of a URL source was used (`RemoteCopy` without its value).
  struct RemoteState {
    /// The URL as given, for asking the cache whether it is due (may hold
    /// credentials: never shown).
    var source: String
    /// The playlist header's `refresh` it was fetched with, in seconds.
    var playlistRefresh: Int?
    /// The URL with credentials masked.
    var url: String
    var origin: RemoteOrigin
    /// When the copy was downloaded or last confirmed (seconds since 1970).
    var fetchedAt: Int64
    /// `guide.example: using the copy from …`, when worth saying.
    var notice: String?

    init<Value>(_ copy: RemoteCopy<Value>, url: String, playlistRefresh: Int? = nil) {
      source = url
      self.playlistRefresh = playlistRefresh
      self.url = CredentialMask.masked(url)
      origin = copy.origin
      fetchedAt = copy.fetchedAt
      notice = copy.notice
    }
  }

  /// The playlist, when the source is one.
  var playlist: Playlist?
  /// Which copy of the playlist, when it came from a URL.
  var playlistRemote: RemoteState?
  /// The guides in priority order (for a playlist: `--guide`, else its
  /// header's, else the config's).
  var guides: [Guide]
  /// The guides that failed to load, in priority order: left out of the
  /// merge and reported (stderr, the status line, `check`).
  var failedGuides: [FailedGuide] = []
  /// The guides merged (the one guide as it is; an empty schedule for a
  /// playlist without guides).
  var merge: ScheduleMerge
  /// The playlist joined to `merge.schedule`, when the source is one.
  var joined: PlaylistGuide?
  /// The matcher `joined` was built with (for `MatchReport`).
  var matcher: PlaylistMatcher?
  /// The files read and their state just before each was read, for live
  /// reload (nil: could not be stat'ed); standard input is left out.
  var snapshots: [(path: String, snapshot: FileSnapshot?)]

  /// The schedule to show: the playlist's rows, else the merged guides.
  var schedule: Schedule { joined?.schedule ?? merge.schedule }

  /// The guides that failed, then the notices of the URL sources (a
  /// failed download, offline copies), playlist first, credentials masked;
  /// then the guides whose XML needed mistakes made good (`guide.xml: 2
  /// mistakes in the XML made good; …`).
  var notices: [String] {
    failedGuides.map(\.explained) + remoteSources.compactMap(\.notice)
      + guides.compactMap { guide in
        let count = guide.schedule.report.repairCount
        guard count > 0 else { return nil }
        let name = guide.reference.location.shown
        return "\(name): \(count) mistake\(count == 1 ? "" : "s") in the XML made good"
          + " (a bare '&', say); tvgrid check lists them"
      }
  }

  /// The URL sources, playlist first.
  var remoteSources: [RemoteState] {
    ([playlistRemote] + guides.map(\.remote)).compactMap { $0 }
  }

  /// Whether any URL source was downloaded anew (not a 304, a fresh cached
  /// copy, an offline copy or a kept last good copy).
  var hasNewDownload: Bool { remoteSources.contains { $0.origin == .downloaded } }
}

/// Reads one source of a `GuideSource`: a file as it is, a URL through
/// the cache (`EPGRemote`).
struct SourceReader {
  /// Reads a guide file, keeping the given days of past listings (from
  /// its snapshot's older copy).
  var guideFile: (String, Int) throws(LoadError) -> Schedule
  /// Fetches a guide URL; the `Int?` is the playlist header's `refresh` in
  /// seconds, if any; the `Int` the days of past listings to keep.
  var guideURL: (String, Int?, Int) throws(LoadError) -> RemoteGuide
  /// Fetches a playlist URL.
  var playlistURL: (String) throws(LoadError) -> RemoteFile
}

extension LoadedGuide {
  /// Loads `source` (not the demo guide) with `reader`; a guide file is
  /// read given the days of past listings to keep (the playlist's longest
  /// `catchup-days`, else `defaultPastDays`); errors name the file or
  /// masked URL, with where it was named (see `GuideSource.explaining`).
  ///
  /// A guide that fails is left out and kept in `failedGuides` when there
  /// is something to show without it (a playlist, or another guide that
  /// loads); only when nothing at all loads is the first error the result.
  static func load(
    _ source: GuideSource, overrides: [MapOverride], allChannels: Bool, defaultPastDays: Int,
    reader: SourceReader
  ) -> Result<LoadedGuide, LoadFailure> {
    var snapshots: [(path: String, snapshot: FileSnapshot?)] = []
    func note(_ path: String) {
      if path != "-" { snapshots.append((path, FileSnapshot.of(path: path))) }
    }
    var playlist: Playlist?
    var playlistRemote: RemoteState?
    var references = source.guides
    if let reference = source.playlist {
      do throws(LoadError) {
        let loaded: Playlist
        switch reference.location {
        case .file(let path):
          note(path)
          loaded = try Playlist.load(path: path)
        case .url(let url):
          let copy = try reader.playlistURL(url)
          playlistRemote = RemoteState(copy, url: url)
          loaded = Playlist(parsing: copy.bytes, location: .url(url))
        }
        playlist = loaded
        references = source.guides(for: loaded)
      } catch {
        return .failure(LoadFailure(reference.explaining(error.description)))
      }
    }
    let pastDays =
      playlist.flatMap { list in list.entries.compactMap { list.catchup(for: $0).days }.max() }
      ?? defaultPastDays
    var guides: [Guide] = []
    var failed: [FailedGuide] = []
    for reference in references {
      do throws(LoadError) {
        switch reference.location {
        case .file(let path):
          note(path)
          guides.append(Guide(reference: reference, schedule: try reader.guideFile(path, pastDays)))
        case .url(let url):
          let copy = try reader.guideURL(url, playlist?.header.refresh, pastDays)
          guides.append(
            Guide(
              reference: reference, schedule: copy.schedule, remote: RemoteState(copy, url: url)))
        }
      } catch {
        failed.append(FailedGuide(reference: reference, error: error.description))
      }
    }
    if playlist == nil, guides.isEmpty, let first = failed.first {
      return .failure(LoadFailure(first.explained))
    }
    let merge = ScheduleMerge(guides.map(\.schedule))
    var joined: PlaylistGuide?
    var matcher: PlaylistMatcher?
    if let playlist {
      let built = PlaylistMatcher(channels: merge.schedule.channels, overrides: overrides)
      matcher = built
      joined = PlaylistGuide(
        playlist: playlist, guide: merge.schedule, matcher: built, allChannels: allChannels)
    }
    return .success(
      LoadedGuide(
        playlist: playlist, playlistRemote: playlistRemote, guides: guides, failedGuides: failed,
        merge: merge, joined: joined, matcher: matcher, snapshots: snapshots))
  }
}
