import EPGRemote
import Foundation
import RemoteTestSupport
import Testing

/// Credentials across redirects (issue 25, item 10): sent again to the
/// same host, never to another one, whether they came from the URL, were
/// given, or came from a `.netrc` `machine` or `default` entry. The other
/// host is the test server under the name `localhost` (the requests it
/// logs carry `Host: localhost:PORT`).
@Suite struct RedirectCredentialTests {
  let folder = temporaryCacheFolder()

  func netrc(_ text: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/netrc"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func fetch(_ url: String, _ options: HTTPOptions) throws -> Int {
    try HTTPClient(options: options).data(HTTPRequest(url: url)).response.status
  }

  /// The requests that reached the other host name, and whether any of
  /// them carried credentials.
  func otherHostRequests(_ server: TestServer) throws -> (count: Int, withCredentials: Int) {
    let other = try server.log().filter { $0.headers["host"]?.hasPrefix("localhost") == true }
    return (other.count, other.filter { $0.headers["authorization"] != nil }.count)
  }

  @Test func aNetrcDefaultEntryIsNotSentToTheHostARedirectLeadsTo() throws {
    let server = try TestServer()
    let file = try netrc("default login feed password s3cret\n")
    let status = try fetch(
      server.url("/private/redirect-host"), HTTPOptions(useNetrc: true, netrcFile: file))
    // The first host got them (it answered the redirect); the second asked
    // for them and got none.
    #expect(status == 401)
    let other = try otherHostRequests(server)
    #expect(other.count >= 1)
    #expect(other.withCredentials == 0)
  }

  @Test func aNetrcMachineEntryIsNotSentToAnotherHost() throws {
    let server = try TestServer()
    // Both names have an entry: each host gets its own, the first host's
    // never reaches the second.
    let file = try netrc(
      "machine 127.0.0.1 login feed password s3cret\nmachine localhost login other password x\n")
    _ = try fetch(
      server.url("/private/redirect-host"), HTTPOptions(useNetrc: true, netrcFile: file))
    for request in try server.log() where request.headers["host"]?.hasPrefix("localhost") == true {
      let header = request.headers["authorization"] ?? ""
      let decoded = Data(base64Encoded: String(header.dropFirst("Basic ".count))).map {
        String(decoding: $0, as: UTF8.self)
      }
      #expect(decoded != "feed:s3cret")
    }
  }

  @Test func credentialsInTheURLAreNotSentToAnotherHost() throws {
    let server = try TestServer()
    let status = try fetch(
      server.url("/private/redirect-host", userInfo: "feed:s3cret"), HTTPOptions(useNetrc: false))
    #expect(status == 401)
    #expect(try otherHostRequests(server).withCredentials == 0)
  }

  @Test func givenCredentialsAreNotSentToAnotherHost() throws {
    let server = try TestServer()
    let options = HTTPOptions(
      credentials: HTTPCredentials(user: "feed", password: "s3cret"), useNetrc: false)
    #expect(try fetch(server.url("/private/redirect-host"), options) == 401)
    #expect(try otherHostRequests(server).withCredentials == 0)
  }

  @Test func aRedirectOnTheSameHostKeepsTheCredentials() throws {
    let server = try TestServer()
    let file = try netrc("default login feed password s3cret\n")
    #expect(
      try fetch(server.url("/private/redirect"), HTTPOptions(useNetrc: true, netrcFile: file))
        == 200)
    #expect(
      try fetch(
        server.url("/private/redirect", userInfo: "feed:s3cret"), HTTPOptions(useNetrc: false))
        == 200)
  }

  @Test func aNetrcFileIsReadAsCurlReadsIt() throws {
    let server = try TestServer()
    // Several entries on one line and across lines, a macdef to skip, a
    // quoted password; the first matching machine wins over default.
    let file = try netrc(
      """
      machine other.example login x password y
      macdef init
      machine 127.0.0.1 login wrong password wrong

      machine 127.0.0.1
        login feed
        password "s3cret"
      default login nobody password nothing

      """)
    #expect(
      try fetch(server.url("/private/guide.xml"), HTTPOptions(useNetrc: true, netrcFile: file))
        == 200)
  }
}
