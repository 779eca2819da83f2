import Foundation

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Reports a usage mistake the way every subcommand does, and returns the
/// exit status for it (2).
func reportUsage(_ error: UsageError, command: String) -> Int32 {
  printError("tvgrid \(command): \(error.description)")
  printError("Try 'tvgrid --help'.")
  return 2
}
