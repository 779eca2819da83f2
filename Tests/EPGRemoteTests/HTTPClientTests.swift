import EPGRemote
import Foundation
import RemoteTestSupport
import Testing

/// HTTPClient against the test server: statuses, redirects, time-outs,
/// cut-off bodies, the size limit, TLS and credentials.
@Suite struct HTTPClientTests {
  let options = HTTPOptions(lowSpeedTime: 5, useNetrc: false)

  func fetch(_ url: String, _ options: HTTPOptions? = nil) throws(FetchError) -> (
    response: HTTPResponse, body: [UInt8]
  ) {
    try HTTPClient(options: options ?? self.options).data(HTTPRequest(url: url))
  }

  func failure(_ url: String, _ options: HTTPOptions? = nil) -> FetchError? {
    do {
      _ = try fetch(url, options)
      return nil
    } catch {
      return error
    }
  }

  @Test func okBodyIsDecodedFromGzipAndHeadersAreKept() throws {
    let server = try TestServer()
    let (response, body) = try fetch(server.url("/guide.xml"))
    #expect(response.status == 200)
    // The server compresses when asked (Accept-Encoding); libcurl decodes.
    #expect(response.headers["content-encoding"] == "gzip")
    #expect(String(decoding: body.prefix(5), as: UTF8.self) == "<?xml")
    #expect(response.etag == "\"v1\"")
    #expect(response.lastModified != nil)
    let request = try #require(try server.log().last)
    #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
    #expect(request.headers["accept-encoding"]?.contains("deflate") == true)
  }

  @Test func userAgentIsTvgridVersionAndConfigurable() throws {
    let server = try TestServer()
    let (_, body) = try fetch(server.url("/headers"))
    let headers = try JSONDecoder().decode([String: String].self, from: Data(body))
    #expect(headers["user-agent"] == "tvgrid/0.1.0")
    var custom = options
    custom.userAgent = "Mozilla/5.0 (tvgrid)"
    let (_, second) = try fetch(server.url("/headers"), custom)
    let secondHeaders = try JSONDecoder().decode([String: String].self, from: Data(second))
    #expect(secondHeaders["user-agent"] == "Mozilla/5.0 (tvgrid)")
  }

  @Test func errorStatusesAreReturnedNotPassedOn() throws {
    let server = try TestServer()
    let (missing, missingBody) = try fetch(server.url("/missing"))
    #expect(missing.status == 404)
    #expect(String(decoding: missingBody, as: UTF8.self) == "not found")
    let (broken, _) = try fetch(server.url("/error"))
    #expect(broken.status == 500)
    // The consumer never sees an error page.
    var seen = 0
    _ = try HTTPClient(options: options).perform(HTTPRequest(url: server.url("/error"))) {
      seen += $0.count
      return true
    }
    #expect(seen == 0)
  }

  @Test func redirectsAreFollowedAndLoopsStopped() throws {
    let server = try TestServer()
    let (response, body) = try fetch(server.url("/redirect"))
    #expect(response.status == 200)
    #expect(response.redirects == 1)
    #expect(!body.isEmpty)
    let loop = try #require(failure(server.url("/loop")))
    #expect(loop.kind == .tooManyRedirects)
    // At most 10 redirects: the first request and 10 more.
    #expect(try server.log().filter { $0.path.hasPrefix("/loop") }.count == 11)
  }

  @Test func silentServerTimesOut() throws {
    let server = try TestServer()
    var quick = options
    quick.lowSpeedTime = 1
    let error = try #require(failure(server.url("/slow"), quick))
    #expect(error.kind == .timedOut)
    // 14 bytes, then nothing: under 1 KiB/s for 1 s.
    #expect(error.message.contains("slower than 1 KiB/s for 1 s"), "\(error.message)")
  }

  @Test func connectionCutMidBodyAndWrongLengthAreCutOff() throws {
    let server = try TestServer()
    #expect(failure(server.url("/cut"))?.kind == .cutOff)
    #expect(failure(server.url("/wrong-length"))?.kind == .cutOff)
  }

  @Test func announcedSizeOverTheLimitIsRefusedUpFront() throws {
    let server = try TestServer()
    // 3 000 000 000 bytes announced; the default limit is 2 GiB.
    let error = try #require(failure(server.url("/huge")))
    #expect(error.kind == .tooLarge)
    #expect(error.message.contains("2147483648"))
  }

  @Test func sizeLimitIsAlsoEnforcedWhileStreaming() throws {
    // /endless is chunked (no Content-Length): only the streaming count
    // can stop it.
    let server = try TestServer()
    var small = options
    small.maximumBytes = 1 << 20
    var received = 0
    do {
      _ = try HTTPClient(options: small).perform(HTTPRequest(url: server.url("/endless"))) {
        received += $0.count
        return true
      }
      Issue.record("an 8 MiB body passed a 1 MiB limit")
    } catch {
      #expect(error.kind == .tooLarge)
    }
    #expect(received <= 1 << 20)
  }

  @Test func serverThatNeverCompletesTheTLSHandshakeTimesOut() throws {
    // A socket that listens but never answers: TCP connects (the kernel
    // accepts), the TLS handshake never ends; the connect time-out covers it.
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #expect(listener >= 0)
    defer { close(listener) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(listener, pointer, length) == 0 && listen(listener, 4) == 0
          && getsockname(listener, pointer, &length) == 0
      }
    }
    #expect(bound)
    let port = UInt16(bigEndian: address.sin_port)
    var quick = options
    quick.connectTimeout = 1
    let error = try #require(failure("https://127.0.0.1:\(port)/guide.xml", quick))
    #expect(error.kind == .timedOut)
    #expect(error.message == "no answer within 1 s (time-out)")
  }

  @Test func progressReportsBytesAndRate() throws {
    let server = try TestServer()
    var reports: [TransferProgress] = []
    _ = try HTTPClient(options: options).perform(
      HTTPRequest(url: server.url("/endless")), consumer: { _ in true },
      progress: {
        reports.append($0)
        return true
      })
    let last = try #require(reports.last)
    #expect(last.bytes > 8_000_000)
    #expect(last.bytesPerSecond > 0)
    #expect(reports.map(\.bytes) == reports.map(\.bytes).sorted())
  }

  @Test func selfSignedCertificateIsRejectedUnlessItsCAIsGiven() throws {
    let certificate = try TestCertificate.make()
    let server = try TestServer(tls: certificate)
    let error = try #require(failure(server.url("/guide.xml")))
    #expect(error.kind == .untrustedCertificate)
    var trusting = options
    trusting.caFile = certificate.certificate
    let (response, body) = try fetch(server.url("/guide.xml"), trusting)
    #expect(response.status == 200)
    #expect(!body.isEmpty)
  }

  @Test func credentialsFromTheURLOptionsOrNetrcAndNeverInMessages() throws {
    let server = try TestServer()
    let (fromURL, _) = try fetch(server.url("/private/guide.xml", userInfo: "feed:s3cret"))
    #expect(fromURL.status == 200)
    let (none, _) = try fetch(server.url("/private/guide.xml"))
    #expect(none.status == 401)
    var given = options
    given.credentials = HTTPCredentials(user: "feed", password: "s3cret")
    #expect(try fetch(server.url("/private/guide.xml"), given).response.status == 200)
    #expect(!given.credentials!.description.contains("s3cret"))
    // ~/.netrc (here a given file).
    let netrc = NSTemporaryDirectory() + "epgremote-netrc-\(UUID().uuidString)"
    try "machine 127.0.0.1 login feed password s3cret\n".write(
      toFile: netrc, atomically: true, encoding: .utf8)
    var fromNetrc = options
    fromNetrc.useNetrc = true
    fromNetrc.netrcFile = netrc
    #expect(try fetch(server.url("/private/guide.xml"), fromNetrc).response.status == 200)
    // A failure's message names the URL with the password masked.
    let error = try #require(failure(server.url("/loop", userInfo: "feed:s3cret")))
    #expect(!error.description.contains("s3cret"))
    #expect(error.description.contains("http://***@127.0.0.1"))
  }
}
