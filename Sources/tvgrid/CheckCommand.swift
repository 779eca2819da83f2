/// `tvgrid check`.
enum CheckCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    printError("tvgrid: check is not built yet")
    return 1
  }
}
