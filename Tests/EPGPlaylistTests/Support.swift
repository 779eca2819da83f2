import Foundation

/// Fixture locations for the playlist tests.
enum Support {
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)?.path
      ?? packageRoot.appendingPathComponent("Tests/EPGPlaylistTests/Fixtures/\(name)").path
  }

  /// Writes `bytes` to a fresh temporary file and returns its path.
  static func temporaryFile(_ bytes: [UInt8], suffix: String = ".m3u") -> String {
    let path = NSTemporaryDirectory() + "epgplaylist-test-\(UUID().uuidString)\(suffix)"
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }
}
