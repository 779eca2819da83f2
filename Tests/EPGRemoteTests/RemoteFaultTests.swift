import EPGSchedule
import Foundation
import RemoteTestSupport
import Testing

@testable import EPGRemote

/// Faults of a flaky provider and of the cache folder (issue 25, items 6,
/// 7, 9, 13 and 16): a trickling or endless transfer, another process
/// holding the URL's lock, a damaged or odd cached copy, a cache folder
/// that cannot be written, and two accounts on one URL. Every wait in
/// these tests is bounded (`withDeadline`), so a regression fails instead
/// of hanging the run.
@Suite struct RemoteFaultTests {
  let folder = temporaryCacheFolder()

  func options(
    refresh: Int64 = 0, lowSpeedTime: Int = 30, totalTimeout: Int = 600, lockWait: Double = 5,
    netrc: String? = nil, directory: String? = nil
  ) -> RemoteOptions {
    RemoteOptions(
      http: HTTPOptions(
        lowSpeedTime: lowSpeedTime, totalTimeout: totalTimeout, useNetrc: netrc != nil,
        netrcFile: netrc),
      cacheDirectory: directory ?? folder, refreshInterval: refresh, lockWait: lockWait,
      timeZone: TimeZone(identifier: "UTC")!)
  }

  func guideRequests(_ server: TestServer) throws -> [TestServer.LoggedRequest] {
    try server.log().filter { $0.path == "/guide.xml" }
  }

  /// The cache of `url` in the test's folder (it has its key once a
  /// download happened there).
  func cache(_ url: String, credentials: HTTPCredentials? = nil) throws -> RemoteCache {
    try #require(RemoteCache(directory: folder, url: url, credentials: credentials))
  }

  /// `body` on another thread; its result, or nil when it has not ended
  /// within `seconds` (then `unblock` runs, so the thread can end).
  func withDeadline<T: Sendable>(
    _ seconds: Double, unblock: () -> Void = {}, _ body: @escaping @Sendable () -> T
  ) -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Thread {
      box.value = body()
      done.signal()
    }.start()
    guard done.wait(timeout: .now() + seconds) == .success else {
      unblock()
      _ = done.wait(timeout: .now() + 30)
      return nil
    }
    return box.value
  }

  /// Loads `url` on another thread within `seconds`: the guide, the error,
  /// or nil when it hung.
  func load(
    _ url: String, _ options: RemoteOptions, within seconds: Double = 20,
    unblock: () -> Void = {}
  ) -> Result<RemoteGuide, FetchError>? {
    withDeadline(seconds, unblock: unblock) {
      Result { () throws(FetchError) -> RemoteGuide in
        try RemoteGuideLoader.load(url: url, options: options, now: epochNow())
      }
    }
  }

  // MARK: Item 6: a slow server never hangs tvgrid

  @Test func theDocumentedLimitsAreTheDefaults() {
    let http = HTTPOptions()
    #expect(http.lowSpeedLimit == 1024)
    #expect(http.lowSpeedTime == 30)
    #expect(http.totalTimeout == 600)
    #expect(RemoteOptions(cacheDirectory: folder).lockWait == 5)
  }

  @Test func aTrickleUnderTheLowSpeedLimitIsAbortedAndTheLastGoodCopyUsed() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    // 400 bytes a second for 8 s: under 1 KiB/s, so given up after 1 s of it.
    try server.control("mode=drip")
    let guide = try #require(load(url, options(lowSpeedTime: 1))).get()
    #expect(guide.origin == .lastGood)
    #expect(guide.schedule.programmeCount == 4)
    #expect(guide.failure?.kind == .timedOut)
    let notice = try #require(guide.notice)
    #expect(notice.contains("(download failed: slower than 1 KiB/s for 1 s"), "\(notice)")
  }

  @Test func aTransferLongerThanTheDownloadTimeoutIsAborted() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    // 2 MB in 4 s: fast enough, but longer than the 1 s allowed.
    try server.control("mode=trickle")
    let guide = try #require(load(url, options(totalTimeout: 1))).get()
    #expect(guide.origin == .lastGood)
    #expect(guide.schedule.programmeCount == 4)
    #expect(guide.failure?.kind == .timedOut)
    #expect(guide.notice?.contains("not finished within 1 s (download_timeout") == true)
  }

  @Test func waitingForAnotherProcesssLockIsBoundedThenTheCachedCopyIsUsed() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    // Another process refreshing the same URL: its lock (flock locks belong
    // to an open file, so this descriptor is another holder).
    let held = open(try cache(url).lockPath, O_RDWR | O_CLOEXEC)
    #expect(held >= 0 && flock(held, LOCK_EX) == 0)
    defer { close(held) }
    let result = load(url, options(lockWait: 1), within: 10) { flock(held, LOCK_UN) }
    let guide = try #require(result, "still waiting for the lock after 10 s").get()
    #expect(guide.schedule.programmeCount == 4)
    let notice = try #require(guide.notice)
    #expect(notice.contains("another tvgrid is refreshing it"), "\(notice)")
    #expect(notice.contains("using the copy from"), "\(notice)")
    #expect(try guideRequests(server).count == 1)
  }

  @Test func withoutACachedCopyABusyLockMeansADownloadThatIsNotCached() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    let cache = try cache(url)
    unlink(cache.bodyPath)
    unlink(cache.metadataPath)
    let held = open(cache.lockPath, O_RDWR | O_CLOEXEC)
    #expect(held >= 0 && flock(held, LOCK_EX) == 0)
    defer { close(held) }
    let result = load(url, options(lockWait: 1), within: 10) { flock(held, LOCK_UN) }
    let guide = try #require(result, "still waiting for the lock after 10 s").get()
    #expect(guide.origin == .downloaded)
    #expect(guide.schedule.programmeCount == 4)
    #expect(guide.notice?.contains("nothing will be cached") == true, "\(guide.notice ?? "")")
    #expect(!FileManager.default.fileExists(atPath: cache.bodyPath))
  }

  // MARK: Item 7: a damaged cached copy heals

  /// Downloads once, changes the cached body with `damage`, loads again:
  /// the copy must be dropped and fetched without conditions.
  func expectHealed(
    refresh: Int64 = 0, _ damage: (String) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: refresh), now: epochNow())
    let cache = try cache(url)
    try damage(cache.bodyPath)
    let guide = try #require(load(url, options(refresh: refresh)), sourceLocation: sourceLocation)
      .get()
    #expect(guide.origin == .downloaded, sourceLocation: sourceLocation)
    #expect(guide.schedule.programmeCount == 4, sourceLocation: sourceLocation)
    let titles = guide.schedule.programmes.flatMap { $0.array.map(\.title) }
    #expect(titles == ["Show 1", "Show 2", "Show 3", "Show 4"], sourceLocation: sourceLocation)
    let notice = guide.notice ?? ""
    #expect(
      notice.contains("the cached copy was damaged ("), "\(notice)", sourceLocation: sourceLocation)
    #expect(notice.hasSuffix("; fetched anew"), "\(notice)", sourceLocation: sourceLocation)
    let requests = try guideRequests(server)
    #expect(requests.count == 2, sourceLocation: sourceLocation)
    #expect(requests.last?.headers["if-none-match"] == nil, sourceLocation: sourceLocation)
    #expect(requests.last?.headers["if-modified-since"] == nil, sourceLocation: sourceLocation)
    // The new copy is in place and whole.
    #expect(
      try ScheduleLoader.load(path: cache.bodyPath).programmeCount == 4,
      sourceLocation: sourceLocation)
  }

  @Test func aTruncatedCachedCopyIsFetchedAgainWithoutConditions() throws {
    try expectHealed { path in
      let size = try #require(
        FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)
      #expect(truncate(path, off_t(size.intValue / 2)) == 0)
    }
  }

  @Test func anEmptiedCachedCopyIsFetchedAgainWithoutConditions() throws {
    try expectHealed { path in #expect(truncate(path, 0) == 0) }
  }

  @Test func aCachedCopyChangedAtTheSameSizeIsFetchedAgain() throws {
    // Still a valid guide, so only the checksum can tell.
    try expectHealed { path in
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let changed = text.replacingOccurrences(of: "Show 2", with: "Shoe 2")
      #expect(changed != text && changed.utf8.count == text.utf8.count)
      try Data(changed.utf8).write(to: URL(fileURLWithPath: path))
    }
  }

  @Test func aTruncatedCopyWithinTheRefreshIntervalIsFetchedAgain() throws {
    try expectHealed(refresh: 12 * 3600) { path in #expect(truncate(path, 10) == 0) }
  }

  // MARK: Item 16: cache paths that are not regular files

  /// Replaces the file at `path` by a FIFO; returns how to unblock a
  /// reader stuck opening it.
  func makeFIFO(_ path: String) -> () -> Void {
    unlink(path)
    #expect(mkfifo(path, 0o600) == 0)
    return {
      // A writer that opens and closes lets a blocked reader see the end.
      let writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      if writer >= 0 { close(writer) }
    }
  }

  @Test func aFIFOInPlaceOfTheCachedBodyIsRefusedWithoutBlocking() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 3600), now: epochNow())
    let cache = try cache(url)
    let unblock = makeFIFO(cache.bodyPath)
    let result = load(url, options(refresh: 3600), within: 10, unblock: unblock)
    let guide = try #require(result, "blocked on the FIFO").get()
    #expect(guide.origin == .downloaded)
    #expect(guide.schedule.programmeCount == 4)
    #expect(guide.notice?.contains("not a regular file") == true, "\(guide.notice ?? "")")
    // The download replaced the FIFO.
    var info = stat()
    #expect(lstat(cache.bodyPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
  }

  @Test func aFIFOInPlaceOfTheMetadataIsRefusedWithoutBlocking() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 3600), now: epochNow())
    let cache = try cache(url)
    let unblock = makeFIFO(cache.metadataPath)
    let result = load(url, options(refresh: 3600), within: 10, unblock: unblock)
    let guide = try #require(result, "blocked on the FIFO").get()
    #expect(guide.schedule.programmeCount == 4)
    #expect(guide.origin == .downloaded)
  }

  @Test func aFolderInPlaceOfTheCachedBodyIsRefusedAndTheDownloadStillUsed() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 3600), now: epochNow())
    let cache = try cache(url)
    unlink(cache.bodyPath)
    // Not empty, so it is not removed either.
    #expect(mkdir(cache.bodyPath, 0o700) == 0)
    #expect(FileManager.default.createFile(atPath: cache.bodyPath + "/x", contents: Data()))
    let guide = try #require(load(url, options(refresh: 3600))).get()
    #expect(guide.origin == .downloaded)
    #expect(guide.schedule.programmeCount == 4)
    let notice = try #require(guide.notice)
    #expect(notice.contains("not a regular file"), "\(notice)")
    #expect(notice.contains("nothing will be cached"), "\(notice)")
  }

  @Test func aSymbolicLinkInPlaceOfTheCachedBodyIsNotFollowed() throws {
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(refresh: 3600), now: epochNow())
    let cache = try cache(url)
    // A link to a whole copy of the same body: following it would load.
    let elsewhere = folder + "-elsewhere.xml"
    try FileManager.default.copyItem(atPath: cache.bodyPath, toPath: elsewhere)
    unlink(cache.bodyPath)
    #expect(symlink(elsewhere, cache.bodyPath) == 0)
    let guide = try #require(load(url, options(refresh: 3600))).get()
    #expect(guide.origin == .downloaded)
    #expect(guide.notice?.contains("not a regular file") == true, "\(guide.notice ?? "")")
  }

  // MARK: Item 9: a cache folder that cannot be written

  @Test func aCacheFolderThatCannotBeCreatedStillGivesTheGuide() throws {
    let server = try TestServer()
    // The folder's parent is a file: it cannot be created, whoever runs this.
    let file = folder + "-file"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let directory = file + "/tvgrid"
    let guide = try #require(
      load(server.url("/guide.xml"), options(directory: directory))
    ).get()
    #expect(guide.origin == .downloaded)
    #expect(guide.schedule.programmeCount == 4)
    #expect(guide.cachePath == nil)
    let notice = try #require(guide.notice)
    #expect(notice.contains("nothing will be cached"), "\(notice)")
    #expect(notice.contains(directory), "\(notice)")
    // Playlists too (they are held in memory anyway).
    let playlist = try RemoteFileLoader.load(
      url: server.url("/list.m3u"), options: options(directory: directory), now: epochNow())
    #expect(playlist.bytes.starts(with: Array("#EXTM3U".utf8)))
    #expect(playlist.notice?.contains("nothing will be cached") == true)
  }

  @Test func aCacheFolderWithoutWriteAccessUsesItsCopyReadOnly() throws {
    // The superuser may write anywhere: this needs an ordinary user.
    guard geteuid() != 0 else { return }
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    let before = try Data(contentsOf: URL(fileURLWithPath: try cache(url).bodyPath))
    #expect(chmod(folder, 0o500) == 0)
    defer { chmod(folder, 0o700) }
    try server.control("programmes=6")
    let guide = try #require(load(url, options())).get()
    #expect(guide.origin == .downloaded)
    #expect(guide.schedule.programmeCount == 6)
    #expect(guide.notice?.contains("nothing will be cached") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: try cache(url).bodyPath)) == before)
  }

  @Test func aLockThatCannotBeTakenMeansADownloadThatIsNotCached() throws {
    // The lock file cannot be opened (a folder in its place), as in a
    // folder without write access: the cached copy stays as it is.
    let server = try TestServer()
    let url = server.url("/guide.xml")
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    let cache = try cache(url)
    let before = try Data(contentsOf: URL(fileURLWithPath: cache.bodyPath))
    unlink(cache.lockPath)
    #expect(mkdir(cache.lockPath, 0o700) == 0)
    try server.control("programmes=6")
    let guide = try #require(load(url, options())).get()
    #expect(guide.origin == .downloaded)
    #expect(guide.schedule.programmeCount == 6)
    #expect(guide.notice?.contains("nothing will be cached") == true, "\(guide.notice ?? "")")
    #expect(try Data(contentsOf: URL(fileURLWithPath: cache.bodyPath)) == before)
    // A failure then falls back on the cached copy, read only.
    try server.control("mode=error")
    let kept = try #require(load(url, options())).get()
    #expect(kept.origin == .lastGood)
    #expect(kept.schedule.programmeCount == 4)
  }

  // MARK: Item 13: the cache never mixes accounts

  @Test func aSecondAccountIsNeverAnsweredWithTheFirstOnesCopy() throws {
    let server = try TestServer()
    let good = server.url("/private/guide.xml", userInfo: "feed:s3cret")
    let first = try RemoteGuideLoader.load(
      url: good, options: options(refresh: 3600), now: epochNow())
    #expect(first.schedule.programmeCount == 4)
    // Within the refresh interval, but another password: asked, refused.
    let wrong = server.url("/private/guide.xml", userInfo: "feed:wr0ng")
    let result = try #require(load(wrong, options(refresh: 3600)))
    guard case .failure(let error) = result else {
      Issue.record("a wrong password was answered from the cache")
      return
    }
    #expect(error.status == 401)
    #expect(!error.description.contains("wr0ng"))
    // The right one is still answered from its own copy.
    let again = try RemoteGuideLoader.load(
      url: good, options: options(refresh: 3600), now: epochNow())
    #expect(again.origin == .fresh)
  }

  @Test func netrcCredentialsAreAPartOfTheKey() throws {
    let server = try TestServer()
    let url = server.url("/private/guide.xml")
    let right = folder + "-right.netrc"
    let wrong = folder + "-wrong.netrc"
    try Data("machine 127.0.0.1 login feed password s3cret\n".utf8).write(
      to: URL(fileURLWithPath: right))
    try Data("machine 127.0.0.1 login feed password wr0ng\n".utf8).write(
      to: URL(fileURLWithPath: wrong))
    let first = try RemoteGuideLoader.load(
      url: url, options: options(refresh: 3600, netrc: right), now: epochNow())
    #expect(first.schedule.programmeCount == 4)
    let result = try #require(load(url, options(refresh: 3600, netrc: wrong)))
    guard case .failure(let error) = result else {
      Issue.record("another .netrc account was answered from the cache")
      return
    }
    #expect(error.status == 401)
  }

  @Test func givenCredentialsAreAPartOfTheKeyAndNamesDifferPerFolder() throws {
    let url = "http://tvbox.example:9981/xmltv/channels"
    let server = try TestServer()
    // Any download creates the folder's key.
    _ = try RemoteGuideLoader.load(
      url: server.url("/guide.xml"), options: options(), now: epochNow())
    let admin = try cache(url, credentials: HTTPCredentials(user: "admin", password: "a"))
    let other = try cache(url, credentials: HTTPCredentials(user: "admin", password: "b"))
    let none = try cache(url)
    #expect(Set([admin.key, other.key, none.key]).count == 3)
    // Another user's folder (another random key): another name.
    let second = temporaryCacheFolder()
    _ = try RemoteGuideLoader.load(
      url: server.url("/guide.xml"), options: options(directory: second), now: epochNow())
    let elsewhere = try #require(RemoteCache(directory: second, url: url, credentials: nil))
    #expect(elsewhere.key != none.key)
  }

  @Test func cacheFilesAreTheUsersOnly() throws {
    let server = try TestServer()
    _ = try RemoteGuideLoader.load(
      url: server.url("/guide.xml"), options: options(), now: epochNow())
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(names.contains { $0.hasSuffix(".json") })
    for name in names {
      var info = stat()
      #expect(lstat(folder + "/" + name, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o600, "\(name): \(String(info.st_mode & 0o777, radix: 8))")
    }
  }

  @Test func secretsOfAnyKindStayOutOfTheCacheFolder() throws {
    let server = try TestServer()
    // The server ignores the query; the names mean secrets.
    let url = server.url("/guide.xml?u=alice7&p=pa55&tok=t0ken&quality=hd")
    _ = try RemoteGuideLoader.load(url: url, options: options(), now: epochNow())
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      let text = try String(contentsOfFile: folder + "/" + name, encoding: .isoLatin1)
      for secret in ["alice7", "pa55", "t0ken"] {
        #expect(!name.contains(secret) && !text.contains(secret), "\(name)")
      }
    }
    let metadata = try #require(try cache(url).metadata())
    #expect(metadata.url.hasSuffix("/guide.xml?u=***&p=***&tok=***&quality=hd"))
  }
}

/// A value handed from a test's worker thread (written before the
/// semaphore is signalled, read after).
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
