/// HTTP headers a stream needs, from `#EXTVLCOPT:http-user-agent=…`,
/// `#EXTVLCOPT:http-referrer=…` and Kodi's `url|User-Agent=…&Referer=…`
/// suffix. Values never contain control characters (the parser drops such
/// headers with a diagnostic), so they are safe as one HTTP header line.
public struct StreamHeaders: Hashable, Sendable {
  public var userAgent: String?
  public var referrer: String?
  /// Other headers in playlist order, e.g. `("Cookie", "a=b")`.
  public var other: [Field]

  public struct Field: Hashable, Sendable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  public init(userAgent: String? = nil, referrer: String? = nil, other: [Field] = []) {
    self.userAgent = userAgent
    self.referrer = referrer
    self.other = other
  }

  public var isEmpty: Bool { userAgent == nil && referrer == nil && other.isEmpty }

  /// Sets a header by name (case-insensitive): `User-Agent` and
  /// `Referer`/`Referrer` go to their own fields, others replace an
  /// earlier header of the same name or are appended.
  public mutating func set(name: String, value: String) {
    switch name.lowercased() {
    case "user-agent": userAgent = value
    case "referer", "referrer": referrer = value
    default:
      if let index = other.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
        other[index].value = value
      } else {
        other.append(Field(name: name, value: value))
      }
    }
  }
}
