import Foundation

/// One `map =` line of the config file: which guide channel an entry
/// shows, and optionally its shift, applied before any other matching.
///
///     map = BBC One +1: bbc1.uk shift +1
///     map = de.zdf: zdf.de
///
/// The part before the last `:` is an entry's name or its `tvg-id`
/// (compared case-insensitively); after it come the guide channel's id
/// (one word) and optionally `shift ±H` (hours, decimals allowed, within
/// ±48).
public struct MapOverride: Hashable, Sendable {
  /// The entry's name or `tvg-id`, trimmed.
  public var entry: String
  /// The guide's `<channel id>`.
  public var channelID: String
  /// The shift in seconds, or nil when the line gave none.
  public var shift: Int64?

  public init(entry: String, channelID: String, shift: Int64? = nil) {
    self.entry = entry
    self.channelID = channelID
    self.shift = shift
  }

  /// Why a `map =` value could not be read; `description` is the message.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Reads a `map =` value (without the `map =`).
  public init(parsing value: String) throws(ParseError) {
    guard let colon = value.lastIndex(of: ":") else {
      throw ParseError(message: "expected 'ENTRY: CHANNEL-ID [shift ±H]'")
    }
    let entry = value[..<colon].trimmingCharacters(in: .whitespaces)
    guard !entry.isEmpty else { throw ParseError(message: "no entry name or tvg-id before ':'") }
    let words = value[value.index(after: colon)...].split(whereSeparator: {
      $0 == " " || $0 == "\t"
    })
    guard let channel = words.first else {
      throw ParseError(message: "no guide channel id after ':'")
    }
    var shift: Int64?
    if words.count > 1 {
      guard words[1].lowercased() == "shift" else {
        throw ParseError(message: "unexpected '\(words[1])' (expected 'shift ±H')")
      }
      guard words.count == 3 else {
        throw ParseError(
          message: words.count == 2
            ? "'shift' needs hours, e.g. shift +1" : "unexpected '\(words[3])'")
      }
      let text = words[2]
      guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }),
        let hours = Double(text), hours.isFinite, abs(hours) <= 48
      else {
        throw ParseError(message: "shift '\(text)' is not a number of hours (-48…48)")
      }
      shift = Int64((hours * 3600).rounded())
    }
    self.init(entry: entry, channelID: String(channel), shift: shift)
  }
}
