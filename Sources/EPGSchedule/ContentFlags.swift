/// What a programme offers for access and how it is broadcast: XMLTV
/// `<subtitles type>`, tvheadend's `<audio-described/>`, `<audio><present>`
/// and `<video>` (`<present>`, `<colour>`, `<quality>`).
public struct ContentFlags: OptionSet, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }
  /// `<subtitles type="teletext">` or with no type: subtitles on request.
  public static let subtitles = ContentFlags(rawValue: 1 << 0)
  /// `<subtitles type="onscreen">`: burnt into the picture.
  public static let onscreenSubtitles = ContentFlags(rawValue: 1 << 1)
  /// `<subtitles type="deaf-signed">`: in-vision sign language.
  public static let signed = ContentFlags(rawValue: 1 << 2)
  /// `<audio-described/>`: an audio description track.
  public static let audioDescribed = ContentFlags(rawValue: 1 << 3)
  /// `<video><quality>` says high definition (HDTV, HD, 720p, 1080i…).
  public static let hd = ContentFlags(rawValue: 1 << 4)
  /// `<video><quality>` says ultra high definition (UHD, 4K, 2160p).
  public static let uhd = ContentFlags(rawValue: 1 << 5)
  /// `<audio><present>no</present>`: no sound.
  public static let noSound = ContentFlags(rawValue: 1 << 6)
  /// `<video><present>no</present>`: no picture (radio).
  public static let noPicture = ContentFlags(rawValue: 1 << 7)
  /// `<video><colour>no</colour>`: black and white.
  public static let blackAndWhite = ContentFlags(rawValue: 1 << 8)

  /// Every flag with its name in the JSON format, in this order.
  public static let named: [(flag: ContentFlags, name: String)] = [
    (.subtitles, "subtitles"), (.onscreenSubtitles, "onscreen-subtitles"), (.signed, "signed"),
    (.audioDescribed, "audio-described"), (.hd, "hd"), (.uhd, "uhd"), (.noSound, "no-sound"),
    (.noPicture, "no-picture"), (.blackAndWhite, "black-and-white"),
  ]

  /// Any kind of subtitles (on request or on screen).
  public static let anySubtitles: ContentFlags = [.subtitles, .onscreenSubtitles]

  /// The flag a `<subtitles type>` value sets: teletext or none is
  /// `subtitles`, `onscreen` and `deaf-signed` theirs (case ignored); an
  /// unknown type is still subtitles.
  public static func subtitles(type: String) -> ContentFlags {
    switch type.lowercased() {
    case "onscreen": .onscreenSubtitles
    case "deaf-signed": .signed
    default: .subtitles
    }
  }

  /// The definition a `<video><quality>` text names: UHD for "uhd", "4k"
  /// or "2160"; HD for "hd" (HDTV, HD ready), "720" or "1080"; else none
  /// (SDTV, "800x600").
  /// ASCII text is searched byte by byte: Foundation's `contains`, which
  /// the other texts take, cost 0.6 s of CPU on the 358k programmes of the
  /// 1,000 × 14 guide.
  public static func definition(quality: String) -> ContentFlags {
    var quality = quality
    let ascii = quality.withUTF8 { text -> ContentFlags? in
      guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
      if contains(text, "uhd") || contains(text, "4k") || contains(text, "2160") { return .uhd }
      if contains(text, "hd") || contains(text, "720") || contains(text, "1080") { return .hd }
      return []
    }
    if let ascii { return ascii }
    let text = quality.lowercased()
    if text.contains("uhd") || text.contains("4k") || text.contains("2160") { return .uhd }
    if text.contains("hd") || text.contains("720") || text.contains("1080") { return .hd }
    return []
  }

  /// Whether ASCII `text` contains lower-case ASCII `word`, ignoring case.
  private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard text.count >= word.count else { return false }
    for start in 0...(text.count - word.count) {
      var matched = true
      for (offset, expected) in word.enumerated() {
        var byte = text[start + offset]
        if byte >= 65 && byte <= 90 { byte += 32 }
        if byte != expected {
          matched = false
          break
        }
      }
      if matched { return true }
    }
    return false
  }
}
