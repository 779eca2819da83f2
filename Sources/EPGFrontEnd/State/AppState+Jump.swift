import EPGLayout

// The `:` prompt: go to a day and time (`JumpTime`).
extension AppState {
  mutating func openJumpPrompt() {
    prompt = SearchPrompt()
    mode = .jumpPrompt
  }

  mutating func handleJumpPrompt(_ key: Key) {
    switch key {
    case .escape: mode = .guide
    case .enter: runJump()
    default: editPrompt(key)
    }
  }

  /// Reads the prompt and goes there: an instant as `p` goes to prime
  /// time, a day as a click on the day bar, a move as a page of time.
  mutating func runJump() {
    mode = .guide
    let today = format.local(now).dayNumber
    let parsed = JumpTime.parse(
      prompt.text, today: today, dayInView: dayInView, zone: format.zone)
    switch parsed {
    case .failure(let error):
      message = error.description
    case .success(.offset(let seconds)):
      let before = viewStart
      shiftTime(by: seconds)
      if viewStart == before { message = seconds > 0 ? "End of the guide" : "Start of the guide" }
    case .success(.day(let day)):
      guard guideDays.contains(day) else {
        message = outsideGuide(LocalTime.startOfDay(day, in: format.zone) + 43_200, clock: false)
        return
      }
      jumpToDay(day)
      message = format.shortDate(viewStart)
    case .success(.instant(let target)):
      guard guideDays.contains(format.local(target).dayNumber) else {
        message = outsideGuide(target, clock: true)
        return
      }
      showInstant(target)
      message = format.shortDate(target) + " " + format.clock(target)
      if !visibleSpan.contains(target) { message = outsideGuide(target, clock: true) }
    }
  }

  /// `Tue 8 Dec 21:00 is outside the guide (Mon 30 Nov – Tue 1 Dec)`.
  func outsideGuide(_ instant: EpochSeconds, clock: Bool) -> String {
    let days = guideDays
    let dash = settings.unicode ? " – " : " - "
    let first = format.shortDate(LocalTime.startOfDay(days.lowerBound, in: format.zone) + 43_200)
    let last = format.shortDate(LocalTime.startOfDay(days.upperBound, in: format.zone) + 43_200)
    let when = format.shortDate(instant) + (clock ? " " + format.clock(instant) : "")
    return when + " is outside the guide (" + first + dash + last + ")"
  }
}
