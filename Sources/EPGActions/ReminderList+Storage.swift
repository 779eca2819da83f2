import EPGLayout
import EPGSchedule
import Foundation

/// `reminders.json`:
///
///     {
///       "version": 1,
///       "reminders": [
///         {"channel": "bbc1.uk", "channelName": "BBC One", "title": "Doctors",
///          "start": "2026-11-30T15:00:00Z", "stop": "2026-11-30T15:45:00Z",
///          "fired": "2026-11-30T15:00:00Z", "missing": true}
///       ]
///     }
///
/// `subtitle`, `fired` (the start it fired for) and `missing` are optional.
/// Times are UTC ISO 8601 (anything `TimestampParser` reads is accepted).
///
/// To change the file, load, change and save inside one
/// `StoredFile.locked(path)`, so the guide and `tvgrid remind` from cron
/// never undo each other's changes (a lost "fired" would fire twice).
extension ReminderList {
  /// The file format's version; a file with a higher one is read but not
  /// written over.
  public static let formatVersion = 1

  /// The result of reading the reminders file.
  public struct Loaded: Sendable {
    public var list: ReminderList
    /// Problems, each `FILE:LINE: message` (or `FILE: message`).
    public var problems: [String]
    /// Where the unreadable file (or a copy of one with bad entries) was
    /// moved, if it was.
    public var movedAside: String?
    /// False when the file must not be written over (a newer format, or
    /// a bad file that could not be moved aside).
    public var writable: Bool
  }

  /// Reads the reminders at `path`: no file is an empty list; a file that
  /// is not JSON of this shape is moved aside and reported; entries that
  /// cannot be read are reported with their line, and the file is copied
  /// aside before the good ones are kept, so nothing is lost.
  public static func load(path: String, now: EpochSeconds) -> Loaded {
    guard let data = StoredFile.read(path) else {
      return Loaded(list: ReminderList(), problems: [], movedAside: nil, writable: true)
    }
    let name = (path as NSString).lastPathComponent
    let decoded = decode(data, name: name)
    if decoded.problems.isEmpty, decoded.newerVersion == nil {
      return Loaded(list: decoded.list, problems: [], movedAside: nil, writable: true)
    }
    var problems = decoded.problems
    if let version = decoded.newerVersion {
      problems.append("\(name): written by a newer tvgrid (format \(version)); not changed")
      return Loaded(list: decoded.list, problems: problems, movedAside: nil, writable: false)
    }
    // Keep the file as it was: move it aside, or copy it when some
    // reminders are kept (they will be written back under the old name).
    let stamp = ScheduleJSON.isoString(now).filter { $0 != "-" && $0 != ":" }
    var aside: String?
    if decoded.list.isEmpty {
      aside = StoredFile.moveAside(path, now: now)
    } else {
      let target = path + ".corrupt-" + stamp
      if !FileManager.default.fileExists(atPath: target),
        (try? StoredFile.write(data, to: target)) != nil
      {
        aside = target
      }
    }
    if let aside {
      problems.append("\(name): kept as \((aside as NSString).lastPathComponent)")
    } else {
      problems.append("\(name): could not be moved aside; not changed")
    }
    return Loaded(
      list: decoded.list, problems: problems, movedAside: aside, writable: aside != nil)
  }

  /// Writes the list to `path` atomically.
  public func save(path: String) throws(StoredFile.WriteError) {
    try StoredFile.write(Data(encoded().utf8), to: path)
  }

  /// The file's text: one reminder per line, so a hand edit or a problem
  /// report points at one.
  public func encoded() -> String {
    let lines = reminders.map { reminder -> String in
      var object: [String: Any] = [
        "channel": reminder.channelID, "channelName": reminder.channelName,
        "title": reminder.title, "start": ScheduleJSON.isoString(reminder.start),
        "stop": ScheduleJSON.isoString(reminder.stop),
      ]
      if let subtitle = reminder.subtitle { object["subtitle"] = subtitle }
      if let fired = reminder.firedStart { object["fired"] = ScheduleJSON.isoString(fired) }
      if reminder.isMissing { object["missing"] = true }
      let data =
        (try? JSONSerialization.data(
          withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
      return "    " + String(decoding: data, as: UTF8.self)
    }
    let body = lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n  "
    return "{\n  \"version\": \(Self.formatVersion),\n  \"reminders\": [\(body)]\n}\n"
  }

  /// Reads the file's text; `name` prefixes the problems.
  static func decode(_ data: Data, name: String) -> (
    list: ReminderList, problems: [String], newerVersion: Int?
  ) {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      let text = String(decoding: data, as: UTF8.self)
      let line = JSONLines.errorLine(in: text).map { ":\($0)" } ?? ""
      return (ReminderList(), ["\(name)\(line): not valid JSON"], nil)
    }
    guard let object = root as? [String: Any], let entries = object["reminders"] as? [Any]
    else {
      return (ReminderList(), ["\(name):1: expected an object with a \"reminders\" list"], nil)
    }
    if let version = object["version"] as? Int, version > formatVersion {
      return (ReminderList(entries.compactMap { reminder(from: $0) }), [], version)
    }
    let lines = JSONLines.elementLines(in: String(decoding: data, as: UTF8.self))
    var reminders: [Reminder] = []
    var problems: [String] = []
    for (index, entry) in entries.enumerated() {
      if let reminder = reminder(from: entry) {
        reminders.append(reminder)
      } else {
        let line = index < lines.count ? ":\(lines[index])" : ""
        problems.append(
          "\(name)\(line): reminder \(index + 1) needs channel, title, start and stop")
      }
    }
    return (ReminderList(reminders), problems, nil)
  }

  static func reminder(from entry: Any) -> Reminder? {
    guard let object = entry as? [String: Any],
      let channel = object["channel"] as? String, !channel.isEmpty,
      let title = object["title"] as? String,
      let startText = object["start"] as? String,
      let start = TimestampParser.parse(startText, floatingOffset: 0),
      let stopText = object["stop"] as? String,
      let stop = TimestampParser.parse(stopText, floatingOffset: 0)
    else { return nil }
    let fired = (object["fired"] as? String).flatMap {
      TimestampParser.parse($0, floatingOffset: 0)
    }
    return Reminder(
      channelID: channel, channelName: object["channelName"] as? String ?? channel,
      title: title, subtitle: object["subtitle"] as? String, start: start, stop: stop,
      firedStart: fired, isMissing: object["missing"] as? Bool ?? false)
  }
}
