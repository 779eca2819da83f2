import EPGLayout
import EPGPlaylist
import EPGSchedule

/// Loads a guide from an http(s) URL through the cache, keeping the last
/// good copy (see `CachedDownload`). The body streams into the loader
/// while it downloads (`StreamingScheduleParser`); a new copy must load
/// and pass `GuideAcceptance` to replace the last good one.
public enum RemoteGuideLoader {
  /// Loads `url`. `now`: seconds since 1970 (refresh interval, coverage
  /// check). `progress` gets the transfer's bytes and rate (return false to
  /// stop). Throws only when there is no usable copy at all (the first
  /// download failed, or offline with no cache); the error names the URL
  /// with credentials masked. `loadFile` reads the cached copy (by
  /// default the schedule loader; tvgrid reads it through its snapshot).
  public static func load(
    url: String, options: RemoteOptions, loadOptions: LoadOptions = LoadOptions(),
    now: EpochSeconds, progress: ((TransferProgress) -> Bool)? = nil,
    loadFile: ((String) throws(LoadError) -> Schedule)? = nil
  ) throws(FetchError) -> RemoteGuide {
    let masked = CredentialMask.masked(url)
    let acceptance = GuideAcceptance(
      minimumShare: options.minimumShare, coverageWindow: options.coverageWindow)
    let content = RemoteContent<Schedule>(
      makeReceiver: {
        guard let parser = StreamingScheduleParser(name: masked, options: loadOptions) else {
          let failure = FetchError(kind: .other, url: url, message: "cannot start the loader")
          return .init(consume: { _ in false }, finish: { .failure(failure) })
        }
        return .init(
          consume: { chunk in
            guard !parser.hasStopped else { return false }
            parser.write(chunk)
            return true
          },
          finish: {
            parser.finish().mapError {
              FetchError(kind: .notAGuide, url: url, message: $0.description)
            }
          })
      },
      loadCached: { path throws(FetchError) in
        do throws(LoadError) {
          if let loadFile { return try loadFile(path) }
          return try ScheduleLoader.load(path: path, options: loadOptions)
        } catch {
          throw FetchError(
            kind: .notAGuide, url: url, message: "the cached copy does not load: \(error.message)")
        }
      },
      summary: { schedule in
        // Times alone: a copy read from its snapshot is not decoded.
        (
          schedule.programmeCount,
          schedule.programmes.compactMap { $0.isEmpty ? nil : $0.span(at: $0.count - 1).end }
            .max() ?? 0
        )
      },
      refusal: { schedule, lastGood in
        acceptance.refusal(of: schedule, lastGood: lastGood, now: now)
      })
    return try CachedDownload.load(
      url: url, options: options, now: now, progress: progress, content: content)
  }
}
