import EPGLayout
import EPGSchedule
import Foundation

@testable import EPGActions

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

  /// `CommandLauncher.launch`, tried again while the program is "busy": a
  /// script just written can be held open for writing by a process that
  /// another test is spawning at that moment (ETXTBSY until it execs).
  static func launch(
    _ arguments: [String], logDirectory: String, logName: String = "commands.log",
    now: EpochSeconds = 0, mask: (String) -> String = { $0 }
  ) throws -> LaunchedProcess {
    var attempts = 0
    while true {
      let result = Result { () throws(CommandLauncher.LaunchError) -> LaunchedProcess in
        try CommandLauncher.launch(
          arguments, logDirectory: logDirectory, logName: logName, now: now, mask: mask)
      }
      attempts += 1
      if case .failure(let error) = result, error.message.hasSuffix("Text file busy"),
        attempts < 50
      {
        usleep(20_000)
        continue
      }
      return try result.get()
    }
  }

  /// Writes an executable script.
  static func script(_ path: String, _ text: String) {
    FileManager.default.createFile(
      atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o755])
  }
}
