import Foundation
import Testing

@Suite struct CommandLineTests {
  @Test func helpListsEverySubcommand() throws {
    let result = try TVGridProcess.run(["--help"])
    #expect(result.status == 0)
    for command in ["render", "now", "check", "layout", "demo"] {
      #expect(result.stdout.contains("tvgrid \(command)"), "help lacks \(command)")
    }
  }

  @Test func versionIsOneLine() throws {
    let result = try TVGridProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("tvgrid "))
    #expect(result.stdout.split(separator: "\n").count == 1)
  }

  /// The licence the version line names is the one in LICENSE, which also
  /// names the origins of the two ported layout designs.
  @Test func versionNamesTheLicenceInLICENSE() throws {
    let result = try TVGridProcess.run(["--version"])
    #expect(result.stdout.contains("MIT licence"))
    let license = try String(
      contentsOf: TVGridProcess.packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
    #expect(license.hasPrefix("MIT License\n"))
    #expect(license.contains("Permission is hereby granted, free of charge"))
    for origin in ["INSElectronicProgramGuideLayout", "VSCollectionViewCellInsetFlowLayout"] {
      #expect(license.contains(origin))
    }
  }

  @Test(arguments: [
    ["now", "--bogus"], ["check", "--frobnicate=1"], ["demo", "--channels"],
    ["demo", "--channels", "many"], ["layout", "--viewport"],
  ])
  func usageMistakesExitWithStatusTwo(arguments: [String]) throws {
    let result = try TVGridProcess.run(arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains("tvgrid \(arguments[0]):"))
  }
}

@Suite struct SubcommandHelpTests {
  /// Each subcommand's `--help` is that subcommand's usage (its own
  /// options, which the general help does not list), exit 0, even with
  /// other arguments around it.
  @Test(arguments: [
    (["now", "--help"], "--json"), (["render", "--help"], "--size"),
    (["check", "-h"], "--limit"), (["layout", "guide.xml", "--help"], "--viewport"),
    (["demo", "--seed", "3", "--help"], "--channels"),
    // Issue 24 item 12.
    (["search", "--help"], "--saved"), (["search", "news", "-h"], "--days"),
    (["reminders", "--help"], "--ics"), (["remind", "--help"], "--within"),
    (["remind", "--due", "-h"], "--add"), (["cache", "--help"], "clear"),
    (["cache", "clear", "--help"], "--no-cache"),
  ])
  func subcommandHelp(arguments: [String], option: String) throws {
    let result = try TVGridProcess.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    #expect(result.stdout.hasPrefix("Usage: tvgrid \(arguments[0])"), "\(result.stdout)")
    #expect(result.stdout.contains(option))
    #expect(result.stderr.isEmpty)
  }

  /// Every subcommand `tvgrid --help` lists answers `--help` with its own
  /// usage, and `tvgrid help COMMAND` says the same.
  @Test func everySubcommandListedHasItsOwnHelp() throws {
    let general = try TVGridProcess.run(["--help"]).stdout
    // "  tvgrid WORD …" lines of the usage, WORD a lower-case word.
    let commands = Set(
      general.split(separator: "\n").compactMap { line -> String? in
        let words = line.split(separator: " ")
        guard words.count >= 2, words[0] == "tvgrid", words[1].allSatisfy(\.isLowercase) else {
          return nil
        }
        return String(words[1])
      })
    #expect(
      commands == [
        "render", "now", "check", "layout", "demo", "reminders", "remind", "search", "cache",
        "init",
      ])
    for command in commands {
      let own = try TVGridProcess.run([command, "--help"])
      #expect(own.status == 0, "\(command): \(own.stderr)")
      #expect(own.stdout.hasPrefix("Usage: tvgrid \(command)"), "\(command): \(own.stdout)")
      let viaHelp = try TVGridProcess.run(["help", command])
      #expect(viaHelp.status == 0 && viaHelp.stdout == own.stdout, "help \(command)")
    }
  }

  /// After `--`, `--help` is a file name, not a request for help.
  @Test func helpAfterDoubleDashIsAFile() throws {
    let result = try TVGridProcess.run(["check", "--", "--help"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("--help"))
  }
}
