/// `tvgrid render`: prints the start-up screen. Owned by the front end
/// (issues 5 and 6); until it lands this entry point only reports that it is
/// missing.
enum RenderCommand {
  /// Runs `render` with the words after the subcommand; returns the exit
  /// status.
  static func run(arguments: [String]) -> Int32 {
    printError("tvgrid: render is not built yet")
    return 1
  }
}
