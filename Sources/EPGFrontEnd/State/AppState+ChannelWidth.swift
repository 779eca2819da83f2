extension AppState {
  /// Columns `<` and `>` take from or give to the channel column.
  static let channelWidthStep = 2

  /// `>` (`+1`) widens the channel column, `<` (`-1`) narrows it, by
  /// `channelWidthStep` columns within `GuideSettings.channelWidths` and
  /// what the screen allows (`ScreenLayout.channelColumnWidth`). The view
  /// keeps its start time; the selection stays on screen. The status line
  /// gives the width and the config line that keeps it.
  mutating func resizeChannelColumn(_ direction: Int) {
    let current = layout.channelColumnWidth
    var wanted = current + direction * Self.channelWidthStep
    wanted = min(
      max(wanted, GuideSettings.channelWidths.lowerBound), GuideSettings.channelWidths.upperBound)
    let resized = ScreenLayout(size: size, channelWidth: wanted).channelColumnWidth
    guard resized != current else {
      message =
        direction > 0
        ? "The channel column is as wide as it goes (half the screen)"
        : "The channel column is as narrow as it goes"
      return
    }
    settings.channelWidth = resized
    // As after a resize: the view moves only when none of the selected
    // programme is left in view.
    clampView(keepingEnd: false)
    clampRows()
    if let span = selectedProgramme?.span, !span.overlaps(visibleSpan) { reveal(span) }
    message =
      "Channel column: \(resized) columns  (channel_width = \(resized) in the config keeps it)"
  }
}
