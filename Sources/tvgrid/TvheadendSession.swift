import EPGFrontEnd
import EPGLayout
import EPGRemote
import Foundation

/// The open guide's link to a tvheadend server, for `R`: schedules and
/// cancels recordings (`TvheadendClient`) and reports the list of
/// recordings back to the state. Calls run on a background queue, one at
/// a time, so a slow or silent server never stops the guide (the
/// time-outs bound them); the loop collects their actions with `poll()`.
struct TvheadendSession: Sendable {
  let client: TvheadendClient
  /// What a 401 says: every way to give credentials
  /// (`GuideOptions.tvheadendRefusal`).
  let refusal: String
  private let box = Box()

  /// The session for the options' server (nil without one). `start()`
  /// then reads its event ids and recordings.
  init?(_ options: GuideOptions) {
    guard let server = options.tvheadendServer, let http = options.tvheadendHTTP else {
      return nil
    }
    client = TvheadendClient(server: server, http: HTTPClient(options: http))
    refusal = options.tvheadendRefusal(recording: true)
  }

  /// The status line's text for `error`: a 401 names the ways to log in.
  static func text(_ error: FetchError, refusal: String) -> String {
    error.status == 401 ? refusal : error.message
  }

  static func key(_ channel: String, _ start: EpochSeconds) -> String { "\(channel) \(start)" }

  /// Reads the server's event ids (without them, an old server or no web
  /// interface privilege, recordings are made by time) and recordings.
  func start() {
    let refusal = refusal
    run { client, box in
      var ids: [String: Int64] = [:]
      for event in (try? client.events()) ?? [] {
        ids[Self.key(event.channel, event.start)] = event.eventID
      }
      box.setEventIDs(ids)
      return Self.refreshed(client, notice: nil, refusal: refusal)
    }
  }

  /// Starts `.record` or `.cancelRecording`; other effects give nothing.
  /// The outcome comes from `poll()`.
  func perform(_ effect: Effect, now: EpochSeconds) -> [Action] {
    guard !box.isBusy else { return [.notice("tvheadend: still waiting for the server")] }
    let refusal = refusal
    switch effect {
    case .record(let request):
      run { client, box in
        do throws(FetchError) {
          if let id = box.eventID(Self.key(request.channel, request.start)) {
            try client.record(eventID: id)
          } else {
            try client.record(
              channel: request.channel, start: request.start, stop: request.stop,
              title: request.title)
          }
        } catch {
          return [.notice("tvheadend: " + Self.text(error, refusal: refusal))]
        }
        return Self.refreshed(
          client, notice: "tvheadend: \(request.done) (R again cancels)", refusal: refusal)
      }
    case .cancelRecording(let recording, let title):
      // The guide's title: the server's may be empty or another language's.
      let name = title.isEmpty ? recording.title : title
      run { client, _ in
        do throws(FetchError) {
          try client.cancel(recording, now: now)
        } catch {
          return [.notice("tvheadend: " + Self.text(error, refusal: refusal))]
        }
        let what = now >= recording.start ? "stopped recording" : "cancelled the recording of"
        return Self.refreshed(
          client, notice: "tvheadend: \(what) \"\(name)\"", refusal: refusal)
      }
    default:
      return []
    }
    return [.notice("tvheadend: asking the server…")]
  }

  /// The actions of a call that has finished since the last poll.
  func poll() -> [Action] { box.take() }

  /// How long the loop may wait before the next poll (milliseconds): short
  /// while a call runs.
  var wakeInterval: Int? { box.isBusy ? 200 : nil }

  private func run(_ work: @escaping @Sendable (TvheadendClient, Box) -> [Action]) {
    let client = client
    let box = box
    box.begin()
    DispatchQueue.global(qos: .userInitiated).async { box.finish(work(client, box)) }
  }

  /// The recordings as the server lists them now, then `notice`; when they
  /// cannot be read, an empty list and why.
  static func refreshed(_ client: TvheadendClient, notice: String?, refusal: String) -> [Action] {
    do throws(FetchError) {
      let list = try client.upcomingRecordings()
      return [.recordingsChanged(list)] + (notice.map { [.notice($0)] } ?? [])
    } catch {
      let prefix = notice.map { $0 + "; " } ?? ""
      return [
        .recordingsChanged([]),
        .notice(
          prefix + "tvheadend: cannot list the recordings: " + text(error, refusal: refusal)),
      ]
    }
  }

  /// What the background calls share with the loop. A class, locked
  /// (hence `@unchecked Sendable`): the loop's thread and the queue both
  /// use it.
  final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var busy = false
    private var actions: [Action] = []
    private var eventIDs: [String: Int64] = [:]

    var isBusy: Bool { lock.withLock { busy } }
    func begin() { lock.withLock { busy = true } }
    func finish(_ result: [Action]) {
      lock.withLock {
        actions += result
        busy = false
      }
    }
    func take() -> [Action] {
      lock.withLock {
        defer { actions = [] }
        return actions
      }
    }
    func setEventIDs(_ ids: [String: Int64]) { lock.withLock { eventIDs = ids } }
    func eventID(_ key: String) -> Int64? { lock.withLock { eventIDs[key] } }
  }
}
