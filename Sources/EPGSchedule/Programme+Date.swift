extension Programme {
  /// The `<date>` for people: XMLTV writes it as the leading part of
  /// `YYYYMMDD` (often just the year); `20150712` becomes `2015-07-12`,
  /// `201507` `2015-07`, a year stays as it is, anything else verbatim.
  public var dateText: String? {
    guard let date else { return nil }
    let digits = date.prefix { $0.isASCII && $0.isNumber }
    guard digits.count == date.count else { return date }
    switch digits.count {
    case 6: return "\(digits.prefix(4))-\(digits.dropFirst(4))"
    case 8: return "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.dropFirst(6))"
    default: return date
    }
  }
}
