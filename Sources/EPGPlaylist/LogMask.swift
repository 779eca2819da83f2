/// What tvgrid writes of a command line to a log (`player.log`,
/// `commands.log`) or a message: each argument with the credentials of any
/// URL in it masked (`CredentialMask`) and the values of secret headers
/// masked (`StreamHeaders.masked`). The one mask every launcher uses.
public enum LogMask {
  public static func masked(_ argument: String) -> String {
    CredentialMask.masked(StreamHeaders.masked(argument))
  }
}
