import CCurlShim
import Foundation

/// The state libcurl's callbacks share during one `HTTPClient.perform`,
/// and the limits checked in them: the size limit, the low-speed limit
/// (under `lowSpeedLimit` bytes a second over the last `lowSpeedTime`
/// seconds: libcurl's own, at 1 byte/s, never catches a trickle) and the
/// total time (`totalTimeout`).
///
/// A class: passed to C as one opaque pointer; used on the calling thread
/// only, while `perform` runs.
final class TransferState {
  /// Why the transfer was stopped by a limit.
  enum StopReason: Equatable {
    case size
    /// Too slow; `noData`: nothing at all arrived in the window.
    case slow(noData: Bool)
    case tooLong
  }

  let consumer: (UnsafeRawBufferPointer) -> Bool
  let progressCallback: (TransferProgress) -> Bool
  /// Largest body in bytes.
  let limit: Int64
  /// Bytes a second, and seconds (see the type's comment).
  let lowSpeedLimit: Double
  let lowSpeedTime: Double
  /// Seconds.
  let totalTimeout: Double
  let started = Date()
  /// Monotonic seconds at the start.
  let startedUptime = ProcessInfo.processInfo.systemUptime
  /// (monotonic seconds, `wireBytes` then), at most four a second, the
  /// oldest at or before the start of the low-speed window.
  private var samples: [(time: Double, bytes: Int64)]
  /// Header and body bytes of every response so far.
  private var wireBytes: Int64 = 0
  private(set) var stopReason: StopReason?
  /// Status of the response being received (0 before its status line).
  var status = 0
  var headers: [String: String] = [:]
  /// Body bytes of 2xx answers passed on.
  var received: Int64 = 0
  var errorBody: [UInt8] = []

  init(
    consumer: @escaping (UnsafeRawBufferPointer) -> Bool,
    progress: @escaping (TransferProgress) -> Bool, options: HTTPOptions
  ) {
    self.consumer = consumer
    self.progressCallback = progress
    limit = options.maximumBytes
    lowSpeedLimit = Double(max(options.lowSpeedLimit, 0))
    lowSpeedTime = Double(max(options.lowSpeedTime, 1))
    totalTimeout = Double(max(options.totalTimeout, 1))
    samples = [(startedUptime, 0)]
  }

  /// Whether a limit of time is exceeded at `now` (monotonic seconds);
  /// records why.
  func overTimeLimits(now: Double) -> Bool {
    if now - startedUptime >= totalTimeout {
      stopReason = .tooLong
      return true
    }
    if let last = samples.last, now - last.time >= 0.25 { samples.append((now, wireBytes)) }
    let windowStart = now - lowSpeedTime
    while samples.count > 1, samples[1].time <= windowStart { samples.removeFirst() }
    let base = samples[0]
    guard base.time <= windowStart else { return false }
    let bytes = wireBytes - base.bytes
    if Double(bytes) < lowSpeedLimit * (now - base.time) {
      stopReason = .slow(noData: bytes == 0)
      return true
    }
    return false
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
    state.wireBytes += Int64(length)
    guard (200..<300).contains(state.status) else {
      let room = max(0, 4096 - state.errorBody.count)
      state.errorBody.append(
        contentsOf: UnsafeRawBufferPointer(start: data, count: min(room, length)))
      return length
    }
    if state.received + Int64(length) > state.limit {
      state.stopReason = .size
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
    state.wireBytes += Int64(length)
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
    if state.overTimeLimits(now: ProcessInfo.processInfo.systemUptime) { return 1 }
    guard (200..<300).contains(state.status), state.received > 0 else { return 0 }
    return state.progressCallback(state.currentProgress) ? 0 : 1
  }
}
