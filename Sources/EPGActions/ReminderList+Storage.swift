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
///          "fired": "2026-11-30T15:00:00Z", "missing": true},
///         {"channel": "bbc1.uk", "shift": 3600, "channelName": "BBC One +1", …}
///       ]
///     }
///
/// `subtitle`, `fired` (the start it fired for), `missing` and `shift`
/// (seconds, see `Reminder.shift`) are optional. Times are UTC ISO 8601
/// (anything `TimestampParser` reads is accepted).
///
/// A `StoredDocument`: read with `StoredFile.load`, changed with
/// `StoredFile.update` (under the file's lock, applying only this
/// tvgrid's change), so the guide and `tvgrid remind` from cron never undo
/// each other's changes (a lost "fired" would fire twice).
extension ReminderList: StoredDocument {
  /// The file format's version; a file with a higher one is read but not
  /// written over.
  public static let formatVersion = 1

  public init() { self.init([]) }

  /// Reads the reminders at `path` (`StoredFile.load`).
  public static func load(path: String, now: EpochSeconds) -> StoredFile.Loaded<ReminderList> {
    StoredFile.load(ReminderList.self, path: path, now: now)
  }

  /// Writes the list to `path` atomically.
  public func save(path: String) throws(StoredFile.WriteError) {
    try StoredFile.write(encoded(), to: path)
  }

  public func encoded() -> Data { Data(text().utf8) }

  /// The file's text: one reminder per line, so a hand edit or a problem
  /// report points at one.
  public func text() -> String {
    let lines = reminders.map { reminder -> String in
      var object: [String: Any] = [
        "channel": reminder.channelID, "channelName": reminder.channelName,
        "title": reminder.title, "start": ScheduleJSON.isoString(reminder.start),
        "stop": ScheduleJSON.isoString(reminder.stop),
      ]
      if let subtitle = reminder.subtitle { object["subtitle"] = subtitle }
      if let fired = reminder.firedStart { object["fired"] = ScheduleJSON.isoString(fired) }
      if reminder.isMissing { object["missing"] = true }
      if reminder.shift != 0 { object["shift"] = reminder.shift }
      let data =
        (try? JSONSerialization.data(
          withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
      return "    " + String(decoding: data, as: UTF8.self)
    }
    let body = lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n  "
    return "{\n  \"version\": \(Self.formatVersion),\n  \"reminders\": [\(body)]\n}\n"
  }

  /// Reads the file's text; `name` prefixes the problems.
  public static func decode(_ data: Data, name: String) -> StoredDecoding<ReminderList> {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      let text = String(decoding: data, as: UTF8.self)
      let line = JSONLines.errorLine(in: text).map { ":\($0)" } ?? ""
      return StoredDecoding(document: ReminderList(), problems: ["\(name)\(line): not valid JSON"])
    }
    guard let object = root as? [String: Any], let entries = object["reminders"] as? [Any]
    else {
      return StoredDecoding(
        document: ReminderList(),
        problems: ["\(name):1: expected an object with a \"reminders\" list"])
    }
    if let version = object["version"] as? Int, version > formatVersion {
      return StoredDecoding(
        document: ReminderList(entries.compactMap { reminder(from: $0) }), newerVersion: version)
    }
    let lines = JSONLines.elementLines(in: String(decoding: data, as: UTF8.self))["reminders"] ?? []
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
    return StoredDecoding(document: ReminderList(reminders), problems: problems)
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
    // Seconds, within the ±48 h a playlist's tvg-shift may have.
    var shift: Int64 = 0
    if let value = object["shift"] {
      guard let seconds = value as? Int, abs(seconds) <= 48 * 3600 else { return nil }
      shift = Int64(seconds)
    }
    return Reminder(
      channelID: channel, channelName: object["channelName"] as? String ?? channel,
      title: title, subtitle: object["subtitle"] as? String, start: start, stop: stop,
      firedStart: fired, isMissing: object["missing"] as? Bool ?? false, shift: shift)
  }
}
