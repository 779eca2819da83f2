import CNcursesw

#if canImport(Glibc)
  import Glibc
#endif

/// The process locale, which curses needs before it starts (htop's
/// `CommandLine_run`): set from the environment, then asked whether it is
/// UTF-8, which decides between the Unicode and ASCII glyph sets.
public enum TerminalLocale {
  /// Sets the locale from `LC_ALL` / `LC_CTYPE` / `LANG` and returns whether
  /// its character set is UTF-8.
  @discardableResult
  public static func prepare() -> Bool {
    setlocale(LC_ALL, "")
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
