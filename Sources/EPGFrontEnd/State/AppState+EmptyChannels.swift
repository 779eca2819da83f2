// Channels with nothing in the guide (`hide_empty`, `X`): a channel whose
// guide has no programme for it, or a playlist entry without listings.
extension GuideModel.Row {
  /// Whether the row has any programme in the guide (at any time).
  public var hasListings: Bool { !programmes.isEmpty }
}

extension AppState {
  /// `X`: hides the channels with nothing in the guide, or shows them
  /// again; the selected channel stays when it is shown (else the row in
  /// its place is selected). The status line says how many.
  mutating func toggleEmptyChannels() {
    let empty = fullGuide.rows.filter { !$0.hasListings }.count
    guard empty > 0 || settings.hidesEmptyChannels else {
      message = "Every channel has listings: none to hide"
      return
    }
    guard empty < fullGuide.rows.count else {
      message = "No channel has listings: all are shown"
      return
    }
    settings.hidesEmptyChannels.toggle()
    showGroup(group, fallbackToFirst: false)
    let channels = "\(empty) channel" + (empty == 1 ? "" : "s")
    message =
      settings.hidesEmptyChannels
      ? "Hiding \(channels) with nothing in the guide  (X: show them)"
      : "Showing every channel, \(channels) without listings  (X: hide them)"
  }
}
