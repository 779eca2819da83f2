import EPGFrontEnd
import EPGLayout
import EPGRemote

/// The open guide's link to a tvheadend server, for `R`: schedules and
/// cancels recordings (`TvheadendClient`) and reports the list of
/// recordings back to the state. The calls are made on the run loop's
/// thread (a few small requests; the connect time-out bounds them).
struct TvheadendSession {
  var client: TvheadendClient
  /// tvheadend's event ids by channel UUID and start (seconds since 1970),
  /// so `create_by_event` can be used for programmes of its own guide.
  var eventIDs: [String: Int64]

  /// The session for the options' server (nil without one). Reads the
  /// server's event ids; `refreshed(notice:)` then gives the recordings.
  init?(_ options: GuideOptions) {
    guard let server = options.tvheadendServer, let http = options.tvheadendHTTP else {
      return nil
    }
    client = TvheadendClient(server: server, http: HTTPClient(options: http))
    var ids: [String: Int64] = [:]
    // Without the event list (an old server, no web interface privilege)
    // recordings are made by time.
    for event in (try? client.events()) ?? [] {
      ids[Self.key(event.channel, event.start)] = event.eventID
    }
    eventIDs = ids
  }

  static func key(_ channel: String, _ start: EpochSeconds) -> String { "\(channel) \(start)" }

  /// Performs `.record` or `.cancelRecording`; other effects give nothing.
  func perform(_ effect: Effect, now: EpochSeconds) -> [Action] {
    do throws(FetchError) {
      switch effect {
      case .record(let request):
        if let id = eventIDs[Self.key(request.channel, request.start)] {
          try client.record(eventID: id)
        } else {
          try client.record(
            channel: request.channel, start: request.start, stop: request.stop,
            title: request.title)
        }
        return refreshed(notice: "tvheadend: recording \"\(request.title)\" (R again cancels)")
      case .cancelRecording(let recording):
        try client.cancel(recording, now: now)
        return refreshed(notice: "tvheadend: cancelled the recording of \"\(recording.title)\"")
      case .play:
        return []
      }
    } catch {
      return [.notice("tvheadend: \(error.message)")]
    }
  }

  /// The recordings as the server lists them now, then `notice`; when they
  /// cannot be read, an empty list and why.
  func refreshed(notice: String?) -> [Action] {
    do throws(FetchError) {
      let list = try client.upcomingRecordings()
      return [.recordingsChanged(list)] + (notice.map { [.notice($0)] } ?? [])
    } catch {
      let prefix = notice.map { $0 + "; " } ?? ""
      return [
        .recordingsChanged([]),
        .notice(prefix + "tvheadend: cannot list the recordings: \(error.message)"),
      ]
    }
  }
}
