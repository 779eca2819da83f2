import Foundation
import Testing

/// What the programs the interactive guide starts get of its descriptors
/// (issue 25, item 2), in a real terminal (tmux): the player (`w`), a
/// command from the `|` menu, and the player given the terminal
/// (`player_terminal = yes`). Each is a stub that lists the descriptors a
/// program it runs inherits (`ls -l /proc/self/fd/`) and that program's
/// session and terminal (`/proc/self/stat`).
@Suite(.serialized) struct ChildDescriptorTests {
  /// `$1` names the files it writes beside itself.
  static let stub = """
    here="$(dirname "$0")"
    ls -l /proc/self/fd/ > "$here/$1-fds.txt"
    cat /proc/self/stat > "$here/$1-stat.tmp"
    mv "$here/$1-stat.tmp" "$here/$1-stat.txt"

    """

  /// The descriptors in an `ls -l /proc/self/fd/` listing (the one ls
  /// reads the folder with left out): number → target.
  static func descriptors(_ folder: String, _ name: String) -> [String: String] {
    let text = (try? String(contentsOfFile: "\(folder)/bin/\(name)-fds.txt", encoding: .utf8)) ?? ""
    var found: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let arrow = line.range(of: " -> ") else { continue }
      let target = String(line[arrow.upperBound...])
      if target.hasPrefix("/proc/") && target.hasSuffix("/fd") { continue }
      found[line[..<arrow.lowerBound].split(separator: " ").last.map(String.init) ?? ""] = target
    }
    return found
  }

  /// ppid, process group, session and terminal (`tty_nr`) from the stat
  /// file (proc(5): after "pid (comm)": state ppid pgrp session tty_nr).
  static func stat(_ folder: String, _ name: String) -> [String] {
    let text =
      (try? String(contentsOfFile: "\(folder)/bin/\(name)-stat.txt", encoding: .utf8)) ?? ""
    guard let close = text.lastIndex(of: ")") else { return [] }
    return Array(text[text.index(after: close)...].split(separator: " ").dropFirst().prefix(4))
      .map(String.init)
  }

  static func start(playerTerminal: Bool, label: String) throws -> (String, TmuxPane) {
    let folder = try PlaylistWatchTests.folder(bbcOneURL: "http://stream.example/one.ts") {
      "/bin/sh '\($0)/bin/fds.sh' player"
    }
    try PlayerStub.install(Self.stub, at: folder + "/bin/fds.sh")
    let config = """
      player = /bin/sh '\(folder)/bin/fds.sh' player
      player_terminal = \(playerTerminal ? "yes" : "no")
      command fds = /bin/sh '\(folder)/bin/fds.sh' command

      """
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config/tvgrid/config"))
    return (folder, try PlaylistWatchTests.start(folder, label: label))
  }

  @Test func aDetachedPlayerAndCommandGetOnlyStandardDescriptors() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let (folder, pane) = try Self.start(playerTerminal: false, label: "fds-detached")
    defer {
      pane.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    pane.waitForScreen { $0.first?.contains("All channels") ?? false }
    pane.sendKeys("w")
    pane.waitForScreen { $0.last?.contains("sh started") ?? false }
    #expect(
      TmuxPane.waitFor { FileManager.default.fileExists(atPath: folder + "/bin/player-stat.txt") })
    pane.sendKeys("|")
    pane.waitForScreen { $0.contains { $0.contains("1  fds") } }
    pane.sendKeys("1")
    let ended = pane.waitForScreen { $0.last?.contains("fds finished") ?? false }
    #expect(ended.last?.contains("fds finished") == true, "\(ended.joined(separator: "\n"))")
    #expect(
      TmuxPane.waitFor { FileManager.default.fileExists(atPath: folder + "/bin/command-stat.txt") })
    pane.sendKeys("q")
    pane.waitForScreen { $0.contains("EXITED 0") }
    for (name, log) in [("player", "player.log"), ("command", "commands.log")] {
      #expect(
        Self.descriptors(folder, name) == [
          "0": "/dev/null", "1": "\(folder)/bin/\(name)-fds.txt",
          "2": "\(folder)/state/tvgrid/\(log)",
        ], "\(name)")
      // Its own session (the stub leads it: ppid = process group = session)
      // and no controlling terminal.
      let fields = Self.stat(folder, name)
      #expect(fields.count == 4 && fields[0] == fields[1] && fields[1] == fields[2], "\(name)")
      #expect(fields.last == "0", "\(name): controlling terminal")
    }
  }

  @Test func aPlayerGivenTheTerminalGetsOnlyTheTerminal() throws {
    guard TmuxPane.available() else { throw TmuxMissing() }
    let (folder, pane) = try Self.start(playerTerminal: true, label: "fds-terminal")
    defer {
      pane.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    pane.waitForScreen { $0.first?.contains("All channels") ?? false }
    pane.sendKeys("w")
    // The stub ends at once and the guide comes back.
    let back = pane.waitForScreen { $0.last?.contains("sh ended") ?? false }
    #expect(back.last?.contains("sh ended") == true, "\(back.joined(separator: "\n"))")
    pane.sendKeys("q")
    pane.waitForScreen { $0.contains("EXITED 0") }
    let found = Self.descriptors(folder, "player")
    #expect(Set(found.keys) == ["0", "1", "2"], "\(found)")
    #expect(found["1"] == "\(folder)/bin/player-fds.txt")
    // Input is the terminal; standard error is the guide's own (the test
    // sends it to a file), never the file it keeps it in while it draws.
    #expect(found["0"]?.hasPrefix("/dev/pts/") == true, "\(found)")
    #expect(found["2"]?.contains("tvgrid-stderr") == false, "\(found)")
    #expect(Self.stat(folder, "player").last != "0", "the terminal is its controlling terminal")
  }
}
