import EPGPlaylist
import EPGRemote
import Foundation
import RemoteTestSupport
import Testing

/// RemoteFileLoader: playlists through the same cache, with the caller's
/// refusal rule.
@Suite struct RemoteFileLoaderTests {
  let folder = temporaryCacheFolder()

  var options: RemoteOptions {
    RemoteOptions(
      http: HTTPOptions(lowSpeedTime: 5, useNetrc: false), cacheDirectory: folder,
      refreshInterval: 0)
  }

  /// Refuses a playlist without entries, as the integrator would.
  func noChannels(_ url: String) -> ([UInt8]) -> String? {
    { bytes in
      Playlist(parsing: bytes, location: .url(url)).entries.isEmpty
        ? "the new copy has no channels" : nil
    }
  }

  @Test func playlistIsCachedAndABrokenOneDoesNotReplaceIt() throws {
    let server = try TestServer(["--auth", "basic"])
    let url = TvheadendServer(baseURL: server.url(""), authCode: "AUTHCODE").playlistURL
    let first = try RemoteFileLoader.load(
      url: url, options: options, now: epochNow(), refusal: noChannels(url))
    #expect(first.origin == .downloaded)
    #expect(Playlist(parsing: first.bytes, location: .url(url)).entries.count == 2)
    // The auth code is masked in the metadata and in the folder.
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      #expect(!String(decoding: data, as: UTF8.self).contains("AUTHCODE"))
    }
    // A changed code is another cache entry (the key is the whole URL):
    // the server refuses it (401), and the right code's copy is not used.
    let wrong = TvheadendServer(baseURL: server.url(""), authCode: "WRONG").playlistURL
    #expect {
      _ = try RemoteFileLoader.load(url: wrong, options: options, now: epochNow())
    } throws: { error in
      let failure = error as? FetchError
      return failure?.status == 401 && failure?.description.contains("WRONG") == false
    }
    // A copy the caller refuses does not replace it either.
    let again = try RemoteFileLoader.load(
      url: url, options: options, now: epochNow(), refusal: { _ in "the new copy has no channels" }
    )
    #expect(again.origin == .lastGood)
    #expect(again.bytes == first.bytes)
    #expect(again.notice?.hasSuffix("(the new copy has no channels)") == true)
  }
}
