import EPGPlaylist
import EPGSchedule
import Foundation

/// Issue 13: a 10,000-entry playlist on the 1,000 × 14 demo guide, next to
/// the plain guide. The playlist is generated from the guide's channels:
/// per block of ten entries, five by `tvg-id`, one by `tvg-id` in upper
/// case, two by name only (the guide's name + " HD"), one `+1` (`tvg-id`
/// and `tvg-shift="1"`) and one that matches nothing. Its header names the
/// guide (`x-tvg-url`).
///
/// Figures: matching in this process (parse the playlist; build the
/// matcher and match every entry; join to the guide with `PlaylistGuide`),
/// median of five runs with min and max; then start-up to first frame in a
/// tmux pane for the plain guide and for the playlist (as `startup`).
enum PlaylistBenchmark {
  static let entries = 10_000

  static func run() {
    guard let tvgrid = ComparisonBenchmark.siblingExecutable("tvgrid") else {
      print("playlist: tvgrid binary not found next to tvgrid-bench")
      return
    }
    let directory = ComparisonBenchmark.workDirectory()
    let guidePath = ComparisonBenchmark.generate((1_000, 14, false), tvgrid: tvgrid, in: directory)
    guard let guide = try? ScheduleLoader.load(path: guidePath) else {
      print("playlist: cannot load \(guidePath)")
      return
    }
    let playlistPath = "\(directory)/playlist-\(entries).m3u"
    let text = playlistText(
      channels: guide.channels, guideName: URL(fileURLWithPath: guidePath).lastPathComponent)
    FileManager.default.createFile(atPath: playlistPath, contents: Data(text.utf8))

    print("\n== playlist: \(entries) entries on the 1,000 × 14 guide (s), median [min–max] ==")
    var parse = Samples()
    var match = Samples()
    var join = Samples()
    var counts: [String: Int] = [:]
    for _ in 0..<5 {
      var began = ProcessMeasurement.monotonicSeconds()
      guard let playlist = try? Playlist.load(path: playlistPath) else {
        print("  cannot read \(playlistPath)")
        return
      }
      parse.add(ProcessMeasurement.monotonicSeconds() - began)
      began = ProcessMeasurement.monotonicSeconds()
      let matcher = PlaylistMatcher(channels: guide.channels)
      let matches = matcher.match(playlist)
      match.add(ProcessMeasurement.monotonicSeconds() - began)
      began = ProcessMeasurement.monotonicSeconds()
      let joined = PlaylistGuide(
        playlist: playlist, guide: guide, matcher: matcher, allChannels: false)
      join.add(ProcessMeasurement.monotonicSeconds() - began)
      counts = Dictionary(grouping: matches, by: \.kind.label).mapValues(\.count)
      precondition(joined.schedule.channels.count == entries)
    }
    print("  parse the playlist           \(ComparisonBenchmark.format(parse))")
    print("  build matcher, match all     \(ComparisonBenchmark.format(match))")
    print("  join (PlaylistGuide, shifts) \(ComparisonBenchmark.format(join))")
    let order = ["id", "case", "name", "override", "ambiguous", "none"]
    print(
      "  matches: "
        + order.map { "\($0) \(counts[$0] ?? 0)" }.joined(separator: ", "))
    ComparisonBenchmark.startupToFirstFrame(
      tvgrid: tvgrid, file: guidePath, label: "plain 1,000 × 14 guide")
    ComparisonBenchmark.startupToFirstFrame(
      tvgrid: tvgrid, file: playlistPath, label: "\(entries)-entry playlist on it")
  }

  /// The generated playlist (see the type's comment).
  static func playlistText(channels: [Channel], guideName: String) -> String {
    var lines = ["#EXTM3U x-tvg-url=\"\(guideName)\""]
    lines.reserveCapacity(2 * entries + 1)
    for index in 0..<entries {
      let channel = channels[index % channels.count]
      let url = "http://stream.example/live/\(index).ts"
      let group = "group-title=\"Group \(index % 20)\""
      switch index % 10 {
      case 0..<5:
        lines.append("#EXTINF:-1 tvg-id=\"\(channel.id)\" \(group),\(channel.name)")
      case 5:
        lines.append("#EXTINF:-1 tvg-id=\"\(channel.id.uppercased())\" \(group),\(channel.name)")
      case 6, 7:
        lines.append("#EXTINF:-1 \(group),\(channel.name) HD")
      case 8:
        lines.append(
          "#EXTINF:-1 tvg-id=\"\(channel.id)\" tvg-shift=\"1\" \(group),\(channel.name) +1")
      default:
        lines.append("#EXTINF:-1 tvg-id=\"missing.\(index)\" \(group),Unknown \(index)")
      }
      lines.append(url)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
