import EPGPlaylist

/// Something the reducer wants done outside the state (it does no I/O
/// itself): the run loop performs it and reports back with actions.
public enum Effect: Hashable, Sendable {
  /// Start a player (`w`, `W`).
  case play(PlayRequest)
  /// Keep the search history (oldest first) across runs.
  case saveSearchHistory([String])
}

/// One stream to hand to the player.
public struct PlayRequest: Hashable, Sendable {
  /// The program and its arguments (the URL last, after `--`), as
  /// `PlayerCommand` built them; run without a shell.
  public var invocation: PlayerInvocation
  /// `player_terminal = yes`: the player gets the terminal (curses ends
  /// while it runs) instead of running detached.
  public var inTerminal: Bool
  /// What is played, for the status line, with no credentials:
  /// `BBC One, live (provider.example)`.
  public var summary: String

  public init(invocation: PlayerInvocation, inTerminal: Bool, summary: String) {
    self.invocation = invocation
    self.inTerminal = inTerminal
    self.summary = summary
  }

  /// The program's name as the status line shows it (its file name).
  public var playerName: String {
    let program = invocation.arguments.first ?? ""
    return program.split(separator: "/").last.map(String.init) ?? program
  }
}
