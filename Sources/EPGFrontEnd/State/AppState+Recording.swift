import EPGLayout
import EPGRemote
import EPGSchedule

/// `R`: recording on a tvheadend server (the guide opened with
/// `--tvheadend` or the config's `tvheadend`).
extension AppState {
  /// The channel id a row's programmes are listed under: its guide
  /// channel (a playlist entry's match), else its own id. For tvheadend,
  /// the channel UUID.
  func guideChannelID(row: Int) -> String? {
    guard guide.rows.indices.contains(row) else { return nil }
    let channel = guide.rows[row]
    return channel.playlist?.guideChannelID ?? channel.channel.id
  }

  /// The scheduled or running recording of `programme` on `row`: one on
  /// the same channel that covers the programme's middle.
  public func recording(of programme: Programme, row: Int) -> TvheadendRecording? {
    guard let recordings, let channel = guideChannelID(row: row) else { return nil }
    let middle = programme.start + (programme.stop - programme.start) / 2
    return recordings.first { $0.channel == channel && $0.start <= middle && middle < $0.stop }
  }

  /// `R` on the selected programme: cancels its recording when it has one,
  /// else asks for one (not for a programme that has ended). The run loop
  /// does it (`Effect.record`, `.cancelRecording`) and reports back.
  mutating func toggleRecording() {
    guard recordings != nil else {
      message = "R records on a tvheadend server: tvgrid --tvheadend http://HOST:9981"
      return
    }
    guard let ref = selection, let programme = selectedProgramme,
      let channel = guideChannelID(row: ref.row)
    else {
      message = "No programme selected"
      return
    }
    if let scheduled = recording(of: programme, row: ref.row) {
      effects.append(.cancelRecording(scheduled, title: programme.title))
      return
    }
    guard programme.stop > now else {
      message = "\"\(programme.title)\" has ended: it cannot be recorded"
      return
    }
    let quoted = "\"\(programme.title)\""
    effects.append(
      .record(
        RecordingRequest(
          channel: channel, start: programme.start, stop: programme.stop, title: programme.title,
          done: programme.start > now
            ? "scheduled \(quoted) for " + startText(programme.start) : "recording \(quoted)")))
  }
}
