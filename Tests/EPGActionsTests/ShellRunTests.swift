import EPGPlatform
import Foundation
import Testing

@testable import EPGActions

/// Hostile titles through every POSIX shell installed here (issue 25,
/// item 1): a template `SHELL -c SCRIPT` with the title outside quotes,
/// inside "…", inside '…', in an assignment and as the script's `$1`. Each
/// title tries to create a marker file in the test's own folder; the
/// marker never appears and each place receives the exact title (with the
/// leading space of a value that would start a shell word with `-`).
/// Shells that are not installed are left out (`make test` installs zsh,
/// ksh, mksh and busybox; bash and dash are part of Debian).
@Suite struct ShellRunTests {
  /// The shells to try, as the template's program words.
  static let candidates: [[String]] = [
    ["sh"], ["bash"], ["dash"], ["zsh"], ["ksh"], ["mksh"], ["busybox", "sh"], ["/bin/sh"],
  ]

  /// Those installed: the program is on PATH (busybox must also have `sh`).
  static var installed: [[String]] {
    candidates.filter { words in
      let program = words[0]
      let found =
        program.hasPrefix("/")
        ? FileManager.default.isExecutableFile(atPath: program)
        : (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
          .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
      guard found, words.count > 1 else { return found }
      let folder = Support.folder()
      defer { try? FileManager.default.removeItem(atPath: folder) }
      return
        (try? CommandLauncher.launch(
          words + ["-c", "true"], logDirectory: folder, logName: "probe.log", now: 0, mask: { $0 }
        ).waitForExit()) == 0
    }
  }

  /// Titles that would each create `MARKER` if any reached a shell as code.
  static let titles = [
    "'", "\"", "it's", "$(touch MARKER)", "`touch MARKER`", "; touch MARKER", "| touch MARKER",
    "& touch MARKER", "&& touch MARKER", "\ntouch MARKER", "x\ntouch MARKER\n", "-n",
    "--help", "-", "'$(touch MARKER)'", "\"$(touch MARKER)\"", "'\\''; touch MARKER; '",
    "\"; touch MARKER; \"", "\\", "\\'", "$HOME $1 ${x} $((1+1))", "*", "~", "!", "{title}",
    "%s %n", "a\tb", "é 日本 '\u{301}", "$'\\x27'; touch MARKER", "') ; touch MARKER #",
    "\"'\"'\"'", "#", "x # ; touch MARKER", "> MARKER", "< /dev/null touch MARKER",
  ]

  /// The script: each way a placeholder can be written, each output to its
  /// own file (tvgrid's `"…"` quoting, so `\"` is a `"` of the script).
  static func template(shell: [String], folder: String) -> String {
    let script = [
      "printf %s {title} > \(folder)/unquoted",
      #"printf %s \"{title}\" > \#(folder)/double"#,
      "printf %s 'a{title}b' > \(folder)/single",
      #"printf %s \"a{title}b\" > \#(folder)/inside"#,
      #"x={title}; printf %s \"$x\" > \#(folder)/assigned"#,
      #"printf %s \"$1\" > \#(folder)/positional"#,
    ].joined(separator: "; ")
    return shell.joined(separator: " ") + " -c \"" + script + "\" sh {title}"
  }

  @Test func hostileTitlesNeverRunAndArriveExactly() throws {
    let shells = Self.installed
    #expect(shells.contains(["sh"]), "no sh on PATH")
    for shell in shells {
      let folder = Support.folder()
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let marker = folder + "/marker"
      let template = try CommandTemplate(Self.template(shell: shell, folder: folder))
      for pattern in Self.titles {
        let title = pattern.replacingOccurrences(of: "MARKER", with: marker)
        var fields = CommandTemplateTests.fields
        fields.title = title
        let process = try CommandLauncher.launch(
          template.arguments(fields.values), logDirectory: folder + "/state",
          logName: "commands.log", now: 0, mask: { $0 })
        let status = process.waitForExit()
        let shown = "\(shell.joined(separator: " ")) with \(title.debugDescription)"
        #expect(status == 0, "\(shown): exit status \(status)")
        #expect(!FileManager.default.fileExists(atPath: marker), "\(shown) ran the title")
        let asWord = title.hasPrefix("-") ? " " + title : title
        let expected = [
          "unquoted": asWord, "double": asWord, "single": "a\(title)b", "inside": "a\(title)b",
          "assigned": title, "positional": asWord,
        ]
        for (file, value) in expected {
          let got = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)
          #expect(got == value, "\(shown): \(file)")
        }
      }
    }
  }
}
