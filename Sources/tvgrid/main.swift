import Foundation

// tvgrid: a terminal TV guide. Dispatches to one command per file:
//   (none) / FILE → GuideCommand   render → RenderCommand   now → NowCommand
//   check → CheckCommand   layout → LayoutCommand   demo → DemoCommand
//   reminders → RemindersCommand   remind → RemindCommand   search → SearchCommand
//   cache → CacheCommand   init → InitCommand

let words = Array(CommandLine.arguments.dropFirst())
/// `-h`/`--help` among a subcommand's options (before any `--`).
let asksForHelp = words.dropFirst().prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
let status: Int32
switch words.first {
case let command? where asksForHelp && HelpText.usage(of: command) != nil:
  print(HelpText.usage(of: command) ?? "")
  status = 0
case "help" where words.count == 2 && HelpText.usage(of: words[1]) != nil:
  // `tvgrid help COMMAND`: that command's usage.
  print(HelpText.usage(of: words[1]) ?? "")
  status = 0
case "-h", "--help", "help":
  print(HelpText.usage)
  status = 0
case "--version":
  print(HelpText.version)
  status = 0
case "render": status = RenderCommand.run(arguments: Array(words.dropFirst()))
case "now": status = NowCommand.run(arguments: Array(words.dropFirst()))
case "check": status = CheckCommand.run(arguments: Array(words.dropFirst()))
case "layout": status = LayoutCommand.run(arguments: Array(words.dropFirst()))
case "demo": status = DemoCommand.run(arguments: Array(words.dropFirst()))
case "reminders": status = RemindersCommand.run(arguments: Array(words.dropFirst()))
case "remind": status = RemindCommand.run(arguments: Array(words.dropFirst()))
case "search": status = SearchCommand.run(arguments: Array(words.dropFirst()))
case "cache": status = CacheCommand.run(arguments: Array(words.dropFirst()))
case "init": status = InitCommand.run(arguments: Array(words.dropFirst()))
default: status = GuideCommand.run(arguments: words)
}
// Snapshots of guides parsed by this run, after the command's output.
SnapshotWrites.shared.finish()
exit(status)
