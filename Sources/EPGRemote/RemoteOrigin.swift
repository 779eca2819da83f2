/// Which copy of a remote guide or playlist is in use.
public enum RemoteOrigin: String, Sendable, Hashable {
  /// Downloaded now (and now the cached copy).
  case downloaded
  /// The server said 304 Not Modified: the cached copy.
  case notModified
  /// The cached copy, younger than the refresh interval: no request made.
  case fresh
  /// Offline: the cached copy, whatever its age.
  case offline
  /// The download failed or was refused: the last good copy.
  case lastGood
  /// Another process was refreshing it for longer than the lock wait: the
  /// cached copy, read only.
  case busy
}
