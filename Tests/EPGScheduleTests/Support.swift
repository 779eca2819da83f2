import EPGLayout
import Foundation
import Testing

@testable import EPGSchedule

/// Locations and helpers shared by the schedule tests.
enum Support {
  /// The package root, derived from this file's path.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The XMLTV project's sample files, when `XMLTV_CORPUS=DIR` names them
  /// (`make test` sets it when ../shared/xmltv-corpus exists); else nil and
  /// the tests that compare against them are left out.
  static let corpus: URL? = {
    guard let path = ProcessInfo.processInfo.environment["XMLTV_CORPUS"], !path.isEmpty else {
      return nil
    }
    return URL(fileURLWithPath: path)
  }()

  /// The corpus's `.xml` files (none without `XMLTV_CORPUS`).
  static func corpusFiles() -> [URL] {
    guard let corpus else { return [] }
    return xmlFiles(in: corpus)
  }

  /// The project's own XMLTV edge cases, `Fixtures/xmltv-cases/*.xml`.
  static func caseFiles() -> [URL] {
    xmlFiles(in: URL(fileURLWithPath: fixture("xmltv-cases")))
  }

  /// The path of one of the project's own XMLTV edge cases.
  static func xmltvCase(_ name: String) -> String { fixture("xmltv-cases/\(name)") }

  private static func xmlFiles(in directory: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".xml") }.sorted().map {
      directory.appendingPathComponent($0)
    }
  }

  static func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)?.path
      ?? packageRoot.appendingPathComponent("Tests/EPGScheduleTests/Fixtures/\(name)").path
  }

  /// Writes `text` to a fresh temporary file and returns its path.
  static func temporaryFile(_ bytes: [UInt8], suffix: String = ".xml") -> String {
    let path = NSTemporaryDirectory() + "epgschedule-test-\(UUID().uuidString)\(suffix)"
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  static func temporaryFile(_ text: String, suffix: String = ".xml") -> String {
    temporaryFile(Array(text.utf8), suffix: suffix)
  }

  /// Loads XMLTV text written to a temporary file.
  static func load(_ text: String, options: LoadOptions = LoadOptions()) throws -> Schedule {
    let path = temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try ScheduleLoader.load(path: path, options: options)
  }

  /// A minimal XMLTV document around `body`.
  static func xmltv(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n\(body)\n</tv>\n"
  }

  static func utc(_ text: String) -> EpochSeconds {
    TimestampParser.parse(text) ?? -1
  }

  /// Finds an executable on PATH.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs a program; returns (exit status, stdout, stderr).
  static func run(_ program: String, _ arguments: [String], stdin: Data? = nil) throws -> (
    Int32, Data, Data
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    if stdin != nil { process.standardInput = input }
    try process.run()
    if let stdin {
      input.fileHandleForWriting.write(stdin)
      try input.fileHandleForWriting.close()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, outData, errData)
  }
}

extension Support {
  /// Peak resident set size of this process in bytes (VmHWM).
  static func peakRSS() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return (Int(line.filter(\.isNumber)) ?? 0) * 1024
    }
    return 0
  }

  /// Runs `body` with standard input replaced by a pipe carrying `bytes`.
  static func withStandardInput<T>(_ bytes: [UInt8], _ body: () throws -> T) throws -> T {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
    let saved = dup(0)
    dup2(fds[0], 0)
    close(fds[0])
    let writer = fds[1]
    let thread = Thread {
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          guard let base = raw.baseAddress else { break }
          let n = write(writer, base + offset, raw.count - offset)
          if n <= 0 { break }
          offset += n
        }
      }
      close(writer)
    }
    thread.start()
    defer {
      dup2(saved, 0)
      close(saved)
    }
    return try body()
  }
}
