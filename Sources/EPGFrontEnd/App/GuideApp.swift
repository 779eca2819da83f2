import EPGLayout
import EPGRaster

/// The interactive loop: read an event, apply it to the state, draw the
/// state, repeat until the state says it is finished or input ends. Generic
/// over the terminal and the clock, so tests drive it with `TestBackend` and
/// `FixedClock`.
///
/// When idle it wakes at the next minute boundary (the input timeout), so
/// the current-time line and the on-now highlight move without input.
public enum GuideApp {
  /// Runs the loop on `screen` starting from `state`; returns the final
  /// state. `idle` is asked for actions (live reload) each time the wait
  /// times out, and after an event when `wake` milliseconds have passed
  /// since it was last asked: `wake` caps the wait (nil: no cap), so `idle`
  /// runs about that often even while keys keep arriving. `uptime` is a
  /// monotonic clock in seconds. `perform` carries out the effects the
  /// state asks for (starting a player; it may hand the terminal over, so
  /// it gets the screen, to invalidate when it did) and returns the
  /// actions that report on them.
  @discardableResult
  public static func run<Backend: TerminalBackend>(
    state initial: AppState, screen: inout Screen<Backend>, clock: some Clock,
    idle: () -> [Action] = { [] }, wake: () -> Int? = { nil },
    perform: (Effect, inout Screen<Backend>) -> [Action] = { _, _ in [] },
    uptime: () -> Double = GuideApp.uptime
  ) -> AppState {
    var state = initial
    state.apply(.tick(clock.now()))
    if screen.backend.size != state.size { state.apply(.resize(screen.backend.size)) }
    screen.present(state.render())
    var lastIdle = uptime()
    while !state.isFinished {
      var wait = timeout(now: clock.now())
      let cap = wake()
      if let cap { wait = min(wait, max(1, cap)) }
      // Typing at the search prompt: the matches follow once it pauses.
      let debouncing = state.wantsLiveSearch
      if debouncing { wait = min(wait, AppState.liveSearchDelay) }
      let event = screen.nextEvent(timeoutMilliseconds: wait)
      switch event {
      case nil:
        if debouncing { state.apply(.liveSearch) }
      case .key(.control("l")):
        screen.invalidate()
      case .key(let key):
        state.apply(.key(key))
      case .mouse(let mouse):
        state.apply(.mouse(mouse))
      case .resize(let size):
        screen.invalidate()
        state.apply(.resize(size))
      case .endOfInput:
        return state
      }
      for effect in state.takeEffects() {
        state.apply(perform(effect, &screen))
      }
      let time = uptime()
      if event == nil || cap.map({ (time - lastIdle) * 1000 >= Double($0) }) == true {
        lastIdle = time
        state.apply(idle())
      }
      state.apply(.tick(clock.now()))
      if !state.isFinished { screen.present(state.render()) }
    }
    return state
  }

  /// Seconds on a monotonic clock since the first call's reference point.
  public static func uptime() -> Double {
    let elapsed = ContinuousClock.now - uptimeOrigin
    let parts = elapsed.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  private static let uptimeOrigin = ContinuousClock.now

  /// Milliseconds from `now` to the next minute boundary (at least 1 s, so
  /// a redraw never spins).
  public static func timeout(now: EpochSeconds) -> Int {
    let seconds = 60 - ((now % 60) + 60) % 60
    return Int(max(1, seconds)) * 1000
  }
}
