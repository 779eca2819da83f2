import EPGLayout
import Foundation

/// Talks to a tvheadend server's DVR API (tvheadend 4.2–4.3,
/// `src/api/api_dvr.c`, `api_idnode.c`): lists, schedules and cancels
/// recordings. Requests are form POSTs, as the web interface sends them;
/// answers are JSON (`{"entries": […], "total": N}` for grids). The API is
/// documented as subject to change.
public struct TvheadendClient: Sendable {
  public var server: TvheadendServer
  public var http: HTTPClient

  public init(server: TvheadendServer, http: HTTPClient = HTTPClient()) {
    self.server = server
    self.http = http
  }

  /// Scheduled and running recordings.
  public func upcomingRecordings() throws(FetchError) -> [TvheadendRecording] {
    let body = try call("dvr/entry/grid_upcoming", [("limit", "99999")])
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let entries = object["entries"] as? [[String: Any]]
    else {
      throw FetchError(
        kind: .notAGuide, url: server.apiURL("dvr/entry/grid_upcoming"),
        message: "the server's answer is not a recording list")
    }
    return entries.compactMap { entry in
      guard let uuid = entry["uuid"] as? String, let channel = entry["channel"] as? String,
        let start = (entry["start"] as? NSNumber)?.int64Value,
        let stop = (entry["stop"] as? NSNumber)?.int64Value
      else { return nil }
      let title = entry["disp_title"] as? String ?? ""
      let event = (entry["broadcast"] as? NSNumber)?.int64Value
      return TvheadendRecording(
        uuid: uuid, channel: channel, start: start, stop: stop, title: title,
        eventID: event == 0 ? nil : event)
    }
  }

  /// The server's guide events with their ids (`/api/epg/events/grid`;
  /// its `limit` defaults to 50, so a large one is asked for).
  public func events(limit: Int = 100_000) throws(FetchError) -> [TvheadendEvent] {
    let body = try call("epg/events/grid", [("limit", String(limit))])
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let entries = object["entries"] as? [[String: Any]]
    else {
      throw FetchError(
        kind: .notAGuide, url: server.apiURL("epg/events/grid"),
        message: "the server's answer is not an event list")
    }
    return entries.compactMap { entry in
      guard let id = (entry["eventId"] as? NSNumber)?.int64Value,
        let channel = entry["channelUuid"] as? String,
        let start = (entry["start"] as? NSNumber)?.int64Value,
        let stop = (entry["stop"] as? NSNumber)?.int64Value
      else { return nil }
      return TvheadendEvent(eventID: id, channel: channel, start: start, stop: stop)
    }
  }

  /// Schedules a recording by time (`/api/dvr/entry/create`). `language`
  /// is the title's language code (tvheadend's three-letter ones, e.g.
  /// `eng`, `ger`).
  public func record(
    channel: String, start: EpochSeconds, stop: EpochSeconds, title: String,
    language: String = "eng"
  ) throws(FetchError) {
    let conf: [String: Any] = [
      "channel": channel, "start": start, "stop": stop, "title": [language: title],
    ]
    guard let data = try? JSONSerialization.data(withJSONObject: conf, options: [.sortedKeys])
    else {
      throw FetchError(
        kind: .other, url: server.apiURL("dvr/entry/create"), message: "cannot encode the request")
    }
    _ = try call("dvr/entry/create", [("conf", String(decoding: data, as: UTF8.self))])
  }

  /// Schedules the recording of a guide event (`create_by_event`); the
  /// server's default recording profile unless `configUUID` is given.
  public func record(eventID: Int64, configUUID: String = "") throws(FetchError) {
    _ = try call(
      "dvr/entry/create_by_event", [("event_id", String(eventID)), ("config_uuid", configUUID)])
  }

  /// Cancels a recording: one that has not started is deleted
  /// (`/api/idnode/delete`, the web interface's "Delete"); one that is
  /// running is stopped (`/api/dvr/entry/cancel`, "Abort"). `now`: seconds
  /// since 1970.
  public func cancel(_ recording: TvheadendRecording, now: EpochSeconds) throws(FetchError) {
    let path = now >= recording.start ? "dvr/entry/cancel" : "idnode/delete"
    _ = try call(path, [("uuid", recording.uuid)])
  }

  /// POSTs `fields` to `/api/PATH`; the body of a 2xx answer.
  private func call(_ path: String, _ fields: [(String, String)]) throws(FetchError) -> [UInt8] {
    let url = server.apiURL(path)
    let (response, body) = try http.data(HTTPRequest(url: url, method: .postForm(fields)))
    // tvheadend's persistent auth code grants streaming rights only.
    let codeHint =
      server.authCode == nil
      ? "" : "; the auth code only allows streaming: recording needs a user name and password"
    switch response.status {
    case 200..<300:
      return body
    case 401:
      throw FetchError(
        kind: .httpStatus, url: url, status: 401,
        message:
          "401: the server refused the user name or password (check the credentials, or the"
          + " server's authentication type: Basic, Digest or both\(codeHint))")
    case 403:
      let needs = path.hasPrefix("dvr/") || path.hasPrefix("idnode/") ? "recorder" : "web interface"
      throw FetchError(
        kind: .httpStatus, url: url, status: 403,
        message:
          "403: the user lacks the \(needs) privilege (in tvheadend: Configuration → Users →"
          + " Access Entries, tick \"\(needs == "recorder" ? "Video recorder" : "Web interface")\""
          + "\(codeHint))")
    default:
      throw FetchError(
        kind: .httpStatus, url: url, status: response.status,
        message: "the server answered \(response.status)")
    }
  }
}
