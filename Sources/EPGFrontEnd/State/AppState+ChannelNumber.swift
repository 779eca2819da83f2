extension AppState {
  /// Starts a channel number with `digit` (1–9; 0 stays "now").
  mutating func beginChannelEntry(_ digit: Character) {
    channelEntry = ChannelEntry(
      digits: String(digit), originRow: selectedRow, originItem: selectedItem,
      originFocus: focus)
    jumpToTypedChannel()
  }

  /// A key while a channel number is being typed. Returns false when the
  /// key ends the entry and should then act as usual.
  mutating func handleChannelEntry(_ key: Key) -> Bool {
    guard var entry = channelEntry else { return false }
    switch key {
    case .character(let c) where c.isASCII && c.isNumber:
      if entry.digits.count < ChannelEntry.maxDigits { entry.digits.append(c) }
      channelEntry = entry
      jumpToTypedChannel()
    case .backspace, .delete:
      _ = entry.digits.popLast()
      if entry.digits.isEmpty {
        returnFromChannelEntry(entry)
      } else {
        channelEntry = entry
        jumpToTypedChannel()
      }
    case .escape:
      returnFromChannelEntry(entry)
    case .enter:
      channelEntry = nil
    default:
      channelEntry = nil
      return false
    }
    return true
  }

  /// Ends the entry where it began: the same channel, programme and time
  /// range.
  private mutating func returnFromChannelEntry(_ entry: ChannelEntry) {
    channelEntry = nil
    guard guide.rows.indices.contains(entry.originRow) else { return }
    selectedRow = entry.originRow
    selectedItem = entry.originItem
    focus = entry.originFocus
    clampRows()
  }

  /// Moves to the channel the typed digits name (keeping the time) and
  /// says which, or that there is none.
  private mutating func jumpToTypedChannel() {
    guard let digits = channelEntry?.digits else { return }
    guard let row = guide.row(forChannelNumber: digits) else {
      message = "Channel \(digits): no such channel"
      return
    }
    moveToRow(row)
    let channel = guide.rows[row].channel
    message = "Channel \(digits): \(channel.numberAndName)  (Enter: stay, Esc: back)"
  }
}
