import CNcursesw
import EPGPlatform
import EPGRaster
import EPGTerminal

/// The real terminal, through ncursesw (wide characters). The only type
/// that talks to curses; no curses type appears in its API.
///
/// A `final class` because it owns the process-wide curses session: the
/// terminal must be restored (`endwin`) exactly once, also from signal
/// handlers and at exit, and the session must not be copied.
///
/// Start-up follows htop's `CRT_init`: locale first (by the caller, see
/// `TerminalLocale`), `newterm`, `cbreak`, `noecho`, `nonl`, `keypad`,
/// `curs_set(0)`, `start_color` + `use_default_colors`, `set_escdelay(25)`
/// (Esc acts at once), the mouse, and `define_key` for the key sequences
/// terminals send that the terminfo entry may not name (`KeySequence`).
/// Standard error is captured for the
/// session and replayed afterwards.
public final class NcursesBackend: TerminalBackend {
  private var screenPointer: OpaquePointer?
  private var colourPairs: [ColourKey: Int16] = [:]
  private let useColour: Bool
  private var isOpen = false
  private var clicks = DoubleClick()

  private struct ColourKey: Hashable {
    var foreground: Int16
    var background: Int16
  }

  /// Opens the session; nil (with the reason) when standard output is not
  /// a terminal or curses cannot start. When standard input is not a
  /// terminal (the guide was read from it: `cat guide.xml | tvgrid -`), the
  /// keys come from the controlling terminal, `/dev/tty`, as `less` and
  /// `fzf` do: it replaces standard input.
  public static func open(colour: Bool, mouse: Bool) -> Result<NcursesBackend, TerminalError> {
    guard isatty(1) == 1 else {
      return .failure(TerminalError("standard output must be a terminal"))
    }
    if isatty(0) != 1 {
      let terminal = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
      guard terminal >= 0, isatty(terminal) == 1, dup2(terminal, 0) == 0 else {
        return .failure(
          TerminalError(
            "standard input is not a terminal and there is no /dev/tty to read keys from"))
      }
      Glibc.close(terminal)
    }
    let backend = NcursesBackend(colour: colour)
    if let error = backend.start(mouse: mouse) { return .failure(error) }
    return .success(backend)
  }

  private init(colour: Bool) {
    self.useColour = colour
  }

  deinit { close() }

  private func start(mouse: Bool) -> TerminalError? {
    guard let output = fdopen(1, "w"), let input = fdopen(0, "r") else {
      return TerminalError("cannot open the terminal")
    }
    TerminalSession.install()
    guard let screen = newterm(nil, output, input) else {
      TerminalSession.uninstall()
      let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
      return TerminalError("cannot start curses for TERM=\(term)")
    }
    if !Self.canMoveCursor() {
      // Without `cup` curses can only scroll lines: a blank screen that
      // never shows the guide. End curses before it took the terminal.
      endwin()
      delscreen(screen)
      TerminalSession.uninstall()
      let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
      return TerminalError(
        "TERM=\(term) cannot move the cursor; use a terminal that can"
          + " (e.g. TERM=xterm-256color) or 'tvgrid render'")
    }
    screenPointer = screen
    isOpen = true
    TerminalSession.begin()
    cbreak()
    noecho()
    nonl()
    keypad(cnc_stdscr(), true)
    curs_set(0)
    set_escdelay(25)
    Self.defineKeySequences()
    if useColour && has_colors() {
      start_color()
      use_default_colors()
    }
    if mouse {
      mousemask(
        cnc_button1_pressed() | cnc_button1_clicked() | cnc_button4_pressed()
          | cnc_button5_pressed() | cnc_button_shift(), nil)
      mouseinterval(0)
    }
    return nil
  }

  /// Key codes of `KeySequence.all`: entry `i` is `sequenceKeyBase + i`,
  /// above every code curses gives (`KEY_MAX` and the extended keys it
  /// numbers after it) and below 65536 (curses keeps codes in 16 bits).
  private static let sequenceKeyBase: Int32 = 0x4000

  /// Registers every sequence of `KeySequence.all` (replacing the terminfo
  /// entry's meaning of it, which is the same key).
  private static func defineKeySequences() {
    for (index, entry) in KeySequence.all.enumerated() {
      _ = define_key(entry.sequence, sequenceKeyBase + Int32(index))
    }
  }

  /// Whether the current terminal (after `newterm`) has the cursor
  /// addressing capability `cup`; `tigetstr` answers nil when it is absent
  /// and `(char *)-1` when the name is not a string capability.
  private static func canMoveCursor() -> Bool {
    guard let capability = tigetstr("cup") else { return false }
    return Int(bitPattern: capability) != -1
  }

  /// Restores the terminal and replays what went to standard error. Safe to
  /// call more than once.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    TerminalSession.end()
    if let screenPointer { delscreen(screenPointer) }
    screenPointer = nil
    TerminalSession.uninstall()
  }

  /// Rings the terminal bell (a reminder fired).
  public func bell() {
    guard isOpen else { return }
    _ = beep()
  }

  /// Hands the terminal to `body` (a program run in the foreground, such
  /// as a player with `player_terminal`): curses ends and standard error
  /// goes back to the terminal; Ctrl-C and Ctrl-\ are for that program, so
  /// the guide ignores SIGINT and SIGQUIT meanwhile (as `system()` does).
  /// Afterwards the session resumes and curses repaints the whole screen.
  public func outsideCurses<T>(_ body: () -> T) -> T {
    guard isOpen else { return body() }
    TerminalSession.end()
    let interrupt = signal(SIGINT, SIG_IGN)
    let quit = signal(SIGQUIT, SIG_IGN)
    let result = body()
    signal(SIGINT, interrupt)
    signal(SIGQUIT, quit)
    TerminalSession.begin()
    wrefresh(cnc_stdscr())
    return result
  }

  // MARK: TerminalBackend

  public var size: CellSize { CellSize(columns: Int(cnc_cols()), rows: Int(cnc_lines())) }

  /// Writes each changed cell. A curses cell holds one spacing character
  /// and the marks on it (`setcchar` drops any spacing scalar after the
  /// first), which is how `Grid.put` splits text. A 2-column glyph whose
  /// first scalar is 1 column wide (a flag's two regional indicators, ❤ with
  /// VS16) goes out as that scalar with its marks and, in the next column,
  /// the rest (or a space), so both of its columns are drawn.
  public func draw(_ changes: [CellChange]) {
    let window = cnc_stdscr()
    for change in changes {
      guard case .grapheme(let character, let width) = change.cell.content else { continue }
      let scalars = Array(character.unicodeScalars)
      guard width == 2, let first = scalars.first, TextWidth.width(of: first) == 1 else {
        put(scalars[...], x: change.x, y: change.y, style: change.cell.style, in: window)
        continue
      }
      let split =
        scalars.indices.dropFirst().first { TextWidth.width(of: scalars[$0]) > 0 }
        ?? scalars.count
      put(scalars[..<split], x: change.x, y: change.y, style: change.cell.style, in: window)
      let rest = split < scalars.count ? scalars[split...] : [" "]
      put(rest, x: change.x + 1, y: change.y, style: change.cell.style, in: window)
    }
  }

  /// Writes one curses cell: a spacing scalar and up to three marks.
  private func put(
    _ scalars: ArraySlice<Unicode.Scalar>, x: Int, y: Int, style: Style,
    in window: UnsafeMutablePointer<WINDOW>?
  ) {
    var characters: [wchar_t] = scalars.prefix(4).map { wchar_t(bitPattern: $0.value) }
    characters.append(0)
    var cell = cchar_t()
    let pair = colourPair(for: style)
    let attributes = attributes(for: style)
    _ = characters.withUnsafeBufferPointer { buffer in
      setcchar(&cell, buffer.baseAddress, attributes, pair, nil)
    }
    _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)
  }

  public func flush() {
    wnoutrefresh(cnc_stdscr())
    doupdate()
  }

  public func nextEvent(timeoutMilliseconds: Int) -> InputEvent? {
    let window = cnc_stdscr()
    wtimeout(window, Int32(clamping: timeoutMilliseconds))
    var character: wint_t = 0
    let result = wget_wch(window, &character)
    if result == ERR { return nil }
    if result == KEY_CODE_YES { return functionKey(Int32(character)) }
    return NcursesBackend.key(forCharacter: UInt32(character)).map { .key($0) }
  }

  // MARK: Input mapping

  /// The key for a character code from `get_wch` (not a function key).
  package static func key(forCharacter code: UInt32) -> Key? {
    switch code {
    case 27: return .escape
    case 10, 13: return .enter
    case 9: return .tab
    case 8, 127: return .backspace
    case 1...26: return .control(Character(Unicode.Scalar(code + 96)!))
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .character(Character(scalar))
    }
  }

  private func functionKey(_ code: Int32) -> InputEvent? {
    switch code {
    case KEY_RESIZE: return .resize(size)
    case KEY_MOUSE: return mouseEvent()
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
    case KEY_LEFT: return .key(.left)
    case KEY_RIGHT: return .key(.right)
    case KEY_SLEFT: return .key(.shiftLeft)
    case KEY_SRIGHT: return .key(.shiftRight)
    case KEY_SR: return .key(.shiftUp)
    case KEY_SF: return .key(.shiftDown)
    case KEY_PPAGE: return .key(.pageUp)
    case KEY_NPAGE: return .key(.pageDown)
    case KEY_HOME: return .key(.home)
    case KEY_END: return .key(.end)
    case KEY_ENTER: return .key(.enter)
    case KEY_BACKSPACE: return .key(.backspace)
    case KEY_DC: return .key(.delete)
    case KEY_BTAB: return .key(.backTab)
    case cnc_key_f(1)...cnc_key_f(12): return .key(.function(Int(code - cnc_key_f(0))))
    case Self.sequenceKeyBase..<(Self.sequenceKeyBase + Int32(KeySequence.all.count)):
      return .key(KeySequence.all[Int(code - Self.sequenceKeyBase)].key)
    default: return nil
    }
  }

  private func mouseEvent() -> InputEvent? {
    var event = MEVENT()
    guard getmouse(&event) == OK else { return nil }
    let x = Int(event.x)
    let y = Int(event.y)
    // Shift turns the wheel into a horizontal one (time). A tilt wheel's
    // own buttons (6, 7) are past ncurses' mouse version 2 and not
    // reported.
    let shift = event.bstate & cnc_button_shift() != 0
    if event.bstate & cnc_button4_pressed() != 0 {
      return .mouse(MouseEvent(shift ? .wheelLeft : .wheelUp, x: x, y: y))
    }
    if event.bstate & cnc_button5_pressed() != 0 {
      return .mouse(MouseEvent(shift ? .wheelRight : .wheelDown, x: x, y: y))
    }
    if event.bstate & (cnc_button1_pressed() | cnc_button1_clicked()) != 0 {
      let double = clicks.isDouble(x: x, y: y, at: Uptime.seconds())
      return .mouse(MouseEvent(double ? .doublePress : .press, x: x, y: y))
    }
    return nil
  }

  // MARK: Styles

  private func attributes(for style: Style) -> attr_t {
    var result = cnc_a_normal()
    if style.attributes.contains(.bold) { result |= cnc_a_bold() }
    if style.attributes.contains(.dim) { result |= cnc_a_dim() }
    if style.attributes.contains(.reverse) { result |= cnc_a_reverse() }
    if style.attributes.contains(.underline) { result |= cnc_a_underline() }
    if style.attributes.contains(.italic) { result |= cnc_a_italic() }
    return result
  }

  private func colourNumber(_ colour: TerminalColor) -> Int16 {
    switch colour {
    case .default: return -1
    case .ansi(let number):
      let available = Int(cnc_colors())
      return Int16(available > Int(number) ? Int(number) : Int(number) % 8)
    }
  }

  /// The colour pair for a style, made on first use (pair 0 is the
  /// terminal's default colours).
  private func colourPair(for style: Style) -> Int16 {
    guard useColour && has_colors() else { return 0 }
    let key = ColourKey(
      foreground: colourNumber(style.foreground), background: colourNumber(style.background))
    if key.foreground == -1 && key.background == -1 { return 0 }
    if let pair = colourPairs[key] { return pair }
    let next = Int16(colourPairs.count + 1)
    // init_pair fails beyond the terminal's COLOR_PAIRS: then plain colours.
    guard next < 256, init_pair(next, key.foreground, key.background) == OK else { return 0 }
    colourPairs[key] = next
    return next
  }
}
