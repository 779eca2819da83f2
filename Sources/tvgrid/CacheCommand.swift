import EPGActions
import EPGFrontEnd
import EPGPlaylist
import EPGRemote
import EPGSchedule
import Foundation

/// `tvgrid cache [clear [--downloads | --snapshots]]`: the snapshots of
/// parsed guides (issue 17) and the downloads of URL sources, one line
/// each with its size, age and source; `clear` removes both (only
/// tvgrid's own files, nothing else in the folder), `--downloads` or
/// `--snapshots` only those.
enum CacheCommand {
  static func run(arguments: [String]) -> Int32 {
    let clear: Bool
    var clearSnapshots = true
    var clearDownloads = true
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: GuideOptions.cacheFlagNames.union(["--downloads", "--snapshots"]),
        options: [])
      switch try args.optionalPositional() {
      case nil: clear = false
      case "clear": clear = true
      case let other?: throw UsageError("unknown word '\(other)' (try 'tvgrid cache clear')")
      }
      if args.flag("--downloads") || args.flag("--snapshots") {
        guard clear else { throw UsageError("--downloads and --snapshots go with 'clear'") }
        clearDownloads = args.flag("--downloads")
        clearSnapshots = args.flag("--snapshots")
      }
    } catch {
      return reportUsage(error, command: "cache")
    }
    let environment = ProcessInfo.processInfo.environment
    guard let folder = TVGridPaths(environment: environment).cache else {
      printError("tvgrid cache: no cache folder (set HOME or XDG_CACHE_HOME)")
      return 1
    }
    let cache = SnapshotCache(
      directory: folder + "/snapshots",
      sizeLimit: ConfigFile.load(environment: environment).cacheSize)
    if clear {
      if clearSnapshots {
        let removed = cache.clear()
        print("removed \(removed) snapshot\(removed == 1 ? "" : "s") from \(cache.directory)")
      }
      if clearDownloads {
        let (removed, inUse) = RemoteCache.clear(directory: folder)
        let left = inUse > 0 ? " (\(inUse) in use by another tvgrid, left)" : ""
        print("removed \(removed) download\(removed == 1 ? "" : "s") from \(folder)\(left)")
      }
      return 0
    }
    let now = Int64(Date().timeIntervalSince1970)
    let entries = cache.entries().sorted { $0.lastUsed > $1.lastUsed }
    print(
      "\(cache.directory): \(entries.count) snapshot\(entries.count == 1 ? "" : "s"), "
        + "\(size(entries.reduce(0) { $0 + $1.size })) of \(size(cache.sizeLimit))")
    for entry in entries {
      let header = cache.header(of: entry)
      let age = header.map { now - $0.writtenAt } ?? now - entry.lastUsed
      let source = header?.sourcePath ?? "(unreadable: \(entry.name))"
      print("\(size(entry.size).leftPadded(9))  \(duration(age).leftPadded(8))  \(source)")
    }
    let downloads = RemoteCache.entries(directory: folder)
    print(
      "\(folder): \(downloads.count) download\(downloads.count == 1 ? "" : "s"), "
        + size(downloads.reduce(0) { $0 + $1.size }))
    for entry in downloads {
      let age = entry.metadata.map { duration(now - $0.fetchedAt) } ?? "?"
      // Masked again: metadata written by an older tvgrid may hide less.
      let source =
        entry.metadata.map { CredentialMask.masked($0.url) } ?? "(no metadata: \(entry.key))"
      print("\(size(entry.size).leftPadded(9))  \(age.leftPadded(8))  \(source)")
    }
    return 0
  }

  /// `12.3 MiB`, `512 B`.
  static func size(_ bytes: Int64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
  }

  /// `42 s`, `5 min`, `3 h`, `2 days` (seconds, rounded down).
  static func duration(_ seconds: Int64) -> String {
    let seconds = max(0, seconds)
    if seconds < 60 { return "\(seconds) s" }
    if seconds < 3600 { return "\(seconds / 60) min" }
    if seconds < 172_800 { return "\(seconds / 3600) h" }
    return "\(seconds / 86_400) days"
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
