import EPGRaster

/// An in-memory terminal for tests: drawing updates `screen`, input comes
/// from a scripted list of events. When the script runs out it reports
/// `.endOfInput`, so an app loop driven by it always ends.
public struct TestBackend: TerminalBackend {
  /// What a real terminal would show now.
  public private(set) var screen: Grid
  /// Events still to be delivered, first one next.
  public var pendingEvents: [InputEvent]
  /// How many times `flush` was called (each call is one visible frame).
  public private(set) var flushCount = 0
  /// The timeouts the app asked for, in order (milliseconds).
  public private(set) var requestedTimeouts: [Int] = []
  /// Every scripted event is already waiting (typed faster than frames
  /// are drawn, as a held key is): the app's polls for waiting input (a
  /// 0 ms wait) find them. When false each event comes after a frame, and
  /// polls (not recorded in `requestedTimeouts`) find nothing.
  public var eventsWaiting = false
  /// Counts of events delivered after which one wait times out (nil)
  /// before the next event: a pause in the typing.
  public var pausesAfter: Set<Int> = []
  private var delivered = 0
  private var paused: Set<Int> = []

  public init(size: CellSize, events: [InputEvent] = []) {
    self.screen = Grid(width: size.columns, height: size.rows)
    self.pendingEvents = events
  }

  public var size: CellSize { CellSize(columns: screen.width, rows: screen.height) }

  public mutating func draw(_ changes: [CellChange]) {
    for change in changes where screen.contains(x: change.x, y: change.y) {
      screen[change.x, change.y] = change.cell
      if case .grapheme(_, let width) = change.cell.content, width == 2,
        screen.contains(x: change.x + 1, y: change.y)
      {
        screen[change.x + 1, change.y] = Cell(content: .continuation, style: change.cell.style)
      }
    }
  }

  public mutating func flush() {
    flushCount += 1
  }

  /// Delivers the next scripted event. A `.resize` event also resizes the
  /// screen (blank), as a real terminal would.
  public mutating func nextEvent(timeoutMilliseconds: Int) -> InputEvent? {
    // A poll for input already waiting (0 ms): the script's events come
    // one a frame unless `eventsWaiting` (then all of them are waiting).
    if timeoutMilliseconds == 0 {
      guard eventsWaiting, !pendingEvents.isEmpty else { return nil }
    } else {
      requestedTimeouts.append(timeoutMilliseconds)
    }
    if pausesAfter.contains(delivered), !paused.contains(delivered) {
      paused.insert(delivered)
      return nil
    }
    guard !pendingEvents.isEmpty else { return .endOfInput }
    let event = pendingEvents.removeFirst()
    delivered += 1
    if case .resize(let size) = event {
      screen = Grid(width: size.columns, height: size.rows)
    }
    return event
  }
}
