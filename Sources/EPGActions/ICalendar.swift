import EPGCore
import EPGLayout
import EPGSchedule

/// iCalendar text (RFC 5545) for programmes, for any calendar program:
/// one `VEVENT` per programme with UTC times (`DTSTART:20261130T201500Z`),
/// text escaped (`\\`, `\;`, `\,`, `\n`) and every other character the
/// screen would not show dropped (`UnsafeText`: C0 and C1 controls, bidi
/// overrides, isolates and marks, line separators), lines folded at 75
/// octets without splitting a UTF-8 sequence,
/// CRLF line ends, and a UID that depends only on the channel id, start
/// and title, so exporting the same programme again updates the event.
public enum ICalendar {
  /// One calendar event.
  public struct Event: Hashable, Sendable {
    public var channelID: String
    public var channelName: String
    public var title: String
    public var subtitle: String?
    public var description: String?
    /// Epoch seconds.
    public var start: EpochSeconds
    public var stop: EpochSeconds

    public init(
      channelID: String, channelName: String, title: String, subtitle: String? = nil,
      description: String? = nil, start: EpochSeconds, stop: EpochSeconds
    ) {
      self.channelID = channelID
      self.channelName = channelName
      self.title = title
      self.subtitle = subtitle
      self.description = description
      self.start = start
      self.stop = stop
    }

    public init(programme: Programme, channel: Channel) {
      self.init(
        channelID: channel.key.id, channelName: channel.name, title: programme.title,
        subtitle: programme.subTitle, description: programme.description,
        start: programme.start, stop: programme.listedStop)
    }

    public init(reminder: Reminder) {
      self.init(
        channelID: reminder.channelID, channelName: reminder.channelName, title: reminder.title,
        subtitle: reminder.subtitle, start: reminder.start, stop: reminder.stop)
    }

    /// `<16 hex digits>-<start>@tvgrid`: FNV-1a (64 bits) of channel id
    /// and title, then the start in epoch seconds.
    public var uid: String {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in Array(channelID.utf8) + [0] + Array(title.utf8) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex + "-\(start)@tvgrid"
    }
  }

  /// The calendar; `stamp` (epoch seconds) is each event's `DTSTAMP`.
  public static func document(_ events: [Event], stamp: EpochSeconds) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tvgrid//tvgrid//EN", "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
    ]
    for event in events {
      lines += [
        "BEGIN:VEVENT", "UID:" + text(event.uid), "DTSTAMP:" + dateTime(stamp),
        "DTSTART:" + dateTime(event.start), "DTEND:" + dateTime(max(event.stop, event.start)),
        "SUMMARY:" + text(event.title), "LOCATION:" + text(event.channelName),
      ]
      var details: [String] = []
      if let subtitle = event.subtitle, !subtitle.isEmpty { details.append(subtitle) }
      if let description = event.description, !description.isEmpty {
        details.append(description)
      }
      if !details.isEmpty { lines.append("DESCRIPTION:" + text(details.joined(separator: "\n"))) }
      lines.append("END:VEVENT")
    }
    lines.append("END:VCALENDAR")
    return lines.map(fold).joined()
  }

  /// `20261130T201500Z`.
  static func dateTime(_ instant: EpochSeconds) -> String {
    ScheduleJSON.isoString(instant).filter { $0 != "-" && $0 != ":" }
  }

  /// A TEXT value escaped (RFC 5545 §3.3.11).
  static func text(_ value: String) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n": result += "\\n"
      default:
        if UnsafeText.isUnsafe(scalar) { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A content line folded (RFC 5545 §3.1): at most 75 octets per line,
  /// continuation lines starting with a space; CRLF after each.
  static func fold(_ line: String) -> String {
    var result = ""
    var octets = 0
    for scalar in line.unicodeScalars {
      let size = String(scalar).utf8.count
      if octets + size > 75 {
        result += "\r\n "
        octets = 1
      }
      result.unicodeScalars.append(scalar)
      octets += size
    }
    return result + "\r\n"
  }
}
