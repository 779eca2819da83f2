import EPGLayout
import EPGRaster

/// The interactive loop: read an event, apply it to the state, draw the
/// state, repeat until the state says it is finished or input ends. Generic
/// over the terminal and the clock, so tests drive it with `TestBackend` and
/// `FixedClock`.
///
/// When idle it wakes at the next minute boundary (the input timeout), so
/// the current-time line and the on-now highlight move without input.
/// Input that is already waiting when a frame is done is all applied
/// before the next frame (coalesced), and a held arrow key (the terminal's
/// auto-repeat, not taps) speeds up (`KeyRepeat`).
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
    // What the start asked for (reminders due at once, a file to write).
    for effect in state.takeEffects() {
      state.apply(perform(effect, &screen))
    }
    if screen.backend.size != state.size { state.apply(.resize(screen.backend.size)) }
    screen.present(state.render())
    var lastIdle = uptime()
    // When the channel number being typed last changed (uptime seconds).
    var numberTyped: Double?
    var repeats = KeyRepeat()
    while !state.isFinished {
      // A clock that runs faster (a test's) wakes sooner in real time.
      var wait = max(1, Int(Double(timeout(now: clock.now())) / max(1, clock.rate)))
      let cap = wake()
      if let cap { wait = min(wait, max(1, cap)) }
      let pause = state.settings.numberTimeout
      if let numberTyped, pause > 0 {
        wait = min(wait, max(1, Int(((numberTyped + pause - uptime()) * 1000).rounded(.up))))
      }
      // Typing at the search prompt: the matches follow once it pauses.
      let debouncing = state.wantsLiveSearch
      if debouncing { wait = min(wait, AppState.liveSearchDelay) }
      let entryBefore = state.channelEntry
      // Input already waiting arrived while the last frame was drawn
      // (`KeyRepeat` counts such a copy of a key as a repeat).
      var queued = true
      var event = screen.nextEvent(timeoutMilliseconds: 0)
      if event == nil {
        queued = false
        event = screen.nextEvent(timeoutMilliseconds: wait)
      }
      if event == nil && debouncing { state.apply(.liveSearch) }
      // One clock read an iteration: when the input came.
      let time = uptime()
      // Keys that arrived while the last frame was drawn are all applied
      // before the next one, so a held key never builds a backlog (at
      // most a few thousand, so that a flood still shows frames).
      var next = event
      var coalesced = 0
      while let current = next {
        switch current {
        case .key(.control("l")):
          screen.invalidate()
        case .key(let key):
          state.apply(.key(repeats.key(for: key, at: time, queued: queued)))
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
        coalesced += 1
        guard !state.isFinished, coalesced < 4096 else { break }
        next = screen.nextEvent(timeoutMilliseconds: 0)
        queued = true
      }
      // A remote's pause: the number is taken when no digit follows soon.
      if state.channelEntry == nil {
        numberTyped = nil
      } else if state.channelEntry != entryBefore {
        numberTyped = time
      } else if let typed = numberTyped, pause > 0, time - typed >= pause {
        state.apply(.channelNumberPause)
        numberTyped = nil
      }
      if event == nil || cap.map({ (time - lastIdle) * 1000 >= Double($0) }) == true {
        lastIdle = time
        state.apply(idle())
      }
      state.apply(.tick(clock.now()))
      // What the idle actions and the tick asked for (a reminder firing
      // while no key comes), before the frame.
      for effect in state.takeEffects() {
        state.apply(perform(effect, &screen))
      }
      if !state.isFinished { screen.present(state.render()) }
    }
    return state
  }

  /// Seconds on a monotonic clock (`Uptime`).
  public static func uptime() -> Double { Uptime.seconds() }

  /// Milliseconds from `now` to the next minute boundary (at least 1 s, so
  /// a redraw never spins).
  public static func timeout(now: EpochSeconds) -> Int {
    let seconds = 60 - ((now % 60) + 60) % 60
    return Int(max(1, seconds)) * 1000
  }
}
