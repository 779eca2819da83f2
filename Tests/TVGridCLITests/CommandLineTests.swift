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
