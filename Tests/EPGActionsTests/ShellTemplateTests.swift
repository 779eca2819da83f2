import Foundation
import Testing

@testable import EPGActions

/// Templates whose program is a shell or another interpreter given code in
/// an argument (issue 25, item 1). The expected scripts are worked by hand
/// from POSIX quoting (XCU 2.2): inside `'…'` nothing is special but the
/// closing `'`, so a value is `'…'` with each `'` written `'\''`.
@Suite struct ShellTemplateTests {
  static let hostile = "it's $(touch marker) `touch marker`; \"x\""
  static let quotedHostile = #"'it'\''s $(touch marker) `touch marker`; "x"'"#

  static func script(_ template: String, title: String = hostile, index: Int = 2) throws
    -> String
  {
    var values = CommandTemplateTests.fields.values
    values["title"] = title
    let arguments = try CommandTemplate(template).arguments(values)
    return arguments[index]
  }

  @Test func aPlaceholderOutsideQuotesIsOneSingleQuotedWord() throws {
    #expect(try Self.script("sh -c 'echo {title}'") == "echo " + Self.quotedHostile)
    #expect(try Self.script("sh -c 'echo x{title}y'") == "echo x" + Self.quotedHostile + "y")
    // Two placeholders side by side are two quoted strings, one shell word.
    #expect(
      try Self.script("sh -c 'echo {title}{channel}'") == "echo \(Self.quotedHostile)'BBC One'")
    // An empty value stays an (empty) argument.
    #expect(try Self.script("sh -c 'printf %s {title}'", title: "") == "printf %s ''")
  }

  @Test func insideSingleQuotesOnlyTheQuoteIsWritten() throws {
    // The script is `echo 'a{title}b'`: inside the user's own '…'.
    #expect(
      try Self.script(#"sh -c "echo 'a{title}b'""#)
        == #"echo 'ait'\''s $(touch marker) `touch marker`; "x"b'"#)
  }

  @Test func insideDoubleQuotesTheQuoteIsClosedAndReopened() throws {
    #expect(
      try Self.script(#"sh -c 'echo "a{title}b" > "/tmp/{channel}.txt"'"#)
        == #"echo "a"\#(Self.quotedHostile)"b" > "/tmp/"'BBC One'".txt""#)
    // $( … ) inside "…" starts commands again: there the value is unquoted.
    #expect(
      try Self.script(#"sh -c 'echo "$(printf %s {title})"'"#)
        == #"echo "$(printf %s \#(Self.quotedHostile))""#)
  }

  @Test func aValueThatWouldStartAShellWordWithADashGetsASpace() throws {
    #expect(try Self.script("sh -c 'notify-send {title}'", title: "-rf") == "notify-send ' -rf'")
    #expect(
      try Self.script(#"sh -c 'notify-send "{title}"'"#, title: "-rf")
        == ##"notify-send ""' -rf'"""##)
    #expect(try Self.script("sh -c 'cat > {title}'", title: "-x") == "cat > ' -x'")
    // Not at the start of a shell word: as it is.
    #expect(try Self.script("sh -c 'echo --t={title}'", title: "-x") == "echo --t='-x'")
    #expect(try Self.script("sh -c \"echo 'a{title}'\"", title: "-x") == "echo 'a-x'")
    #expect(try Self.script("sh -c 'echo \"a{title}\"'", title: "-x") == #"echo "a"'-x'"""#)
  }

  @Test func theShellIsFoundThroughPathsWrappersAndOptions() throws {
    let forms = [
      ("/bin/sh -c 'echo {title}'", 2), ("sh -c -- 'echo {title}'", 3),
      ("env sh -c 'echo {title}'", 3),
      ("env -i PATH=/bin:/usr/bin /usr/bin/bash -c 'echo {title}'", 5),
      ("busybox sh -c 'echo {title}'", 3), ("bash -e -c 'echo {title}'", 3),
      ("bash -ec 'echo {title}'", 2), ("bash -o pipefail -c 'echo {title}'", 4),
      ("bash -c -e 'echo {title}'", 3), ("zsh --no-rcs -c 'echo {title}'", 3),
      ("timeout -s INT 2h nice -n 5 dash -c 'echo {title}'", 9),
      ("nohup setsid ksh93 -c 'echo {title}'", 4), ("env -u X -C /tmp mksh -xc 'echo {title}'", 7),
    ]
    for (template, index) in forms {
      #expect(
        try Self.script(template, index: index) == "echo " + Self.quotedHostile, "\(template)")
    }
  }

  @Test func wordsAfterTheScriptAreOrdinaryArguments() throws {
    var values = CommandTemplateTests.fields.values
    values["title"] = Self.hostile
    values["url"] = "-oops"
    let template = try CommandTemplate(
      #"sh -c 'ffmpeg -i "$1" -c copy "/srv/$2.ts"' sh {url} {title}"#)
    #expect(
      template.arguments(values) == [
        "sh", "-c", #"ffmpeg -i "$1" -c copy "/srv/$2.ts""#, "sh", " -oops", Self.hostile,
      ])
    // A shell given a script file, or reading standard input: arguments.
    #expect(
      try CommandTemplate("sh /srv/rec.sh {title}").arguments(values) == [
        "sh", "/srv/rec.sh", Self.hostile,
      ])
    #expect(try CommandTemplate("sh -s {title}").arguments(values) == ["sh", "-s", Self.hostile])
  }

  /// Each template is refused when read; the message names the placeholder
  /// and says what to do instead.
  @Test func placeholdersInCodeOfOtherInterpretersAreRefused() {
    let cases: [(String, [String])] = [
      ("fish -c 'echo {title}'", ["{title} is in the code that fish runs", "$argv[1]"]),
      ("/usr/bin/python3.11 -c 'print(\"{title}\")'", ["python3.11", "sys.argv[1]"]),
      ("python3 -Bc 'print(\"{title}\")'", ["sys.argv[1]"]),
      ("perl -lne 'print \"{title}\"'", ["perl", "$ARGV[0]"]),
      ("perl -e'print \"{title}\"'", ["perl"]),
      ("node -e 'console.log(\"{title}\")'", ["process.argv[1]"]),
      ("node --eval='console.log(\"{title}\")'", ["node"]),
      ("pwsh -Command Write-Output {title}", ["pwsh", "-File"]),
      ("pwsh -c Write-Output x {channel}", ["{channel}", "pwsh"]),
      ("env python3 -c 'print(\"{title}\")'", ["python3"]),
      ("busybox awk '{ print \"{title}\" }'", ["awk", "ARGV[1]"]),
      ("ruby -e 'puts \"{title}\"'", ["ARGV[0]"]),
      ("ssh tvbox ffmpeg -i {url} out.ts", ["{url}", "ssh", "other machine"]),
      ("flock /tmp/lock sh -c 'echo {title}'", ["sh runs under flock", #""$1""#]),
      ("xargs python3 -c 'print(\"{title}\")'", ["python3 runs under xargs"]),
      ("env -S 'sh -c {title}'", ["env -S splits", #""$1""#]),
      ("bash {title}", ["{title} would name the script file that bash runs"]),
      ("timeout 10 {title} x", ["the program that timeout runs cannot be a placeholder"]),
    ]
    for (template, parts) in cases {
      #expect {
        try CommandTemplate(template)
      } throws: { error in
        let message = (error as? CommandTemplate.ParseError)?.message ?? ""
        let missing = parts.filter { !message.contains($0) }
        if !missing.isEmpty { Issue.record("\(template): \(message) lacks \(missing)") }
        return missing.isEmpty
      }
    }
  }

  @Test func placeholdersWhereQuotingCannotHelpAreRefused() {
    let cases: [(String, String)] = [
      (#"sh -c 'echo \{title}'"#, "right after a backslash"),
      (#"sh -c 'echo "\{title}"'"#, "right after a backslash"),
      ("sh -c 'echo ${title}'", "right after $"),
      ("sh -c 'echo ${x:-{title}}'", "inside ${…}"),
      ("sh -c 'echo `echo {title}`'", "inside `…`"),
      ("sh -c 'echo # {title}'", "in a comment"),
      ("sh -c 'echo $(({number} + 1))'", "inside an arithmetic expression"),
      ("bash -c '(( x = {number} ))'", "inside an arithmetic expression"),
      (#"bash -c "echo $'{title}'""#, "inside $'…'"),
      ("sh -c '{title}'", "the name of a command"),
      ("sh -c 'true; /usr/bin/{title} --x'", "the name of a command"),
      ("sh -c 'X=1 2>/dev/null \"{title}\"'", "the name of a command"),
      ("sh -c 'eval echo {title}'", "in the words of eval"),
      (#"sh -c 'sh -c "echo {title}"'"#, "in the code of a nested sh -c"),
      (#"sh -c 'env python3 -c "print({title})"'"#, "in the code of a nested python3 -c"),
      ("sh -c 'awk -v x=1 {title}'", "nested awk"),
      (#"sh -c "echo \"{title}""#, "never closed"),
      ("sh -c 'echo ${x:-\"a\"} {title}'", "after a ${…} with quotes"),
    ]
    for (template, reason) in cases {
      #expect {
        try CommandTemplate(template)
      } throws: { error in
        let message = (error as? CommandTemplate.ParseError)?.message ?? ""
        let expected =
          message.contains("in the script of ") && message.contains(reason)
          && message.contains(#"sh -c '… "$1" …' sh {"#)
        if !expected { Issue.record("\(template): \(message)") }
        return expected
      }
    }
  }

  @Test func safeFormsAndOrdinaryUsesAreAccepted() throws {
    for template in [
      "python3 -c 'import sys; print(sys.argv[1])' {title}",
      "fish -c 'echo $argv' {title}", "perl -e 'print @ARGV' {title}",
      "node -e 'console.log(process.argv[1])' {title}", "pwsh -File rec.ps1 {title}",
      "awk -v t={title} 'BEGIN { print t }'",
      "ssh-add -t {duration}", "notify-send --app-name=es {title}",
      "tool --lang es {title}", "sudo -u tv sh -c 'echo {title}'",
      "sh -c 'for f in {title}; do echo \"$f\"; done'",
      "sh -c 'case {title} in a) echo a;; esac'", "sh -c 'x={title}; echo \"$x\" >&2'",
      "sh -c 'exec 2>/dev/null; echo {title} | tee -a {channel}.log'",
      "bash -c 'cat <<< {title}'", "sh -c 'echo {title} # a comment'",
      "sh -c 'notify-send Time to watch {title} >> ~/tv.log'",
    ] {
      #expect(throws: Never.self, "\(template)") { try CommandTemplate(template) }
    }
  }
}
