import Foundation

/// The zone times are shown in: `--time-zone`, else `TZ`, else the system's.
/// The guide, `render` and the scripting subcommands all pick it here.
public enum DisplayZone {
  /// The zone named `flag` (or by `TZ` in `environment` when `flag` is nil;
  /// a leading ":" as in `TZ=:Europe/Berlin` is allowed), else the system
  /// zone. Nil when a name is given but unknown.
  public static func resolve(flag: String?, environment: [String: String]) -> TimeZone? {
    guard let name = flag ?? environment["TZ"].flatMap({ $0.isEmpty ? nil : $0 }) else {
      return TimeZone.current
    }
    let trimmed = name.hasPrefix(":") ? String(name.dropFirst()) : name
    return TimeZone(identifier: trimmed) ?? TimeZone(abbreviation: trimmed)
  }
}
