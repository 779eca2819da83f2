import EPGRemote
import Foundation

/// The test server (Server/testserver.py) on 127.0.0.1, a free port
/// chosen by the kernel, shared by the EPGRemote and command-line tests.
/// It exits when this object goes away (its standard input closes).
///
/// A class: it owns the process.
public final class TestServer: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  public let port: Int
  public let scheme: String
  /// The TLS certificate's file (to trust it), when serving HTTPS.
  public let caFile: String?

  public static let script: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Server/testserver.py").path

  /// Starts the server with `arguments` (e.g. `--auth digest`); waits at
  /// most 10 s for its port.
  public init(_ arguments: [String] = [], tls: TestCertificate? = nil) throws {
    var all = [Self.script] + arguments
    if let tls { all += ["--tls", tls.certificate, tls.key] }
    scheme = tls == nil ? "http" : "https"
    caFile = tls?.certificate
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + all
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let descriptor = output.fileHandleForReading.fileDescriptor
    var line = ""
    let deadline = Date().addingTimeInterval(10)
    while !line.hasSuffix("\n"), Date() < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 200) > 0 else { continue }
      var byte: UInt8 = 0
      guard read(descriptor, &byte, 1) == 1 else { break }
      line.append(Character(Unicode.Scalar(byte)))
    }
    guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5).dropLast()) else {
      process.terminate()
      throw TestServerError.noPort(line)
    }
    self.port = port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.terminate()
    process.waitUntilExit()
  }

  /// `scheme://127.0.0.1:PORT/path`, with `user:password@` when given.
  public func url(_ path: String, userInfo: String? = nil) -> String {
    "\(scheme)://\(userInfo.map { $0 + "@" } ?? "")127.0.0.1:\(port)\(path)"
  }

  /// A plain GET of the server's control and log pages.
  public func get(_ path: String) throws -> Data {
    let options = HTTPOptions(caFile: caFile, useNetrc: false)
    let (response, body) = try HTTPClient(options: options).data(HTTPRequest(url: url(path)))
    guard response.status == 200 else { throw TestServerError.noAnswer(path) }
    return Data(body)
  }

  /// Changes the served guide (see testserver.py `/control`).
  public func control(_ query: String) throws {
    _ = try get("/control?" + query)
  }

  public struct LoggedRequest: Decodable, Sendable {
    public var method: String
    public var path: String
    public var headers: [String: String]
    public var form: [String: String]
  }

  /// The requests the server has had (not counting control and log).
  public func log() throws -> [LoggedRequest] {
    try JSONDecoder().decode([LoggedRequest].self, from: get("/log"))
  }
}

public enum TestServerError: Error {
  case noPort(String)
  case noAnswer(String)
  case openssl
}

/// A self-signed certificate for 127.0.0.1, made with `openssl req`.
public struct TestCertificate: Sendable {
  public let certificate: String
  public let key: String

  public static func make() throws -> TestCertificate {
    let folder = NSTemporaryDirectory() + "epgremote-tls-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let certificate = folder + "/cert.pem"
    let key = folder + "/key.pem"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out",
      certificate, "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
      "subjectAltName=IP:127.0.0.1",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw TestServerError.openssl }
    return TestCertificate(certificate: certificate, key: key)
  }
}

/// A fresh, empty cache folder.
public func temporaryCacheFolder() -> String {
  NSTemporaryDirectory() + "epgremote-cache-\(UUID().uuidString)"
}

/// Seconds since 1970, now.
public func epochNow() -> Int64 { Int64(Date().timeIntervalSince1970) }
