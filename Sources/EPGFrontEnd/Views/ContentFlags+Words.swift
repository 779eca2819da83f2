import EPGSchedule

extension ContentFlags {
  /// The grid's compact marks: `[S]` subtitles (on request or on screen),
  /// `[SL]` signed, `[AD]` audio description, then `HD` or `UHD`; nil when
  /// there are none. Text, so they read the same without colours.
  var markers: String? {
    var text = ""
    if !intersection(.anySubtitles).isEmpty { text += "[S]" }
    if contains(.signed) { text += "[SL]" }
    if contains(.audioDescribed) { text += "[AD]" }
    let definition = contains(.uhd) ? "UHD" : contains(.hd) ? "HD" : nil
    if let definition { text += (text.isEmpty ? "" : " ") + definition }
    return text.isEmpty ? nil : text
  }

  /// The access features in words for the details ("subtitles, signed,
  /// audio description").
  var accessWords: [String] {
    var words: [String] = []
    if contains(.subtitles) { words.append("subtitles") }
    if contains(.onscreenSubtitles) { words.append("on-screen subtitles") }
    if contains(.signed) { words.append("signed") }
    if contains(.audioDescribed) { words.append("audio description") }
    return words
  }
}
