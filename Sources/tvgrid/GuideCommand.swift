/// `tvgrid [FILE]`: the interactive guide. Owned by the front end (issue 6);
/// until it lands this entry point only reports that it is missing.
enum GuideCommand {
  /// Runs the interactive guide with the words after `tvgrid`; returns the
  /// exit status.
  static func run(arguments: [String]) -> Int32 {
    printError("tvgrid: the interactive guide is not built yet")
    return 1
  }
}
