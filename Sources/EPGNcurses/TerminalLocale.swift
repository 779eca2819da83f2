import CNcursesw
import EPGPlatform
import EPGTerminal
import Foundation

/// The process locale, which curses needs before it starts (htop's
/// `CommandLine_run`), and the one decision every command takes from it:
/// whether text is written as UTF-8 (Unicode glyphs and punctuation) or
/// kept to ASCII (`-` for `–`, `?` for other characters).
///
/// UTF-8 when the locale's character set is UTF-8, or when it is not known:
/// no locale variable at all (cron, `env -i`), or a locale that is not
/// installed and names no other character set (`LANG=xx_YY.UTF-8`,
/// `LANG=de_DE`). ASCII only when the character set is known to be
/// something else: an installed non-UTF-8 locale (`LC_ALL=C`) or a name
/// that says so (`LANG=en_US.ISO-8859-1`).
public enum TerminalLocale {
  /// Sets the locale from `LC_ALL` / `LC_CTYPE` / `LANG` and returns whether
  /// text is written as UTF-8 (see the type's rule). When it is but the C
  /// library's locale is not UTF-8 (not installed, or unset), the character
  /// type becomes `C.UTF-8`, so that curses writes UTF-8 too.
  @discardableResult
  public static func prepare() -> Bool {
    setlocale(LC_ALL, "")
    let installed = setlocale(LC_CTYPE, "") != nil
    let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) }
    let utf8 = writesUTF8(
      localeName: localeName(ProcessInfo.processInfo.environment),
      installedCodeset: installed ? codeset : nil)
    if utf8 && !(codeset.map(isUTF8) ?? false) { setlocale(LC_CTYPE, "C.UTF-8") }
    return utf8
  }

  /// The locale that decides the character set: the first non-empty of
  /// `LC_ALL`, `LC_CTYPE`, `LANG`; nil when none is set.
  static func localeName(_ environment: [String: String]) -> String? {
    ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
  }

  /// The rule: `localeName` as `localeName(_:)` gives it, and the character
  /// set of the installed locale (`nl_langinfo(CODESET)`), nil when that
  /// locale is not installed.
  public static func writesUTF8(localeName: String?, installedCodeset: String?) -> Bool {
    guard let localeName else { return true }
    if let installedCodeset { return isUTF8(installedCodeset) }
    // `language_TERRITORY.CODESET@modifier`: the named character set.
    guard let dot = localeName.firstIndex(of: ".") else { return true }
    let codeset = localeName[localeName.index(after: dot)...].prefix { $0 != "@" }
    return codeset.isEmpty || isUTF8(String(codeset))
  }

  static func isUTF8(_ codeset: String) -> Bool {
    let name = codeset.uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
