import EPGPlaylist
import EPGRemote
import EPGSchedule
import Foundation
import RemoteTestSupport
import Testing

/// TvheadendServer URLs and TvheadendClient against the tvheadend fake
/// (Basic and Digest auth, the recorder privilege, DVR calls).
@Suite struct TvheadendTests {
  let channelOne = "8a1f0e3c5b7d4e2f9a6c1b3d5e7f9a0b"
  let channelTwo = "c4d2e6f8a0b1c3d5e7f9a1b2c3d4e5f6"

  func client(_ server: TestServer, user: String, password: String) -> TvheadendClient {
    TvheadendClient(
      server: TvheadendServer(baseURL: server.url("")),
      http: HTTPClient(
        options: HTTPOptions(
          lowSpeedTime: 5, credentials: HTTPCredentials(user: user, password: password),
          useNetrc: false)))
  }

  @Test func urlsFromTheBaseURL() {
    let plain = TvheadendServer(baseURL: "http://tv.local:9981/")
    #expect(plain.playlistURL == "http://tv.local:9981/playlist/channels")
    #expect(plain.guideURL == "http://tv.local:9981/xmltv/channels?lcn=1")
    #expect(plain.streamURL(channel: "abc") == "http://tv.local:9981/stream/channel/abc")
    let coded = TvheadendServer(baseURL: "http://tv.local:9981", authCode: "x/y+z")
    #expect(coded.playlistURL == "http://tv.local:9981/playlist/channels?auth=x%2Fy%2Bz")
    #expect(coded.guideURL == "http://tv.local:9981/xmltv/channels?lcn=1&auth=x%2Fy%2Bz")
    // The auth code is a credential: masked in messages.
    #expect(
      CredentialMask.masked(coded.guideURL) == "http://tv.local:9981/xmltv/channels?lcn=1&auth=***")
  }

  @Test func playlistAndGuideMatchByChannelUUIDWithThePersistentAuthCode() throws {
    let server = try TestServer(["--auth", "digest"])
    let tvh = TvheadendServer(baseURL: server.url(""), authCode: "AUTHCODE")
    let http = HTTPClient(options: HTTPOptions(lowSpeedTime: 5, useNetrc: false))
    let (playlistResponse, playlistBody) = try http.data(HTTPRequest(url: tvh.playlistURL))
    #expect(playlistResponse.status == 200)
    let playlist = Playlist(parsing: playlistBody, location: .url(tvh.playlistURL))
    #expect(playlist.entries.map(\.tvgID) == [channelOne, channelTwo])
    #expect(playlist.entries.map(\.number) == ["1", "2"])
    let guide = try RemoteGuideLoader.load(
      url: tvh.guideURL,
      options: RemoteOptions(
        http: HTTPOptions(lowSpeedTime: 5, useNetrc: false),
        cacheDirectory: temporaryCacheFolder()),
      now: epochNow())
    #expect(guide.schedule.channels.map(\.id) == [channelOne, channelTwo])
    #expect(guide.schedule.channels.map(\.number) == ["1", "2"])
    #expect(guide.schedule.programmeCount == 4)
    // Without the code (or credentials) the server asks for a login.
    let (refused, _) = try http.data(HTTPRequest(url: server.url("/playlist/channels")))
    #expect(refused.status == 401)
  }

  @Test func recordByTimeListAndCancelWithDigestAuth() throws {
    let server = try TestServer(["--auth", "digest"])
    let tvh = client(server, user: "admin", password: "secret")
    #expect(try tvh.upcomingRecordings().isEmpty)
    let start: Int64 = 1_796_071_200
    try tvh.record(channel: channelTwo, start: start, stop: start + 1800, title: "Late News")
    let recordings = try tvh.upcomingRecordings()
    #expect(recordings.count == 1)
    let recording = try #require(recordings.first)
    #expect(recording.channel == channelTwo)
    #expect(recording.start == start)
    #expect(recording.stop == start + 1800)
    #expect(recording.title == "Late News")
    #expect(recording.eventID == nil)
    // The request as tvheadend reads it: a form field `conf` holding JSON.
    // (The last one: libcurl first asks without credentials to learn the
    // server's authentication type.)
    let create = try #require(try server.log().last { $0.path == "/api/dvr/entry/create" })
    #expect(create.method == "POST")
    let conf = try #require(create.form["conf"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(conf.utf8)) as? [String: Any])
    #expect(object["channel"] as? String == channelTwo)
    #expect((object["start"] as? NSNumber)?.int64Value == start)
    #expect((object["stop"] as? NSNumber)?.int64Value == start + 1800)
    #expect(object["title"] as? [String: String] == ["eng": "Late News"])
    #expect(create.headers["authorization"]?.hasPrefix("Digest ") == true)
    // Not started yet: deleted (idnode/delete), as the web interface does.
    try tvh.cancel(recording, now: start - 60)
    #expect(try tvh.upcomingRecordings().isEmpty)
    let delete = try #require(try server.log().last { $0.path == "/api/idnode/delete" })
    #expect(delete.form["uuid"] == recording.uuid)
  }

  @Test func recordByEventAndStopARunningRecordingWithBasicAuth() throws {
    let server = try TestServer(["--auth", "basic"])
    let tvh = client(server, user: "admin", password: "secret")
    // The fake's events: 1001, 1002 on channel one, 1003, 1004 on two.
    try tvh.record(eventID: 1003)
    let recording = try #require(try tvh.upcomingRecordings().first)
    #expect(recording.channel == channelTwo)
    #expect(recording.title == "Channel Two show 1")
    #expect(recording.eventID == 1003)
    let byEvent = try #require(
      try server.log().last { $0.path == "/api/dvr/entry/create_by_event" })
    #expect(byEvent.form == ["event_id": "1003", "config_uuid": ""])
    #expect(byEvent.headers["authorization"]?.hasPrefix("Basic ") == true)
    try tvh.cancel(recording, now: recording.start + 60)
    #expect(try server.log().contains { $0.path == "/api/dvr/entry/cancel" })
    #expect(try tvh.upcomingRecordings().isEmpty)
  }

  @Test func eventsWithTheirIDs() throws {
    let server = try TestServer(["--auth", "digest"])
    let events = try client(server, user: "viewer", password: "viewpass").events()
    // Two one-hour events per channel from the current hour, ids from 1001.
    let hour = epochNow() / 3600 * 3600
    #expect(
      events == [
        TvheadendEvent(eventID: 1001, channel: channelOne, start: hour, stop: hour + 3600),
        TvheadendEvent(eventID: 1002, channel: channelOne, start: hour + 3600, stop: hour + 7200),
        TvheadendEvent(eventID: 1003, channel: channelTwo, start: hour, stop: hour + 3600),
        TvheadendEvent(eventID: 1004, channel: channelTwo, start: hour + 3600, stop: hour + 7200),
      ])
    let request = try #require(try server.log().last)
    #expect(request.path == "/api/epg/events/grid")
    #expect(request.form["limit"] == "100000")
  }

  @Test func missingRecorderPrivilegeAndWrongPasswordAreExplained() throws {
    let server = try TestServer(["--auth", "digest"])
    let viewer = client(server, user: "viewer", password: "viewpass")
    #expect {
      try viewer.record(channel: channelOne, start: 0, stop: 60, title: "x")
    } throws: { error in
      let failure = error as? FetchError
      return failure?.status == 403
        && failure?.message.contains("the user lacks the recorder privilege") == true
    }
    let wrong = client(server, user: "admin", password: "nope")
    #expect {
      _ = try wrong.upcomingRecordings()
    } throws: { error in
      let failure = error as? FetchError
      return failure?.status == 401 && failure?.description.contains("nope") == false
    }
    // The persistent auth code is for streaming; the message says so and
    // never shows the code.
    let codeOnly = TvheadendClient(
      server: TvheadendServer(baseURL: server.url(""), authCode: "AUTHCODE"),
      http: HTTPClient(options: HTTPOptions(lowSpeedTime: 5, useNetrc: false)))
    #expect {
      try codeOnly.record(eventID: 1001)
    } throws: { error in
      let text = "\(error)"
      return text.contains("recording needs a user name and password")
        && !text.contains("AUTHCODE")
    }
    // Credentials in the base URL are masked in the message.
    let inURL = TvheadendClient(
      server: TvheadendServer(baseURL: server.url("", userInfo: "viewer:viewpass")),
      http: HTTPClient(options: HTTPOptions(lowSpeedTime: 5, useNetrc: false)))
    #expect {
      _ = try inURL.upcomingRecordings()
    } throws: { error in
      let text = "\(error)"
      return text.contains("403") && !text.contains("viewpass") && text.contains("***@")
    }
  }
}
