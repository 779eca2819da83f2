import EPGActions
import EPGLayout
import EPGSchedule

/// Files written by versions that kept playlist rows by position
/// (`m3u:3`: the third entry) are moved to channel keys (`ChannelKey`)
/// where the row can still be told: a reminder by the channel name kept
/// with it (else by its position when that row still shows its programme),
/// favourites and hidden channels by their position.
extension PlaylistGuide {
  /// What a migration did, for the message.
  public struct RowKeyMigration: Sendable {
    /// Old row id, the name kept with it (reminders), the new key.
    public var moved: [(old: String, name: String?, key: ChannelKey)] = []
    /// Old row ids that name no row of this playlist, with their names.
    public var unresolved: [(old: String, name: String?)] = []

    public init() {}

    public var isEmpty: Bool { moved.isEmpty && unresolved.isEmpty }

    /// One line for what moved and one per row not found, each after
    /// `file: ` (`reminders.json: kept by channel now, not by playlist
    /// row: m3u:3 (BBC One +1) → bbc1.uk shift +1`); `playlist` names the
    /// playlist; at most `limit` items each.
    public func messages(file: String, playlist: String, limit: Int = 10) -> [String] {
      func named(_ old: String, _ name: String?) -> String {
        name.map { "\(old) (\($0))" } ?? old
      }
      var lines: [String] = []
      if !moved.isEmpty {
        let items = moved.prefix(limit).map { named($0.old, $0.name) + " → " + $0.key.text }
        let more = moved.count > limit ? ", … (\(moved.count - limit) more)" : ""
        lines.append(
          "\(file): kept by channel now, not by playlist row: "
            + items.joined(separator: ", ") + more)
      }
      for item in unresolved.prefix(limit) {
        lines.append(
          "\(file): \(named(item.old, item.name)) is no row of \(playlist); kept as it is")
      }
      if unresolved.count > limit {
        lines.append("\(file): … and \(unresolved.count - limit) more rows not found")
      }
      return lines
    }
  }

  /// The entry index of a row id older versions wrote (`m3u:3` → 2; the
  /// prefix may have `~`s: `m3u~:3`), or nil for any other id.
  static func oldRowIndex(_ id: String) -> Int? {
    guard id.hasPrefix("m3u"), let colon = id.firstIndex(of: ":") else { return nil }
    let tildes = id[id.index(id.startIndex, offsetBy: 3)..<colon]
    guard tildes.allSatisfy({ $0 == "~" }), let number = Int(id[id.index(after: colon)...]),
      number >= 1
    else { return nil }
    return number - 1
  }

  /// `list` with the reminders kept by row moved to their channel's key:
  /// the entry whose row has the reminder's channel name (the one at the
  /// old position, or one showing the programme, when several do), else
  /// the entry at the old position when its row shows the programme
  /// (start and title). Others stay as they are.
  public func migratingRowKeys(of list: ReminderList) -> (
    list: ReminderList, migration: RowKeyMigration
  ) {
    var migration = RowKeyMigration()
    let entries = schedule.channels.indices.prefix(matches.count)
    func shows(_ reminder: Reminder, _ row: Int) -> Bool {
      schedule.programmes[row].contains {
        $0.start == reminder.start
          && $0.title.caseInsensitiveCompare(reminder.title) == .orderedSame
      }
    }
    let reminders = list.reminders.map { reminder -> Reminder in
      guard let old = Self.oldRowIndex(reminder.channelID) else { return reminder }
      let named = entries.filter { schedule.channels[$0].name == reminder.channelName }
      let row =
        named.contains(old)
        ? old
        : (named.first { shows(reminder, $0) } ?? named.first)
          ?? (entries.contains(old) && shows(reminder, old) ? old : nil)
      guard let row else {
        migration.unresolved.append((reminder.channelID, reminder.channelName))
        return reminder
      }
      var moved = reminder
      let key = schedule.channels[row].key
      moved.channelID = key.id
      moved.shift = key.shift
      migration.moved.append((reminder.channelID, reminder.channelName, key))
      return moved
    }
    return (ReminderList(reminders), migration)
  }

  /// `ids` (favourites or hidden channels) with the row ids moved to the
  /// key of the entry at that position; a position past the playlist's
  /// end stays as it is.
  public func migratingRowKeys(of ids: [String]) -> (ids: [String], migration: RowKeyMigration) {
    var migration = RowKeyMigration()
    var result: [String] = []
    for id in ids {
      guard let old = Self.oldRowIndex(id) else {
        if !result.contains(id) { result.append(id) }
        continue
      }
      guard old < matches.count else {
        migration.unresolved.append((id, nil))
        if !result.contains(id) { result.append(id) }
        continue
      }
      let key = schedule.channels[old].key
      migration.moved.append((id, schedule.channels[old].name, key))
      if !result.contains(key.text) { result.append(key.text) }
    }
    return (result, migration)
  }
}
