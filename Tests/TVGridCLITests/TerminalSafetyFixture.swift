import Foundation

/// A hostile XMLTV guide for the terminal-safety tests, and the check that
/// text bound for a terminal carries no control sequence of its own.
///
/// Every text field (channel names, titles, sub-titles, descriptions,
/// categories, episode numbers) carries escape sequences: OSC 0 (window
/// title), OSC 52 (clipboard), OSC 8 (hyperlink), CSI 2J (clear), DCS,
/// RIS, alternate-screen exit, the C1 forms (CSI U+009B, OSC U+009D, ST
/// U+009C, NEL U+0085), other C0 controls, DEL, bidi overrides and
/// isolates, line separators, and a lone invalid UTF-8 byte: raw in the
/// file and, where XML 1.0 allows it, as character references. Each field
/// also has a plain word (`EvilOne`, `TitleWord`, ...) so a test can see the
/// field was shown at all.
enum TerminalSafetyFixture {
  /// The instant the hostile programmes are on (`--now`).
  static let now = "2026-11-30T20:30Z"
  /// Plain words that must appear on the screen.
  static let channelWord = "EvilOne"
  static let titleWord = "TitleWord"
  static let referenceTitleWord = "RefWord"
  /// A title of character references on now (channel "refs").
  static let referenceNowWord = "RefNow"
  /// Text a hostile sequence would set as the window title or clipboard.
  static let payload = "pwned"

  /// Escape sequences and controls put into the fields.
  static let osc0 = "\u{1B}]0;pwned\u{07}"
  static let osc2 = "\u{1B}]2;pwned\u{1B}\\"
  static let osc52 = "\u{1B}]52;c;cHduZWQ=\u{07}"
  static let osc8 = "\u{1B}]8;;http://pwned.invalid/\u{1B}\\"
  static let clear = "\u{1B}[2J\u{1B}[H"
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  static let reset = "\u{1B}c"
  static let dcs = "\u{1B}P+q544e\u{1B}\\"
  static let c1CSI = "\u{9B}2J"
  static let c1OSC = "\u{9D}0;pwned\u{9C}"
  static let otherControls = "\u{01}\u{08}\u{0E}\u{0F}\u{7F}\u{85}\u{1A}"
  static let bidi = "\u{202E}\u{2066}\u{200F}\u{061C}\u{2028}"

  /// The guide's bytes (UTF-8 with raw controls and one invalid byte).
  static func xmltv() -> [UInt8] {
    func text(_ s: String) -> [UInt8] { Array(s.utf8) }
    var bytes = text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n")
    bytes += text("<channel id=\"evil\"><display-name>\(osc0)\(channelWord)\(clear)\(c1CSI)")
    bytes += [0x9B]  // not UTF-8 on its own
    bytes += text("\(bidi)</display-name><lcn>\(osc2)7</lcn></channel>\n")
    bytes += text(
      "<channel id=\"refs\"><display-name>Refs&#x9B;&#x202E;</display-name></channel>\n")
    bytes += text("<channel id=\"plain\"><display-name>Plain</display-name></channel>\n")
    bytes += text(
      """
      <programme start="20261130200000 +0000" stop="20261130210000 +0000" channel="evil">
      <title>\(bidi)\(titleWord)\(osc52)\(c1OSC)</title>
      <sub-title>\(c1OSC)SubWord\(otherControls)\(leaveAlternateScreen)</sub-title>
      <desc>\(reset)DescWord\(dcs) \(osc8)link\(bidi) \(clear) end</desc>
      <category>\(c1CSI)CatWord\(osc0)</category>
      <episode-num system="onscreen">\(osc0)S01E01</episode-num>
      </programme>
      <programme start="20261130210000 +0000" stop="20261130220000 +0000" channel="evil">
      <title>\(referenceTitleWord)&#x9B;2J&#x9D;0;pwned&#x9C;&#x202E;&#x85;&#x7F;&#x2029;</title>
      <desc>&#x9B;31mreferences</desc>
      </programme>
      <programme start="20261130200000 +0000" stop="20261130220000 +0000" channel="refs">
      <title>\(referenceNowWord)&#x9D;2;pwned&#x9C;&#x2066;&#x9B;?1049l&#x85;end</title>
      </programme>
      <programme start="20261130200000 +0000" stop="20261130220000 +0000" channel="plain">
      <title>Plain news</title>
      </programme>
      </tv>

      """)
    return bytes
  }

  /// Writes the guide into a new temporary directory; its path.
  static func write() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tvgrid-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("hostile.xml")
    try Data(xmltv()).write(to: file)
    return file
  }

  /// What in `text` could act on a terminal, as readable findings (empty
  /// when safe). ESC may only start an SGR sequence (`ESC [ digits;… m`),
  /// and only when `allowSGR`; no other C0 control than LF (and CR before
  /// LF); no DEL, no C1 control (U+0080–U+009F), no bidi control or line
  /// separator.
  static func hazards(in text: String, allowSGR: Bool, allowBidi: Bool = false) -> [String] {
    let scalars = Array(text.unicodeScalars)
    var found: [String] = []
    var i = 0
    func note(_ what: String) {
      let start = max(0, i - 12)
      let context = String(String.UnicodeScalarView(scalars[start..<min(scalars.count, i + 12)]))
      found.append("\(what) at scalar \(i), near \(context.debugDescription)")
    }
    while i < scalars.count && found.count < 20 {
      let value = scalars[i].value
      if value == 0x1B {
        if allowSGR, i + 1 < scalars.count, scalars[i + 1] == "[" {
          var j = i + 2
          while j < scalars.count, scalars[j] == ";" || ("0"..."9").contains(scalars[j]) { j += 1 }
          if j < scalars.count, scalars[j] == "m" {
            i = j + 1
            continue
          }
        }
        note("an escape sequence that is not SGR")
      } else if value == 0x0A || (value == 0x0D && i + 1 < scalars.count && scalars[i + 1] == "\n")
      {
        // line ends
      } else if value < 0x20 {
        note("C0 control U+\(hex(value))")
      } else if value == 0x7F {
        note("DEL")
      } else if (0x80...0x9F).contains(value) {
        note("C1 control U+\(hex(value))")
      } else if !allowBidi && isBidiOrSeparator(value) {
        note("bidi control or separator U+\(hex(value))")
      }
      i += 1
    }
    return found
  }

  static func isBidiOrSeparator(_ value: UInt32) -> Bool {
    switch value {
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
