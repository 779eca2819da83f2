/// tvgrid's version, in the one place every module can see: `--version`
/// prints it and the HTTP client's default `User-Agent` sends it.
public enum TVGridVersion {
  /// `MAJOR.MINOR.PATCH`.
  public static let number = "0.1.0"
}
