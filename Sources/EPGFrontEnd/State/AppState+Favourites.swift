import EPGSchedule

// Favourites and hidden channels chosen in the guide: `*` toggles the
// selected channel's favourite mark, `x` hides it, `u` undoes the last of
// these, `c` shows only favourites. Each change is kept in favourites.json
// by the run loop (`Effect.saveChannelChoices`).
extension AppState {
  /// `configuredGuide` with `channelChoices` applied.
  func arrangedGuide() -> GuideModel {
    guard !channelChoices.isEmpty else { return configuredGuide }
    let arrangement = channelChoices.applied(
      to: settings.channelArrangement, channels: configuredGuide.rows.map(\.channel))
    return configuredGuide.arranged(arrangement)
  }

  /// The selected row's channel and favourite mark, if a row is selected.
  var selectedChannel: (channel: Channel, isFavourite: Bool)? {
    guard guide.rows.indices.contains(selectedRow) else { return nil }
    return (guide.rows[selectedRow].channel, guide.rows[selectedRow].isFavourite)
  }

  mutating func toggleFavourite() {
    guard let (channel, isFavourite) = selectedChannel else { return }
    change(
      to: channelChoices.togglingFavourite(
        channel, isFavourite: isFavourite, config: settings.channelArrangement))
    message =
      isFavourite
      ? "\(channel.name): no longer a favourite  (u: undo)"
      : "\(channel.name): favourite, at the top  (u: undo)"
  }

  mutating func hideChannel() {
    guard let (channel, _) = selectedChannel else { return }
    guard guide.rows.count > 1 else {
      message = "\(channel.name) is the only channel shown"
      return
    }
    change(to: channelChoices.hiding(channel))
    message = "\(channel.name): hidden  (u: undo)"
  }

  mutating func undoChannelChoice() {
    guard let previous = channelChoicesHistory.popLast() else {
      message = "Nothing to undo (u undoes * and x)"
      return
    }
    apply(choices: previous)
    message = "Undone"
  }

  mutating func toggleFavouritesOnly() {
    if !favouritesOnly, !fullGuide.rows.contains(where: \.isFavourite) {
      message = "No favourites yet: * marks the selected channel"
      return
    }
    favouritesOnly.toggle()
    showGroup(group, fallbackToFirst: true)
    message =
      favouritesOnly
      ? "Favourites only: \(guide.rows.count) channel\(guide.rows.count == 1 ? "" : "s")  (c: all)"
      : "All channels"
  }

  /// Makes `choices` the current ones, remembering the old ones for `u`.
  private mutating func change(to choices: ChannelChoices) {
    guard choices != channelChoices else { return }
    channelChoicesHistory.append(channelChoices)
    apply(choices: choices)
  }

  /// Shows the guide with `choices`, keeping the selected channel when it
  /// is still shown (else the row in its place), and asks for them to be
  /// kept.
  private mutating func apply(choices: ChannelChoices) {
    let previous = channelChoices
    channelChoices = choices
    fullGuide = arrangedGuide()
    // Favourites only, and none left: every channel again.
    if favouritesOnly, !fullGuide.rows.contains(where: \.isFavourite) { favouritesOnly = false }
    showGroup(group, fallbackToFirst: false)
    effects.append(.saveChannelChoices(from: previous, to: choices))
  }
}
