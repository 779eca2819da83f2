import EPGFrontEnd
import Testing

/// The table of key sequences the curses back end registers; the values
/// are from xterm's ctlseqs, the Linux console and rxvt's documentation.
/// (The tmux test `EscapeSequenceTests` sends them through a terminal.)
@Suite struct KeySequenceTests {
  @Test(arguments: [
    ("\u{1B}[1~", Key.home), ("\u{1B}[7~", .home), ("\u{1B}[H", .home), ("\u{1B}OH", .home),
    ("\u{1B}[1;5H", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}[F", .end),
    ("\u{1B}OF", .end), ("\u{1B}[1;2F", .end), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[5;5~", .pageUp), ("\u{1B}[3~", .delete), ("\u{1B}[A", .up), ("\u{1B}OB", .down),
    ("\u{1B}[1;2C", .shiftRight), ("\u{1B}[1;2D", .shiftLeft), ("\u{1B}[1;5C", .shiftRight),
    ("\u{1B}[1;5D", .shiftLeft), ("\u{1B}[1;2A", .shiftUp), ("\u{1B}[1;6B", .shiftDown),
    ("\u{1B}[c", .shiftRight), ("\u{1B}Od", .shiftLeft), ("\u{1B}OP", .function(1)),
    ("\u{1B}[11~", .function(1)), ("\u{1B}[[A", .function(1)), ("\u{1B}[14~", .function(4)),
    ("\u{1B}[Z", .backTab),
  ])
  func eachSequenceIsItsKey(sequence: String, key: Key) {
    #expect(KeySequence.key(for: sequence) == key)
  }

  /// curses refuses a sequence that is a prefix of another (it could never
  /// be told apart), and the mouse's must stay the terminfo entry's.
  @Test func noSequenceIsAPrefixOfAnotherOrTheMouse() {
    let sequences = KeySequence.all.map(\.sequence)
    #expect(Set(sequences).count == sequences.count)
    for sequence in sequences {
      #expect(!sequences.contains { $0 != sequence && $0.hasPrefix(sequence) }, "\(sequence)")
      #expect(!sequence.hasPrefix("\u{1B}[M") && !sequence.hasPrefix("\u{1B}[<"))
    }
  }
}
