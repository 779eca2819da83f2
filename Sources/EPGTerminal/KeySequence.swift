/// The escape sequences terminals send for keys, recognised whatever the
/// terminfo entry of `TERM` names: `TERM=xterm-256color` inside tmux or
/// PuTTY says Home is `ESC O H` while the terminal sends `ESC [ 1 ~`, and an
/// unknown sequence would arrive as Esc followed by its characters (Esc,
/// then `1` starting a channel number). The curses back end registers every
/// one with `define_key`, as htop does.
///
/// Sources: xterm's ctlseqs ("PC-Style Function Keys", "VT220-Style
/// Function Keys"), the Linux console (`ESC [ [ A` for F1), rxvt (`ESC [ 7 ~`
/// Home, `ESC [ a` Shift-Up, `ESC O a` Ctrl-Up).
///
/// A modifier (Shift, Alt, Ctrl, any mix: xterm's `;2` to `;8`) on an arrow
/// gives the shifted arrow (a screen of time or of channels); on Home, End,
/// PgUp and PgDn it is ignored.
public enum KeySequence {
  /// Every sequence and its key, each sequence once.
  public static let all: [(sequence: String, key: Key)] = {
    var table: [(sequence: String, key: Key)] = []
    let escape = "\u{1B}"
    // Arrows in normal and application cursor mode; xterm modifiers.
    let arrows: [(final: Character, key: Key, shifted: Key)] = [
      ("A", .up, .shiftUp), ("B", .down, .shiftDown), ("C", .right, .shiftRight),
      ("D", .left, .shiftLeft),
    ]
    for arrow in arrows {
      table.append((escape + "[" + String(arrow.final), arrow.key))
      table.append((escape + "O" + String(arrow.final), arrow.key))
      for modifier in 2...8 {
        table.append((escape + "[1;\(modifier)" + String(arrow.final), arrow.shifted))
      }
      // rxvt: Shift is `ESC [ a`, Ctrl `ESC O a`.
      let lower = String(arrow.final).lowercased()
      table.append((escape + "[" + lower, arrow.shifted))
      table.append((escape + "O" + lower, arrow.shifted))
    }
    // Home and End: VT220 (`1~` `4~`), rxvt (`7~` `8~`), xterm normal and
    // application mode (`[H` `OH`), with xterm modifiers; rxvt's shifted
    // and ctrl forms (`$`, `^`).
    for (key, numbers, final) in [(Key.home, ["1", "7"], "H"), (Key.end, ["4", "8"], "F")] {
      for number in numbers {
        for suffix in ["~", "$", "^"] { table.append((escape + "[" + number + suffix, key)) }
      }
      table.append((escape + "[" + final, key))
      table.append((escape + "O" + final, key))
      for modifier in 2...8 { table.append((escape + "[1;\(modifier)" + final, key)) }
    }
    // PgUp, PgDn, Delete: VT220, with xterm modifiers and rxvt's forms.
    for (key, number) in [(Key.pageUp, "5"), (Key.pageDown, "6"), (Key.delete, "3")] {
      for suffix in ["~", "$", "^"] { table.append((escape + "[" + number + suffix, key)) }
      for modifier in 2...8 { table.append((escape + "[" + number + ";\(modifier)~", key)) }
    }
    // F1–F4: VT100 (`OP`), VT220/PuTTY (`11~`), the Linux console (`[[A`).
    for (index, letter) in ["P", "Q", "R", "S"].enumerated() {
      let number = index + 1
      table.append((escape + "O" + letter, .function(number)))
      table.append((escape + "[\(10 + number)~", .function(number)))
      let console = ["A", "B", "C", "D"][index]
      table.append((escape + "[[" + console, .function(number)))
    }
    table.append((escape + "[Z", .backTab))
    return table
  }()

  /// The key a whole sequence stands for, or nil.
  public static func key(for sequence: String) -> Key? {
    all.first { $0.sequence == sequence }?.key
  }
}
