import EPGLayout
import EPGSchedule
import Foundation

/// Small guides and temporary folders for the actions tests.
enum Support {
  /// 2026-11-30 00:00 UTC, in epoch seconds (20 787 days × 86 400).
  static let day: EpochSeconds = 1_795_996_800

  /// `hour` (may be fractional) on 2026-11-30 UTC.
  static func at(_ hour: Double) -> EpochSeconds { day + EpochSeconds(hour * 3600) }

  static func programme(
    _ title: String, _ start: Double, _ stop: Double, subTitle: String? = nil,
    description: String? = nil, categories: [String] = [], credits: [Credit] = [],
    ratings: [String] = [], flags: Programme.Flags = []
  ) -> Programme {
    Programme(
      start: at(start), stop: at(stop), title: title, subTitle: subTitle,
      description: description, categories: categories, ratings: ratings, credits: credits,
      flags: flags)
  }

  /// A fresh empty folder under the temporary directory.
  static func folder() -> String {
    let path = NSTemporaryDirectory() + "epgactions-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Writes a script. Tests run it as `/bin/sh SCRIPT`, so the file
  /// executed is never one just written: a file open for writing cannot be
  /// executed ("text file busy"), and a process another test is spawning at
  /// that moment may briefly hold it open.
  static func script(_ path: String, _ text: String) {
    FileManager.default.createFile(
      atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o755])
  }
}
