import EPGCore
import EPGLayout
import EPGSchedule
import Foundation
import Testing

@testable import EPGActions

@Suite struct ICalendarTests {
  static let event = ICalendar.Event(
    channelID: "bbc1.uk", channelName: "BBC One, London",
    title: "Doctors; or: the \\Long\\ Night", subtitle: "Part 1",
    description: "Line one\nLine two, with a comma and an émigré "
      + String(repeating: "é", count: 40),
    start: Support.at(15), stop: Support.at(15.75))

  @Test func linesAreEscapedAndFolded() {
    let text = ICalendar.document([Self.event], stamp: Support.at(14))
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
    #expect(text.contains("\r\nDTSTART:20261130T150000Z\r\nDTEND:20261130T154500Z\r\n"))
    #expect(text.contains("\r\nDTSTAMP:20261130T140000Z\r\n"))
    #expect(text.contains("\r\nSUMMARY:Doctors\\; or: the \\\\Long\\\\ Night\r\n"))
    #expect(text.contains("\r\nLOCATION:BBC One\\, London\r\n"))
    for line in text.components(separatedBy: "\r\n") {
      #expect(line.utf8.count <= 75, "\(line)")
      #expect(!line.contains("\n"))
    }
    #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
  }

  /// Issue 25: what the screen would not show never reaches a calendar
  /// either: C0 and C1 controls, DEL, bidi overrides, isolates and marks,
  /// line separators are dropped (`UnsafeText`); a line break of the
  /// description stays, as iCalendar's `\n`.
  @Test func controlsAndBidiCharactersAreDropped() {
    let event = ICalendar.Event(
      channelID: "x", channelName: "\u{202E}evil\u{202C} TV\u{9B}2J",
      title: "\u{1B}]0;title\u{07}News\u{7F}\r\u{85} at \u{2066}ten\u{2069}\u{200F}\u{2028}",
      description: "One\nTwo\u{1B}[31m\u{2029}\u{61C}", start: Support.at(15),
      stop: Support.at(16))
    let text = ICalendar.document([event], stamp: Support.at(14))
    #expect(text.contains("\r\nSUMMARY:]0\\;titleNews at ten\r\n"))
    #expect(text.contains("\r\nLOCATION:evil TV2J\r\n"))
    #expect(text.contains("\r\nDESCRIPTION:One\\nTwo[31m\r\n"))
    let unsafe = text.replacingOccurrences(of: "\r\n", with: "").unicodeScalars.filter {
      UnsafeText.isUnsafe($0)
    }
    #expect(unsafe.isEmpty, "\(unsafe.map { String($0.value, radix: 16) })")
  }

  @Test func foldingNeverSplitsACharacter() {
    // 74 ASCII octets, then "é" (2 octets) must move to the next line whole.
    let folded = ICalendar.fold(String(repeating: "a", count: 74) + "é")
    #expect(folded == String(repeating: "a", count: 74) + "\r\n é\r\n")
  }

  @Test func theUIDIsStable() {
    var other = Self.event
    other.description = "changed"
    other.stop += 600
    #expect(other.uid == Self.event.uid)
    var later = Self.event
    later.start += 3600
    #expect(later.uid != Self.event.uid)
    #expect(Self.event.uid.hasSuffix("-1796050800@tvgrid"))
  }

  /// Parses the calendar back with Python's standard library only:
  /// unfolds, checks every physical line's octets, unescapes the text
  /// values and reads the UTC times.
  @Test func pythonReadsItBack() throws {
    let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    try #require(python != nil, "python3 is needed (make test installs it)")
    let folder = Support.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/tv.ics"
    try Data(ICalendar.document([Self.event], stamp: Support.at(14)).utf8).write(
      to: URL(fileURLWithPath: path))
    let script = #"""
      import sys, re, json, datetime
      raw = open(sys.argv[1], 'rb').read()
      assert raw.endswith(b'\r\n')
      physical = raw.split(b'\r\n')[:-1]
      assert all(len(l) <= 75 for l in physical), 'long line'
      assert all(b'\n' not in l and b'\r' not in l for l in physical)
      text = raw.decode('utf-8').replace('\r\n ', '').replace('\r\n\t', '')
      props = {}
      for line in text.split('\r\n')[:-1]:
          name, _, value = line.partition(':')
          props.setdefault(name, []).append(value)
      def unescape(v):
          return re.sub(r'\\([\\;,nN])', lambda m: '\n' if m.group(1) in 'nN' else m.group(1), v)
      def utc(v):
          return datetime.datetime.strptime(v, '%Y%m%dT%H%M%SZ').replace(tzinfo=datetime.timezone.utc).isoformat()
      print(json.dumps({
          'begin': props['BEGIN'], 'version': props['VERSION'][0],
          'summary': unescape(props['SUMMARY'][0]), 'location': unescape(props['LOCATION'][0]),
          'description': unescape(props['DESCRIPTION'][0]), 'uid': props['UID'][0],
          'start': utc(props['DTSTART'][0]), 'end': utc(props['DTEND'][0]),
      }, sort_keys=True))
      """#
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python!)
    process.arguments = ["-c", script, path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: output) as? [String: Any])
    #expect(parsed["begin"] as? [String] == ["VCALENDAR", "VEVENT"])
    #expect(parsed["version"] as? String == "2.0")
    #expect(parsed["summary"] as? String == "Doctors; or: the \\Long\\ Night")
    #expect(parsed["location"] as? String == "BBC One, London")
    #expect(parsed["description"] as? String == "Part 1\n" + Self.event.description!)
    #expect(parsed["uid"] as? String == Self.event.uid)
    #expect(parsed["start"] as? String == "2026-11-30T15:00:00+00:00")
    #expect(parsed["end"] as? String == "2026-11-30T15:45:00+00:00")
  }
}
