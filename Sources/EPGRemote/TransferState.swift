import CCurlShim
import Foundation

/// The state libcurl's callbacks share during one `HTTPClient.perform`.
///
/// A class: passed to C as one opaque pointer; used on the calling thread
/// only, while `perform` runs.
final class TransferState {
  let consumer: (UnsafeRawBufferPointer) -> Bool
  let progressCallback: (TransferProgress) -> Bool
  /// Largest body in bytes.
  let limit: Int64
  let started = Date()
  /// Status of the response being received (0 before its status line).
  var status = 0
  var headers: [String: String] = [:]
  /// Body bytes of 2xx answers passed on.
  var received: Int64 = 0
  var errorBody: [UInt8] = []
  var stoppedForSize = false

  init(
    consumer: @escaping (UnsafeRawBufferPointer) -> Bool,
    progress: @escaping (TransferProgress) -> Bool, limit: Int64
  ) {
    self.consumer = consumer
    self.progressCallback = progress
    self.limit = limit
  }

  var currentProgress: TransferProgress {
    let seconds = max(Date().timeIntervalSince(started), 0.001)
    let expected = headers["content-length"].flatMap { Int64($0) } ?? 0
    return TransferProgress(
      bytes: received, expectedBytes: expected, bytesPerSecond: Double(received) / seconds)
  }

  static let write: tvg_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard (200..<300).contains(state.status) else {
      let room = max(0, 4096 - state.errorBody.count)
      state.errorBody.append(
        contentsOf: UnsafeRawBufferPointer(start: data, count: min(room, length)))
      return length
    }
    if state.received + Int64(length) > state.limit {
      state.stoppedForSize = true
      return 0
    }
    state.received += Int64(length)
    guard state.consumer(UnsafeRawBufferPointer(start: data, count: length)) else { return 0 }
    return length
  }

  static let header: tvg_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = String(
      decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
      // A new response (after a redirect or a 401 challenge): start over.
      let parts = line.split(separator: " ")
      state.status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
      state.headers = [:]
      state.errorBody = []
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      state.headers[name] = value
    }
    return length
  }

  static let progress: tvg_curl_progress_callback = { context, _, _ in
    guard let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    guard (200..<300).contains(state.status), state.received > 0 else { return 0 }
    return state.progressCallback(state.currentProgress) ? 0 : 1
  }
}
