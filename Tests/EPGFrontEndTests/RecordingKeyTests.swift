import EPGLayout
import EPGRemote
import Testing

@testable import EPGFrontEnd

/// `R` (tvheadend recording) in the reducer: which effect it asks for, and
/// the mark. At 14:05 the selection is BBC One's "Afternoon Live"
/// (13:15–14:30, channel one.uk).
struct RecordingKeyTests {
  @Test func withoutTvheadendRExplains() {
    var state = Fixture.state()
    state.apply(.key(.character("R")))
    #expect(state.takeEffects().isEmpty)
    #expect(state.message == "R records on a tvheadend server: tvgrid --tvheadend http://HOST:9981")
  }

  @Test func rAsksToRecordTheSelectedProgramme() {
    var state = Fixture.state()
    state.apply(.recordingsChanged([]))
    state.apply(.key(.character("R")))
    #expect(
      state.takeEffects() == [
        .record(
          RecordingRequest(
            channel: "one.uk", start: Fixture.at(13, 15), stop: Fixture.at(14, 30),
            title: "Afternoon Live"))
      ])
  }

  @Test func aScheduledProgrammeIsMarkedAndRCancelsIt() {
    var state = Fixture.state(columns: 100)
    let recording = TvheadendRecording(
      uuid: "dvr1", channel: "one.uk", start: Fixture.at(13, 15), stop: Fixture.at(14, 30),
      title: "Afternoon Live")
    state.apply(.recordingsChanged([recording]))
    // The title is cut at this zoom: the mark comes first.
    #expect(
      state.render().lines.contains { $0.contains("BBC One") && $0.contains("│● Afternoo…│") })
    // Another channel's programme at the same time is not marked.
    #expect(!state.render().lines.contains { $0.contains("● The") })
    state.apply(.key(.character("R")))
    #expect(state.takeEffects() == [.cancelRecording(recording, title: "Afternoon Live")])
    state.apply(.recordingsChanged([]))
    #expect(!state.render().lines.contains { $0.contains("●") })
  }

  /// Issue 24 item 14: a programme still to come is "scheduled" (with its
  /// start), one on now is "recording"; cancelling names the guide's
  /// title even when the server lists none.
  @Test func theStatusLineSaysScheduledOrRecordingAndNamesTheTitle() {
    var state = Fixture.state()
    state.apply(.recordingsChanged([]))
    state.apply(.key(.character("R")))
    guard case .record(let now)? = state.takeEffects().first else {
      Issue.record("no request")
      return
    }
    #expect(now.done == "recording \"Afternoon Live\"")
    state.apply(.key(.right))  // News at Half Two, 14:30
    state.apply(.key(.character("R")))
    guard case .record(let later)? = state.takeEffects().first else {
      Issue.record("no request")
      return
    }
    #expect(later.done == "scheduled \"News at Half Two\" for 14:30, in 25m")
    let untitled = TvheadendRecording(
      uuid: "dvr2", channel: "one.uk", start: Fixture.at(14, 30), stop: Fixture.at(15),
      title: "")
    state.apply(.recordingsChanged([untitled]))
    state.apply(.key(.character("R")))
    #expect(state.takeEffects() == [.cancelRecording(untitled, title: "News at Half Two")])
  }

  @Test func anEndedProgrammeIsNotRecorded() {
    var state = Fixture.state()
    state.apply(.recordingsChanged([]))
    state.apply(.key(.left))  // Weather, 13:00–13:15: ended
    state.apply(.key(.character("R")))
    #expect(state.takeEffects().isEmpty)
    #expect(state.message == "\"Weather\" has ended: it cannot be recorded")
  }
}
