import EPGLayout
import EPGSchedule
import Foundation

/// `tvgrid demo [--channels N] [--days N] [--seed S] [--start TIME]`: writes
/// a generated XMLTV guide to standard output.
enum DemoCommand {
  /// Runs the subcommand with the words after it; returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    let channels: Int
    let days: Int
    let seed: UInt64
    let start: EpochSeconds
    do throws(UsageError) {
      let args = try Arguments(
        arguments, flags: [], options: ["--channels", "--days", "--seed", "--start"])
      guard args.positionals.isEmpty else {
        throw UsageError("unexpected argument '\(args.positionals[0])'")
      }
      channels = try args.integer("--channels", in: 1...100_000) ?? DemoGuide.defaultChannels
      days = try args.integer("--days", in: 1...366) ?? DemoGuide.defaultDays
      if let text = args.value("--seed") {
        guard let value = UInt64(text) else {
          throw UsageError("--seed wants a whole number ≥ 0, not '\(text)'")
        }
        seed = value
      } else {
        seed = DemoGuide.defaultSeed
      }
      if let text = args.value("--start") {
        guard let instant = TimestampParser.parse(text) else {
          throw UsageError("cannot read the time '\(text)'")
        }
        start = instant
      } else {
        // Today's midnight, UTC: the same guide all day for a given seed.
        let now = EpochSeconds(Date().timeIntervalSince1970)
        start = now - now % 86_400
      }
    } catch {
      return reportUsage(error, command: "demo")
    }
    guard
      DemoGuide.write(channels: channels, days: days, seed: seed, start: start, fileDescriptor: 1)
    else {
      printError("tvgrid demo: could not write to standard output")
      return 1
    }
    return 0
  }
}
