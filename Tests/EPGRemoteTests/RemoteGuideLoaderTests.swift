import EPGRemote
import EPGSchedule
import Foundation
import RemoteTestSupport
import Testing

/// RemoteGuideLoader: the cache, conditional GETs, the refresh interval,
/// offline mode and the last good copy.
@Suite struct RemoteGuideLoaderTests {
  let folder = temporaryCacheFolder()

  func options(refresh: Int64 = 12 * 3600, offline: Bool = false) -> RemoteOptions {
    RemoteOptions(
      http: HTTPOptions(lowSpeedTime: 2, useNetrc: false), cacheDirectory: folder,
      refreshInterval: refresh, offline: offline, timeZone: TimeZone(identifier: "UTC")!)
  }

  func guideRequests(_ server: TestServer) throws -> [TestServer.LoggedRequest] {
    try server.log().filter { $0.path == "/guide.xml" }
  }

  /// "30 Nov 20:15" for `epoch`, worked out from calendar fields in UTC.
  func expectedDate(_ epoch: Int64) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents(
      [.day, .month, .hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(epoch)))
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let hour = parts.hour! < 10 ? "0\(parts.hour!)" : "\(parts.hour!)"
    let minute = parts.minute! < 10 ? "0\(parts.minute!)" : "\(parts.minute!)"
    return "\(parts.day!) \(months[parts.month! - 1]) \(hour):\(minute)"
  }

  @Test func firstDownloadIsCachedWithItsValidators() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    let guide = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    #expect(guide.origin == .downloaded)
    #expect(guide.schedule.programmeCount == 4)
    #expect(guide.notice == nil)
    let cache = try #require(RemoteCache(directory: folder, url: url))
    let metadata = try #require(cache.metadata())
    #expect(metadata.etag == "\"v1\"")
    #expect(metadata.lastModified != nil)
    #expect(metadata.programmeCount == 4)
    #expect(metadata.url == url)
    // The cached copy is the body as received: it loads to the same guide.
    #expect(try ScheduleLoader.load(path: cache.bodyPath).programmeCount == 4)
    // No temporary files left behind.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(!names.contains { $0.hasSuffix(".part") })
  }

  @Test func temporaryFilesOfAKilledDownloadAreRemovedAtTheNextRefresh() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    // A first download makes the folder and its key (the files' names).
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    let cache = try #require(RemoteCache(directory: folder, url: url))
    let leftover = folder + "/" + cache.key + ".4242.ABC.body.part"
    let otherURL = folder + "/0123456789abcdef.4242.ABC.body.part"
    for path in [leftover, otherURL] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data("<tv>".utf8)))
    }
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: epochNow())
    #expect(!FileManager.default.fileExists(atPath: leftover))
    // Another URL's files are its own refresh's business.
    #expect(FileManager.default.fileExists(atPath: otherURL))
  }

  @Test func withinTheRefreshIntervalNoRequestIsMade() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    let now = epochNow()
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: now)
    let again = try RemoteGuideLoader.load(url: url, options: options(), now: now + 3600)
    #expect(again.origin == .fresh)
    #expect(again.schedule.programmeCount == 4)
    #expect(try guideRequests(server).count == 1)
    let cache = try #require(RemoteCache(directory: folder, url: url))
    #expect(!cache.isDue(refreshInterval: 12 * 3600, now: now + 12 * 3600 - 1))
    #expect(cache.isDue(refreshInterval: 12 * 3600, now: now + 12 * 3600))
    #expect(cache.isDue(refreshInterval: 0, now: now))
    // After 12 hours it asks again (conditionally: 304).
    let later = try RemoteGuideLoader.load(url: url, options: options(), now: now + 12 * 3600)
    #expect(later.origin == .notModified)
    #expect(try guideRequests(server).count == 2)
  }

  @Test func refreshZeroAsksEveryTimeConditionally() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    let now = epochNow()
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: now)
    let second = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: now)
    #expect(second.origin == .notModified)
    #expect(second.schedule.programmeCount == 4)
    let requests = try guideRequests(server)
    #expect(requests.count == 2)
    #expect(requests[0].headers["if-none-match"] == nil)
    #expect(requests[1].headers["if-none-match"] == "\"v1\"")
    #expect(requests[1].headers["if-modified-since"] != nil)
  }

  @Test func ifModifiedSinceAloneGets304() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: epochNow())
    // Forget the ETag: only Last-Modified remains to ask with.
    let cache = try #require(RemoteCache(directory: folder, url: url))
    var metadata = try #require(cache.metadata())
    metadata.etag = nil
    try JSONEncoder().encode(metadata).write(to: URL(fileURLWithPath: cache.metadataPath))
    let second = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: epochNow())
    #expect(second.origin == .notModified)
    let last = try #require(try guideRequests(server).last)
    #expect(last.headers["if-none-match"] == nil)
    #expect(last.headers["if-modified-since"] == metadata.lastModified)
  }

  @Test func aChangedGuideReplacesTheCachedCopy() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: epochNow())
    try server.control("programmes=6")
    let second = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: epochNow())
    #expect(second.origin == .downloaded)
    #expect(second.schedule.programmeCount == 6)
    #expect(RemoteCache(directory: folder, url: url)?.metadata()?.etag == "\"v2\"")
  }

  /// Loads once (4 programmes), breaks the feed with `control`, loads again:
  /// the last good copy must be used and kept.
  func expectLastGoodKept(after control: String, reason: String) throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    let first = epochNow()
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: first)
    let cache = try #require(RemoteCache(directory: folder, url: url))
    let before = try Data(contentsOf: URL(fileURLWithPath: cache.bodyPath))
    try server.control(control)
    let second = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: first + 60)
    #expect(second.origin == .lastGood)
    #expect(second.schedule.programmeCount == 4)
    #expect(second.fetchedAt == first)
    let notice = try #require(second.notice)
    #expect(
      notice.hasPrefix("127.0.0.1:\(server.port): using the copy from \(expectedDate(first)) ("))
    #expect(notice.contains(reason), "\(notice)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: cache.bodyPath)) == before)
    #expect(cache.metadata()?.fetchedAt == first)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(!names.contains { $0.hasSuffix(".part") })
  }

  @Test func serverErrorKeepsTheLastGoodCopy() throws {
    try expectLastGoodKept(after: "mode=error", reason: "download failed: the server answered 500")
  }

  @Test func missingFeedKeepsTheLastGoodCopy() throws {
    try expectLastGoodKept(
      after: "mode=missing", reason: "download failed: the server answered 404")
  }

  @Test func connectionCutMidBodyKeepsTheLastGoodCopy() throws {
    try expectLastGoodKept(
      after: "mode=cut", reason: "download failed: the connection closed early")
  }

  @Test func gzipBodyCutShortKeepsTheLastGoodCopy() throws {
    // libcurl may or may not notice the cut gzip stream; the loader then
    // finds the XML cut short. Either way the copy is refused.
    let server = try TestServer()
    let url = server.url("/guide.xml")
    let first = epochNow()
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: first)
    try server.control("mode=gzip-cut")
    let second = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: first)
    #expect(second.origin == .lastGood)
    #expect(second.schedule.programmeCount == 4)
    let failure = try #require(second.failure)
    #expect([.badEncoding, .notAGuide, .cutOff].contains(failure.kind), "\(failure)")
  }

  @Test func wrongContentLengthKeepsTheLastGoodCopy() throws {
    try expectLastGoodKept(
      after: "mode=wrong-length", reason: "download failed: the connection closed early")
  }

  @Test func slowServerKeepsTheLastGoodCopy() throws {
    // A few bytes, then silence: under 1 KiB/s for 2 s.
    try expectLastGoodKept(
      after: "mode=slow", reason: "download failed: slower than 1 KiB/s for 2 s")
  }

  @Test func emptyGuideKeepsTheLastGoodCopy() throws {
    try expectLastGoodKept(
      after: "mode=empty", reason: "the new copy has 0 programmes, the last good one 4")
  }

  @Test func farFewerProgrammesKeepTheLastGoodCopy() throws {
    // 1 of 4 is under half.
    try expectLastGoodKept(
      after: "programmes=1", reason: "the new copy has 1 programmes, the last good one 4")
  }

  @Test func halfAsManyProgrammesAreAccepted() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: epochNow())
    try server.control("programmes=2")
    let second = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: epochNow())
    #expect(second.origin == .downloaded)
    #expect(second.schedule.programmeCount == 2)
  }

  @Test func noProgrammesInTheComingDayKeepsTheLastGoodCopy() throws {
    // Same count, all a week ago.
    try expectLastGoodKept(
      after: "offset=-604800", reason: "the new copy has no programmes in the next 24 hours")
  }

  @Test func firstDownloadFailingThrowsWithTheMaskedURL() throws {
    let server = try TestServer()
    let url = server.url("/missing", userInfo: "user:hunter2")
    #expect {
      _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    } throws: { error in
      let failure = error as? FetchError
      return failure?.status == 404 && failure?.description.contains("hunter2") == false
    }
  }

  @Test func offlineUsesTheCachedCopyWithItsAgeAndAsksNothing() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    let first = epochNow()
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: first)
    let offline = try RemoteGuideLoader.load(
      url: url, options: options(offline: true), now: first + 5 * 3600)
    #expect(offline.origin == .offline)
    #expect(offline.schedule.programmeCount == 4)
    #expect(
      offline.notice
        == "127.0.0.1:\(server.port): offline, using the copy from \(expectedDate(first)) (5 h old)"
    )
    #expect(try guideRequests(server).count == 1)
    let other = server.url("/guide.xml.gz")
    #expect(throws: FetchError.self) {
      try RemoteGuideLoader.load(url: other, options: options(offline: true), now: first)
    }
    #expect(try server.log().filter { $0.path == "/guide.xml.gz" }.isEmpty)
  }

  @Test func gzipFileIsLoaded() throws {
    let server = try TestServer()
    let guide = try RemoteGuideLoader.load(
      url: server.url("/guide.xml.gz"), options: options(), now: epochNow())
    #expect(guide.schedule.programmeCount == 4)
  }

  @Test func credentialsNeverReachTheCacheOrMessages() throws {
    let server = try TestServer()
    let url = server.url("/private/guide.xml", userInfo: "feed:s3cret")
    let first = epochNow()
    let guide = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: first)
    #expect(guide.schedule.programmeCount == 4)
    // Another password is another entry (RemoteFaultTests has more).
    let cache = try #require(RemoteCache(directory: folder, url: url))
    let otherPassword = try #require(
      RemoteCache(directory: folder, url: server.url("/private/guide.xml", userInfo: "feed:other")))
    #expect(cache.key != otherPassword.key)
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      #expect(!name.contains("s3cret"))
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      #expect(!String(decoding: data, as: UTF8.self).contains("s3cret"))
    }
    try server.control("mode=error")
    let second = try RemoteGuideLoader.load(url: url, options: options(refresh: 0), now: first)
    #expect(second.origin == .lastGood)
    #expect(second.notice?.contains("s3cret") == false)
    #expect(second.failure?.description.contains("s3cret") == false)
    #expect(second.failure?.description.contains("***@127.0.0.1") == true)
  }

  @Test func parsingStartsBeforeTheDownloadEnds() throws {
    let server = try TestServer()
    try server.control("programmes=20000")
    let url = server.url("/guide.xml")
    // The loader reports decoded bytes every 64 KiB; record how much had
    // been downloaded at its first report. The pipe holds 64 KiB, so the
    // download cannot run ahead of the parser by much.
    final class Watch: @unchecked Sendable {
      let lock = NSLock()
      var downloaded: Int64 = 0
      var downloadedAtFirstParse: Int64?
    }
    let watch = Watch()
    let loadOptions = LoadOptions(progress: { _, _ in
      watch.lock.withLock {
        if watch.downloadedAtFirstParse == nil { watch.downloadedAtFirstParse = watch.downloaded }
      }
      return true
    })
    let guide = try RemoteGuideLoader.load(
      url: url, options: options(), loadOptions: loadOptions, now: epochNow(),
      progress: { progress in
        watch.lock.withLock { watch.downloaded = progress.bytes }
        return true
      })
    #expect(guide.schedule.programmeCount == 20000)
    let size = try #require(RemoteCache(directory: folder, url: url)?.metadata()?.size)
    let atFirstParse = try #require(watch.downloadedAtFirstParse)
    #expect(atFirstParse < size / 2, "\(atFirstParse) of \(size)")
  }

  @Test func twoLoadersRefreshingOneCacheNeverSeeAHalfWrittenFile() throws {
    let server = try TestServer()
    try server.control("programmes=5000")
    let url = server.url("/guide.xml")
    let options = options()
    let now = epochNow()
    // Two loaders (each with its own lock file descriptor, as two processes
    // have) and a reader that keeps loading whatever is in the cache.
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var counts: [Int] = []
      var readerFailures: [String] = []
      var stop = false
    }
    let results = Results()
    let group = DispatchGroup()
    for _ in 0..<2 {
      DispatchQueue.global().async(group: group) {
        let count =
          (try? RemoteGuideLoader.load(url: url, options: options, now: now))?
          .schedule.programmeCount ?? -1
        results.lock.withLock { results.counts.append(count) }
      }
    }
    let reader = Thread {
      while !results.lock.withLock({ results.stop }) {
        // The folder's key (so the body's name) exists once a download starts.
        guard let cache = RemoteCache(directory: folder, url: url),
          FileManager.default.fileExists(atPath: cache.bodyPath)
        else { continue }
        do {
          let count = try ScheduleLoader.load(path: cache.bodyPath).programmeCount
          if count != 5000 { results.lock.withLock { results.readerFailures.append("\(count)") } }
        } catch {
          results.lock.withLock { results.readerFailures.append("\(error)") }
        }
      }
    }
    reader.start()
    #expect(group.wait(timeout: .now() + 60) == .success)
    results.lock.withLock { results.stop = true }
    #expect(results.counts == [5000, 5000])
    #expect(results.readerFailures.isEmpty, "\(results.readerFailures.prefix(3))")
    // The second waited for the first's lock, then found a fresh copy.
    #expect(try guideRequests(server).count == 1)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(!names.contains { $0.hasSuffix(".part") })
  }
}
