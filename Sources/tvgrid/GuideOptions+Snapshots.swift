import EPGActions
import EPGFrontEnd
import EPGLayout
import EPGSchedule
import Foundation

/// Reading guide files through the snapshot cache (issue 17): a guide file
/// loaded before with the same options is read from its snapshot instead
/// of being parsed; a parsed one is queued for `SnapshotWrites`.
extension GuideOptions {
  /// The snapshot folder, `$XDG_CACHE_HOME/tvgrid/snapshots` (else
  /// `~/.cache/tvgrid/snapshots`) bounded by `cache_size`; nil with
  /// `--no-cache` or without a usable home.
  var snapshotCache: SnapshotCache? {
    guard usesCache,
      let folder = TVGridPaths(environment: ProcessInfo.processInfo.environment).cache
    else { return nil }
    return SnapshotCache(directory: folder + "/snapshots", sizeLimit: config.cacheSize)
  }

  /// Days of past listings kept across refreshes without a playlist that
  /// says otherwise (`catchup-days`).
  static let defaultPastDays = 7

  /// The guide file at `path` loaded with `options`: from its snapshot
  /// when there is a good one, else parsed (then given the past listings
  /// of the previous snapshot of the same file, up to `pastDays` days
  /// before the command's now, and queued to be snapshotted). A snapshot
  /// that cannot be used is reported through `note`.
  func loadGuideFile(
    _ path: String, options: LoadOptions, pastDays: Int, note: (String) -> Void
  ) throws(LoadError) -> Schedule {
    guard let cache = snapshotCache, path != "-", let identity = SourceIdentity.file(path) else {
      return try ScheduleLoader.load(path: path, options: options)
    }
    let key = SnapshotKey(source: identity, loadOptions: options)
    switch cache.load(key) {
    case .found(let schedule): return schedule
    case .rejected(let reason):
      note("snapshot of \(path) ignored (\(reason)); reading the file again")
    case .missing: break
    }
    let schedule = try ScheduleLoader.load(path: path, options: options)
    // A file that changed while it was read is not snapshotted under the
    // identity it had before.
    guard SourceIdentity.file(path) == identity else { return schedule }
    return adopt(schedule, key: key, cache: cache, pastDays: pastDays)
  }

  /// `schedule`, just parsed from the file at `path` (a URL's new
  /// download, in the download cache), given the past listings of the
  /// previous snapshot of the same file and queued to be snapshotted.
  func adoptParsed(_ schedule: Schedule, file path: String, options: LoadOptions, pastDays: Int)
    -> Schedule
  {
    guard let cache = snapshotCache, let identity = SourceIdentity.file(path) else {
      return schedule
    }
    return adopt(
      schedule, key: SnapshotKey(source: identity, loadOptions: options), cache: cache,
      pastDays: pastDays)
  }

  /// The past listings of `key`'s previous snapshot added to `schedule`,
  /// which is then queued to be snapshotted under `key`.
  private func adopt(_ schedule: Schedule, key: SnapshotKey, cache: SnapshotCache, pastDays: Int)
    -> Schedule
  {
    var schedule = schedule
    if let older = cache.previous(of: key) {
      let instant = now
      let (kept, count) = schedule.keepingPast(
        of: older, since: instant - Int64(max(0, pastDays)) * 86_400, now: instant)
      if count > 0 {
        schedule = kept
        schedule.report.findings.append(
          LoadReport.Finding(
            kind: .warning, line: 0,
            message: "kept \(count) past programmes of the previous copy of this file "
              + "(up to \(pastDays) days)"))
      }
    }
    SnapshotWrites.shared.add(SnapshotWrites.Job(cache: cache, schedule: schedule, key: key))
    return schedule
  }
}
