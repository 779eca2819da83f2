import Foundation

/// Private temporary files (mode 0600) in the system's temporary directory.
enum TemporaryFile {
  static func path(suffix: String) -> String {
    let name = "tvgrid-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)\(suffix)"
    return (NSTemporaryDirectory() as NSString).appendingPathComponent(name)
  }

  static func write(_ bytes: [UInt8], to path: String) -> Bool {
    FileManager.default.createFile(
      atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
  }

  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}
