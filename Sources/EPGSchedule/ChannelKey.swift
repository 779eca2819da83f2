/// How tvgrid's own files (reminders, favourites, hidden channels) name a
/// channel, so that what they keep follows the channel, never a row's
/// position: a guide channel's id; for a playlist row (set by
/// `PlaylistGuide`), the matched guide channel's id, else the entry's
/// `tvg-id`, else its normalised name, with the row's shift. "BBC One" and
/// "BBC One +1" showing `bbc1.uk` are `bbc1.uk` and `bbc1.uk shift +1`;
/// SD and HD entries of one channel with one shift are one channel.
public struct ChannelKey: Hashable, Sendable {
  /// The guide channel's id, else the entry's `tvg-id`, else its
  /// normalised name.
  public var id: String
  /// Seconds the row's listings are moved from the guide channel's (a
  /// "+1" row: 3600); 0 for a guide channel.
  public var shift: Int64

  public init(id: String, shift: Int64 = 0) {
    self.id = id
    self.shift = shift
  }

  /// The key as `favourites.json` keeps it: the id, and for a shifted row
  /// ` shift ` and the hours as the config's `map =` lines write them
  /// (`bbc1.uk shift +1`, `cnn.us shift -4.5`).
  public var text: String {
    guard shift != 0 else { return id }
    return id + " shift " + Self.hours(shift)
  }

  /// Reads `text` back; a text without a shift is an id.
  public init(text: String) {
    if let range = text.range(of: " shift ", options: .backwards) {
      let number = text[range.upperBound...]
      if let first = number.first, first == "+" || first == "-",
        number.dropFirst().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        let hours = Double(number), hours.isFinite, abs(hours) <= 48
      {
        self.init(id: String(text[..<range.lowerBound]), shift: Int64((hours * 3600).rounded()))
        return
      }
    }
    self.init(id: text)
  }

  /// `+1`, `-4.5`, `+0.25`: seconds as signed hours.
  static func hours(_ seconds: Int64) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let magnitude = seconds.magnitude
    if magnitude % 3600 == 0 { return sign + String(magnitude / 3600) }
    var text = String(Double(magnitude) / 3600)
    while text.hasSuffix("0") { text.removeLast() }
    return sign + text
  }
}
