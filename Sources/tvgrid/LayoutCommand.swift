/// `tvgrid layout`.
enum LayoutCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    printError("tvgrid: layout is not built yet")
    return 1
  }
}
