import CCurlShim
import EPGPlaylist
import Foundation

/// Performs HTTP(S) requests through libcurl, streaming the body to a
/// consumer as it arrives.
///
/// Why libcurl rather than `URLSession`: on Linux, FoundationNetworking
/// cannot be given a CA file to trust and delivers bodies through
/// delegate queues; libcurl gives a streaming write callback on the
/// calling thread, `CURLOPT_CAINFO`, a size limit, progress callbacks (in
/// which `TransferState` checks the low-speed and total limits) and
/// gzip/deflate transfer decoding directly. `~/.netrc` is read by tvgrid
/// (`Netrc`), for the URL's own host only.
public struct HTTPClient: Sendable {
  public var options: HTTPOptions

  public init(options: HTTPOptions = HTTPOptions()) {
    self.options = options
  }

  /// Performs `request` on the calling thread. Body pieces of a 2xx answer
  /// go to `consumer` in order (return false to stop the transfer); bodies
  /// of other answers are not passed on (the first 4 KiB are kept in
  /// `errorBody`). `progress` is called about once a second and on every
  /// piece (return false to stop). Throws for transport failures only: an
  /// HTTP error status is returned in the response.
  public func perform(
    _ request: HTTPRequest,
    consumer: (UnsafeRawBufferPointer) -> Bool,
    progress: ((TransferProgress) -> Bool)? = nil
  ) throws(FetchError) -> (response: HTTPResponse, errorBody: [UInt8]) {
    guard tvg_curl_global_init() == 0, let curl = tvg_curl_easy_init() else {
      throw FetchError(kind: .other, url: request.url, message: "cannot start libcurl")
    }
    defer { tvg_curl_easy_cleanup(curl) }
    var headerList: UnsafeMutableRawPointer?
    defer { tvg_curl_list_free(headerList) }
    try configure(curl, request, headerList: &headerList)

    return try withoutActuallyEscaping(consumer) { consumer throws(FetchError) in
      try withoutActuallyEscaping(progress ?? { _ in true }) { progress throws(FetchError) in
        let state = TransferState(
          consumer: consumer, progress: progress, options: options)
        let unmanaged = Unmanaged.passRetained(state)
        defer { unmanaged.release() }
        let context = unmanaged.toOpaque()
        tvg_curl_set_write(curl, TransferState.write, context)
        tvg_curl_set_header_callback(curl, TransferState.header, context)
        tvg_curl_set_progress(curl, TransferState.progress, context)
        let code = tvg_curl_perform(curl)
        let response = HTTPResponse(
          status: Int(tvg_curl_response_code(curl)), headers: state.headers,
          bodyBytes: state.received, redirects: Int(tvg_curl_redirect_count(curl)))
        if code != 0 {
          throw error(code: code, state: state, url: request.url)
        }
        return (response, state.errorBody)
      }
    }
  }

  /// Performs `request` and returns the body of a 2xx answer (at most
  /// `limit` bytes), for small API answers. An error status is returned
  /// with the start of its body.
  public func data(_ request: HTTPRequest, limit: Int = 16 << 20) throws(FetchError) -> (
    response: HTTPResponse, body: [UInt8]
  ) {
    var body: [UInt8] = []
    var tooLong = false
    let (response, errorBody) = try perform(request) { chunk in
      guard body.count + chunk.count <= limit else {
        tooLong = true
        return false
      }
      body.append(contentsOf: chunk)
      return true
    }
    if tooLong {
      throw FetchError(
        kind: .tooLarge, url: request.url, message: "the answer is larger than \(limit) bytes")
    }
    return (response, (200..<300).contains(response.status) ? body : errorBody)
  }

  private func configure(
    _ curl: UnsafeMutableRawPointer, _ request: HTTPRequest,
    headerList: inout UnsafeMutableRawPointer?
  ) throws(FetchError) {
    var failed: Int32 = 0
    func set(_ option: Int, _ string: String? = nil, _ number: Int64 = 0) {
      let code: Int32
      if let string {
        code = tvg_curl_set(curl, Int32(option), string, number)
      } else {
        code = tvg_curl_set(curl, Int32(option), nil, number)
      }
      if code != 0, failed == 0 { failed = code }
    }
    set(TVG_OPT_URL, request.url)
    set(TVG_OPT_PROTOCOLS_HTTP)
    set(TVG_OPT_NOSIGNAL)
    set(TVG_OPT_FOLLOWLOCATION, nil, 1)
    set(TVG_OPT_MAXREDIRS, nil, Int64(HTTPOptions.maximumRedirects))
    set(TVG_OPT_USERAGENT, options.userAgent)
    // "": every encoding libcurl can decode (gzip, deflate, …).
    set(TVG_OPT_ACCEPT_ENCODING, "")
    set(TVG_OPT_CONNECTTIMEOUT, nil, Int64(max(options.connectTimeout, 1)) * 1000)
    // The low-speed and total limits are checked by `TransferState` (which
    // can say which was hit); libcurl's own are a backstop a little later.
    set(TVG_OPT_LOW_SPEED_LIMIT, nil, 1)
    set(TVG_OPT_LOW_SPEED_TIME, nil, Int64(max(options.lowSpeedTime, 1)) + 5)
    set(TVG_OPT_TIMEOUT, nil, (Int64(max(options.totalTimeout, 1)) + 5) * 1000)
    set(TVG_OPT_MAXFILESIZE_LARGE, nil, options.maximumBytes)
    set(TVG_OPT_HTTPAUTH_ANY)
    if let caFile = options.caFile { set(TVG_OPT_CAINFO, caFile) }
    // libcurl sends these to the URL's host only, never after a redirect
    // to another host; `.netrc` is read by tvgrid for the same reason.
    if let credentials = options.resolvedCredentials(for: request.url) {
      set(TVG_OPT_USERNAME, credentials.user)
      set(TVG_OPT_PASSWORD, credentials.password)
    }
    for header in request.headers {
      headerList = tvg_curl_list_append(headerList, "\(header.name): \(header.value)")
    }
    if case .postForm(let fields) = request.method {
      let body = HTTPRequest.formBody(fields)
      headerList = tvg_curl_list_append(
        headerList, "Content-Type: application/x-www-form-urlencoded")
      let code = body.withCString { tvg_curl_set_post_body(curl, $0, body.utf8.count) }
      if code != 0, failed == 0 { failed = code }
    }
    if let headerList {
      let code = tvg_curl_set_headers(curl, headerList)
      if code != 0, failed == 0 { failed = code }
    }
    if failed != 0 {
      throw FetchError(
        kind: .other, url: request.url,
        message: "cannot set up the request: \(String(cString: tvg_curl_strerror(failed)))")
    }
  }

  /// libcurl's result, as a plain message.
  private func error(code: Int32, state: TransferState, url: String) -> FetchError {
    let received = "\(state.received) bytes received"
    switch Int(code) {
    case TVG_ERR_ABORTED_BY_CALLBACK, TVG_ERR_WRITE_ERROR, TVG_ERR_OPERATION_TIMEDOUT:
      switch state.stopReason {
      case .size:
        return FetchError(
          kind: .tooLarge, url: url,
          message: "larger than the size limit of \(options.maximumBytes) bytes (\(received))")
      case .slow(let noData):
        let what =
          state.status == 0
          ? "no answer within \(options.lowSpeedTime) s (time-out)"
          : noData
            ? "no data for \(options.lowSpeedTime) s (time-out; \(received))"
            : "slower than \(Self.rate(options.lowSpeedLimit)) for \(options.lowSpeedTime) s"
              + " (time-out; \(received))"
        return FetchError(kind: .timedOut, url: url, message: what)
      case .tooLong:
        return FetchError(
          kind: .timedOut, url: url,
          message: "not finished within \(Self.duration(options.totalTimeout)) (download_timeout;"
            + " \(received))")
      case nil:
        break
      }
      if Int(code) != TVG_ERR_OPERATION_TIMEDOUT {
        return FetchError(kind: .cancelled, url: url, message: "stopped (\(received))")
      }
      // libcurl's own limits: connecting, or the backstops.
      let message =
        state.status == 0
        ? "no answer within \(options.connectTimeout) s (time-out)"
        : "no data for \(options.lowSpeedTime) s (time-out; \(received))"
      return FetchError(kind: .timedOut, url: url, message: message)
    case TVG_ERR_FILESIZE_EXCEEDED:
      return FetchError(
        kind: .tooLarge, url: url,
        message: "larger than the size limit of \(options.maximumBytes) bytes")
    case TVG_ERR_TOO_MANY_REDIRECTS:
      return FetchError(
        kind: .tooManyRedirects, url: url,
        message: "more than \(HTTPOptions.maximumRedirects) redirects (a redirect loop?)")
    case TVG_ERR_PEER_FAILED_VERIFICATION:
      return FetchError(
        kind: .untrustedCertificate, url: url,
        message:
          "the server's TLS certificate is not trusted; if it is your own server, give its CA"
          + " certificate as the CA file")
    case TVG_ERR_SSL_CACERT_BADFILE:
      return FetchError(
        kind: .untrustedCertificate, url: url, message: "the CA file cannot be read")
    case TVG_ERR_PARTIAL_FILE, TVG_ERR_RECV_ERROR, TVG_ERR_GOT_NOTHING:
      return FetchError(
        kind: .cutOff, url: url, message: "the connection closed early (cut off; \(received))")
    case TVG_ERR_BAD_CONTENT_ENCODING:
      return FetchError(
        kind: .badEncoding, url: url,
        message: "the compressed body is damaged or cut short (\(received))")
    case TVG_ERR_COULDNT_RESOLVE_HOST, TVG_ERR_COULDNT_CONNECT:
      return FetchError(
        kind: .unreachable, url: url, message: String(cString: tvg_curl_strerror(code)))
    default:
      return FetchError(kind: .other, url: url, message: String(cString: tvg_curl_strerror(code)))
    }
  }

  /// `1 KiB/s`, `300 bytes/s`.
  static func rate(_ bytesPerSecond: Int) -> String {
    bytesPerSecond % 1024 == 0
      ? "\(bytesPerSecond / 1024) KiB/s" : "\(bytesPerSecond) bytes/s"
  }

  /// `45 s`, `10 min`, `1 h`, `90 s`.
  static func duration(_ seconds: Int) -> String {
    if seconds % 3600 == 0 { return "\(seconds / 3600) h" }
    if seconds % 60 == 0 { return "\(seconds / 60) min" }
    return "\(seconds) s"
  }
}
