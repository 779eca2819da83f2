import EPGFrontEnd
import EPGPlaylist
import EPGSchedule

/// What a command's `GuideSource` gave once loaded: the playlist (if any),
/// each guide as read, and the schedule to show (the guides merged by
/// `ScheduleMerge`, then joined to the playlist by `PlaylistGuide`).
struct LoadedGuide {
  /// One guide as read, with who named it.
  struct Guide {
    var reference: GuideSource.Reference
    var schedule: Schedule
  }

  /// The playlist, when the source is one.
  var playlist: Playlist?
  /// The guides in priority order (for a playlist: `--guide`, else its
  /// header's, else the config's).
  var guides: [Guide]
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
}

extension LoadedGuide {
  /// Why a URL cannot be loaded yet.
  static func urlError(_ url: String) -> LoadError {
    LoadError(
      kind: .unreadable, path: CredentialMask.masked(url),
      message: "URLs are not supported yet; download the file and give its path "
        + "(for a playlist's guide: --guide FILE)")
  }

  /// Loads `source` (not the demo guide). `loadGuide` reads one guide
  /// file, given the days of past listings to keep (the playlist's
  /// longest `catchup-days`, else `defaultPastDays`); errors name the
  /// file, with where it was named (see `GuideSource.explaining`).
  static func load(
    _ source: GuideSource, overrides: [MapOverride], allChannels: Bool, defaultPastDays: Int,
    loadGuide: (String, Int) throws(LoadError) -> Schedule
  ) -> Result<LoadedGuide, LoadFailure> {
    var snapshots: [(path: String, snapshot: FileSnapshot?)] = []
    func note(_ path: String) {
      if path != "-" { snapshots.append((path, FileSnapshot.of(path: path))) }
    }
    var playlist: Playlist?
    var references = source.guides
    if let reference = source.playlist {
      guard let path = reference.path else {
        return .failure(
          LoadFailure(reference.explaining(urlError(reference.location.description).description)))
      }
      note(path)
      do {
        let loaded = try Playlist.load(path: path)
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
    for reference in references {
      guard let path = reference.path else {
        return .failure(
          LoadFailure(reference.explaining(urlError(reference.location.description).description)))
      }
      note(path)
      do {
        guides.append(Guide(reference: reference, schedule: try loadGuide(path, pastDays)))
      } catch {
        return .failure(LoadFailure(reference.explaining(error.description)))
      }
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
        playlist: playlist, guides: guides, merge: merge, joined: joined, matcher: matcher,
        snapshots: snapshots))
  }
}
