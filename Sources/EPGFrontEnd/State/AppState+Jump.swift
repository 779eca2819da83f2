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
    let parsed = JumpTime.parse(
      prompt.text, now: now, dayInView: dayInView, zone: format.zone)
    switch parsed {
    case .failure(let error):
      message = error.description
    case .success(.offset(let seconds)):
      // Where it landed: the grid's left edge, and the guide's end when
      // the view could not go as far as asked.
      let before = viewStart
      shiftTime(by: seconds)
      if viewStart == before {
        message = guideEdge(seconds > 0 ? 1 : -1)
      } else {
        let landed = format.shortDate(viewStart) + " " + format.clock(viewStart)
        let moved = prompt.text.filter { !$0.isWhitespace }
        if viewStart - before == seconds {
          message = landed + " (\(moved))"
        } else {
          let span = guide.span
          let edge = seconds > 0 ? span.end : span.start
          message =
            landed + ": \(moved) goes past \(seconds > 0 ? "the end" : "the start") of the guide ("
            + format.shortDate(edge) + " " + format.clock(edge) + ")"
        }
      }
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

  /// `Tue 8 Dec 21:00 is outside the guide (Thu 3 Dec 21:10 – Mon 7 Dec
  /// 06:00)`: when the guide runs, first start to last stop.
  func outsideGuide(_ instant: EpochSeconds, clock: Bool) -> String {
    let when = format.shortDate(instant) + (clock ? " " + format.clock(instant) : "")
    return when + " is outside the guide (" + guideRuns + ")"
  }

  /// When the guide shown runs: `Thu 3 Dec 21:10 – Mon 7 Dec 06:00` (its
  /// first start to its last stop; its days when it has no programmes).
  var guideRuns: String {
    let dash = settings.unicode ? " – " : " - "
    let span = guide.span
    guard span.end > span.start else {
      let days = guideDays
      return format.shortDate(LocalTime.startOfDay(days.lowerBound, in: format.zone) + 43_200)
        + dash
        + format.shortDate(LocalTime.startOfDay(days.upperBound, in: format.zone) + 43_200)
    }
    return format.shortDate(span.start) + " " + format.clock(span.start) + dash
      + format.shortDate(span.end) + " " + format.clock(span.end)
  }

  /// The status line when the view cannot move further that way
  /// (`direction` +1 later, -1 earlier): `End of the guide: it ends Tue 1
  /// Dec 14:00`.
  func guideEdge(_ direction: Int) -> String {
    let span = guide.span
    guard span.end > span.start else {
      return direction > 0 ? "End of the guide" : "Start of the guide"
    }
    let edge = direction > 0 ? span.end : span.start
    let when = format.shortDate(edge) + " " + format.clock(edge)
    return direction > 0
      ? "End of the guide: it ends \(when)" : "Start of the guide: it begins \(when)"
  }
}
