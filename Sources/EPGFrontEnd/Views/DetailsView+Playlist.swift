import EPGPlaylist
import EPGRaster
import EPGSchedule

extension DetailsView {
  /// How a playlist row got its listings: `by id (bbc1.uk)`, `by id,
  /// ignoring case (…)`, `by id without its country or feed (CCTV1)`,
  /// `by name (…)`, `by override (map =) (…)`,
  /// `ambiguous: A (a), B (b) fit`, `unmatched`; then the shift, if any.
  static func matchText(_ row: PlaylistRow, unicode: Bool) -> String {
    let channel = row.guideChannelID.map { " (\($0))" } ?? ""
    var text: String
    switch row.match {
    case .id: text = "by id" + channel
    case .caseInsensitiveID: text = "by id, ignoring case" + channel
    case .suffix: text = "by id without its country or feed" + channel
    case .name: text = "by name" + channel
    case .override: text = "by override (map =)" + channel
    case .ambiguous(let candidates):
      let names = row.candidates.map { channel in
        channel.name == channel.id ? channel.id : "\(channel.name) (\(channel.id))"
      }
      text =
        "ambiguous: "
        + (names.isEmpty ? "\(candidates.count) guide channels" : names.joined(separator: ", "))
        + " fit"
    case .none: text = "unmatched"
    }
    if row.shift != 0 {
      let hours = Double(row.shift) / 3600
      let sign = row.shift > 0 ? "+" : (unicode ? "−" : "-")
      let magnitude = abs(hours)
      let number =
        magnitude == magnitude.rounded() ? String(Int(magnitude)) : String(magnitude)
      text += ", shifted \(sign)\(number) h"
    }
    return text
  }

  /// The playlist's lines of the details of `programme` on `row`: group,
  /// number, stream host (never credentials), match, and whether the
  /// programme can be played from the archive (or why not).
  func playlistLines(_ row: GuideModel.Row, programme: Programme) -> [(
    label: String?, text: String, style: Style
  )] {
    guard let playlist = row.playlist else { return [] }
    let entry = playlist.entry
    var result: [(label: String?, text: String, style: Style)] = []
    if !entry.groups.isEmpty {
      result.append(("Group", entry.groups.joined(separator: ", "), palette.text))
    }
    if let number = entry.number { result.append(("Number", number, palette.text)) }
    let host = CredentialMask.host(of: entry.streamURL).map(CredentialMask.masked) ?? "?"
    result.append(("Stream", host, palette.text))
    result.append(
      ("Listings", Self.matchText(playlist, unicode: state.settings.unicode), palette.text))
    result.append(("Watch", watchText(row, programme: programme), palette.text))
    return result
  }

  /// The tvheadend line of the details: whether the programme is to be
  /// recorded, and what `R` does; none without a tvheadend server.
  func recordingLines(row: Int, programme: Programme) -> [(
    label: String?, text: String, style: Style
  )] {
    guard state.recordings != nil else { return [] }
    let text: String
    if let recording = state.recording(of: programme, row: row) {
      let mark = GuideRasterView.recordingMark(unicode: state.settings.unicode)
      text =
        mark + (recording.start <= state.now ? "recording now" : "scheduled to record")
        + " on tvheadend: R cancels"
    } else if programme.stop <= state.now {
      text = "ended"
    } else {
      text = "not scheduled: R records it on tvheadend"
    }
    return [("Record", text, palette.text)]
  }

  /// The details of a playlist row without listings: its name, then its
  /// entry's fields and why it has no listings.
  func channelLines(_ row: GuideModel.Row) -> [(label: String?, text: String, style: Style)] {
    var result: [(label: String?, text: String, style: Style)] = [
      (nil, row.channel.name, palette.heading), (nil, "", palette.text),
    ]
    guard let playlist = row.playlist else {
      return result + [(nil, "No programmes in the guide.", palette.text)]
    }
    let entry = playlist.entry
    if !entry.groups.isEmpty {
      result.append(("Group", entry.groups.joined(separator: ", "), palette.text))
    }
    if let number = entry.number { result.append(("Number", number, palette.text)) }
    let host = CredentialMask.host(of: entry.streamURL).map(CredentialMask.masked) ?? "?"
    result.append(("Stream", host, palette.text))
    result.append(
      ("Listings", Self.matchText(playlist, unicode: state.settings.unicode), palette.text))
    if let id = entry.tvgID { result.append(("tvg-id", id, palette.text)) }
    if let name = entry.tvgName { result.append(("tvg-name", name, palette.text)) }
    result.append(("Watch", "w plays the live stream", palette.text))
    if playlist.match.channel == nil {
      result.append((nil, "", palette.text))
      result.append(
        (
          nil,
          "No guide channel was chosen for this entry, so it shows no listings. A map = line in "
            + "the config file picks one (tvgrid check lists the closest guide channels).",
          palette.text
        ))
    }
    return result
  }

  /// What `w` does with `programme`: live, from the archive, or why not.
  func watchText(_ row: GuideModel.Row, programme: Programme) -> String {
    let now = state.now
    if programme.start > now {
      return
        "still to come (starts in \(TimeFormat.duration(programme.start - now))): w plays the"
        + " channel live"
    }
    if programme.stop > now {
      switch state.archiveURL(for: programme, row: row) {
      case .success: return "on now: w live, W from the start"
      case .failure(let reason): return "on now: w live (not from the start: \(reason))"
      }
    }
    switch state.archiveURL(for: programme, row: row) {
    case .success:
      return GuideRasterView.archiveMark(unicode: state.settings.unicode)
        + "in the archive: w plays it"
    case .failure(let reason): return "not in the archive: \(reason)"
    }
  }
}
