// One libcurl transfer: an easy handle inside its own multi handle, plus everything libcurl holds
// a pointer to (header list, mime body, error buffer, response sink). Hazards:
// - curl handles are not thread-safe. `run()` uses them on one thread only; the sole call from
//   another thread is curl_multi_wakeup in `cancel()`, which libcurl documents as thread-safe.
// - The multi handle lives until deinit, so `cancel()` (which holds a reference) can never wake a
//   freed handle. The easy handle is freed before the mime body it uses (curl_mime_free's rule).
// - The write/header callbacks are global `@convention(c)` lets: C function pointers cannot
//   capture, so the sink travels through CURLOPT_WRITEDATA as an unretained pointer, kept alive by
//   this object for the whole transfer.

internal import CCurlShims
internal import Clibcurl
import DeglareCore
import Synchronization

/// libcurl's global init, run once before the first handle is created.
private let curlGlobalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// Collects the response of one transfer; touched only by the transfer's thread.
private final class ResponseSink {
  let cap: Int
  var body: [UInt8] = []
  var headers: [HTTPHeader] = []
  var overflowed = false

  init(cap: Int) { self.cap = cap }
}

private let writeCallback: curl_write_callback = { data, size, count, context in
  guard let context else { return 0 }
  let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  guard length > 0, let data else { return length }
  if sink.body.count + length > sink.cap {
    sink.overflowed = true
    return 0  // makes libcurl stop with CURLE_WRITE_ERROR
  }
  sink.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
  return length
}

private let headerCallback: curl_write_callback = { data, size, count, context in
  guard let context else { return 0 }
  let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  guard length > 0, let data else { return length }
  let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
  if line.hasPrefix("HTTP/") {
    sink.headers = []  // a new status line: interim 1xx or a proxy CONNECT answer came before
  } else if let colon = line.firstIndex(of: ":") {
    let name = String(line[..<colon]).trimmingWhitespace
    let value = String(line[line.index(after: colon)...]).trimmingWhitespace
    if !name.isEmpty { sink.headers.append(HTTPHeader(name, value)) }
  }
  return length
}

final class CurlTransfer: @unchecked Sendable {
  private let easy: UnsafeMutableRawPointer
  private let multi: UnsafeMutableRawPointer
  private var headerList: UnsafeMutablePointer<curl_slist>?
  private var mime: OpaquePointer?
  private let sink: ResponseSink
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private let cancelled = Mutex(false)
  private var added = false

  static var libraryVersion: String {
    _ = curlGlobalInit
    guard let cString = curl_version() else { return "libcurl" }
    return String(cString: cString)
  }

  init(request: HTTPRequest, endpoint: EndpointPolicy.Endpoint, configuration: CurlTransport.Configuration)
    throws(TransportError)
  {
    _ = curlGlobalInit
    guard let easy = curl_easy_init() else {
      throw TransportError(.other, message: "curl_easy_init failed")
    }
    guard let multi = curl_multi_init() else {
      curl_easy_cleanup(easy)
      throw TransportError(.other, message: "curl_multi_init failed")
    }
    self.easy = easy
    self.multi = multi
    sink = ResponseSink(cap: configuration.maxResponseBytes)
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    try configure(request: request, endpoint: endpoint, configuration: configuration)
  }

  deinit {
    if added { curl_multi_remove_handle(multi, easy) }
    curl_multi_cleanup(multi)
    curl_easy_cleanup(easy)
    if let mime { curl_mime_free(mime) }
    if let headerList { curl_slist_free_all(headerList) }
    errorBuffer.deallocate()
  }

  /// Marks the transfer cancelled and wakes its poll; safe from any thread, at any time.
  func cancel() {
    cancelled.withLock { $0 = true }
    curl_multi_wakeup(multi)
  }

  private var isCancelled: Bool { cancelled.withLock { $0 } }

  /// Runs the transfer to completion, failure or cancellation (blocking the calling thread).
  func run() -> Result<HTTPResponse, any Error> {
    if isCancelled { return .failure(CancellationError()) }
    let addCode = curl_multi_add_handle(multi, easy)
    guard addCode == CURLM_OK else { return .failure(multiError("curl_multi_add_handle", addCode)) }
    added = true
    var finished: CURLcode?
    while finished == nil {
      var running: Int32 = 0
      let performCode = curl_multi_perform(multi, &running)
      guard performCode == CURLM_OK else { return .failure(multiError("curl_multi_perform", performCode)) }
      var queued: Int32 = 0
      while let message = curl_multi_info_read(multi, &queued) {
        if message.pointee.msg == CURLMSG_DONE { finished = message.pointee.data.result }
      }
      if finished != nil { break }
      if isCancelled { return .failure(CancellationError()) }
      // libcurl shortens the wait to its own next timer; a cancel wakes it at once
      // (curl_multi_wakeup), so the long bound costs nothing and proves the wakeup works.
      let pollCode = curl_multi_poll(multi, nil, 0, 30_000, nil)
      guard pollCode == CURLM_OK else { return .failure(multiError("curl_multi_poll", pollCode)) }
      if isCancelled { return .failure(CancellationError()) }
    }
    guard let finished, finished == CURLE_OK else {
      return .failure(transferError(finished ?? CURLE_OK))
    }
    var status = 0
    var uploaded: curl_off_t = 0
    var downloaded: curl_off_t = 0
    CCurlShims_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
    CCurlShims_easy_getinfo_offset(easy, CURLINFO_SIZE_UPLOAD_T, &uploaded)
    CCurlShims_easy_getinfo_offset(easy, CURLINFO_SIZE_DOWNLOAD_T, &downloaded)
    return .success(
      HTTPResponse(
        status: status, headers: sink.headers, body: sink.body, bytesSent: Int(uploaded),
        bytesReceived: Int(downloaded)))
  }

  // MARK: - Setup

  private func configure(
    request: HTTPRequest, endpoint: EndpointPolicy.Endpoint, configuration: CurlTransport.Configuration
  ) throws(TransportError) {
    try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
    try set(CURLOPT_URL, string: request.url)
    try set(CURLOPT_NOSIGNAL, long: 1)
    try set(CURLOPT_PROTOCOLS_STR, string: "http,https")
    try set(CURLOPT_FOLLOWLOCATION, long: 0)
    try set(CURLOPT_SSL_VERIFYPEER, long: 1)
    try set(CURLOPT_SSL_VERIFYHOST, long: 2)
    try set(CURLOPT_CONNECTTIMEOUT_MS, long: milliseconds(configuration.connectTimeout))
    try set(CURLOPT_TIMEOUT_MS, long: milliseconds(configuration.totalTimeout))
    try set(CURLOPT_ACCEPT_ENCODING, string: "")
    try set(CURLOPT_MAXFILESIZE_LARGE, offset: curl_off_t(configuration.maxResponseBytes))
    try set(CURLOPT_USERAGENT, string: configuration.userAgent)
    try set(CURLOPT_PROXY, string: configuration.proxy.proxy(for: endpoint) ?? "")
    if let noProxy = configuration.proxy.noProxy { try set(CURLOPT_NOPROXY, string: noProxy) }

    let context = Unmanaged.passUnretained(sink).toOpaque()
    try check(
      CCurlShims_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, writeCallback), "CURLOPT_WRITEFUNCTION")
    try set(CURLOPT_WRITEDATA, pointer: context)
    try check(
      CCurlShims_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION, headerCallback), "CURLOPT_HEADERFUNCTION")
    try set(CURLOPT_HEADERDATA, pointer: context)

    var lines = request.headers.map { "\($0.name): \($0.value)" }
    lines.append("Expect:")  // no 100-continue round trip before large uploads
    switch request.body {
    case .empty:
      if request.method == .post {
        try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: 0)
        try set(CURLOPT_COPYPOSTFIELDS, string: "")
      } else {
        try set(CURLOPT_HTTPGET, long: 1)
      }
    case .bytes(let bytes, let contentType):
      lines.append("Content-Type: \(contentType)")
      try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: curl_off_t(bytes.count))
      // COPYPOSTFIELDS copies the bytes now, so the array need not outlive this call.
      let code = bytes.withUnsafeBytes { raw in
        CCurlShims_easy_setopt_pointer(
          easy, CURLOPT_COPYPOSTFIELDS,
          UnsafeMutableRawPointer(mutating: raw.baseAddress ?? UnsafeRawPointer(errorBuffer)))
      }
      try check(code, "CURLOPT_COPYPOSTFIELDS")
    case .multipart(let parts):
      try setMultipart(parts)
    }
    for line in lines {
      guard let appended = curl_slist_append(headerList, line) else {
        throw TransportError(.other, message: "curl_slist_append failed")
      }
      headerList = appended
    }
    try set(CURLOPT_HTTPHEADER, pointer: UnsafeMutableRawPointer(headerList))
  }

  private func setMultipart(_ parts: [MultipartPart]) throws(TransportError) {
    guard let mime = curl_mime_init(easy) else { throw TransportError(.other, message: "curl_mime_init failed") }
    self.mime = mime
    for part in parts {
      guard let handle = curl_mime_addpart(mime) else {
        throw TransportError(.other, message: "curl_mime_addpart failed")
      }
      try check(curl_mime_name(handle, part.name), "curl_mime_name")
      // curl_mime_data copies the bytes.
      let code = part.data.withUnsafeBytes { raw in
        curl_mime_data(
          handle, raw.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer(errorBuffer), raw.count)
      }
      try check(code, "curl_mime_data")
      if let filename = part.filename { try check(curl_mime_filename(handle, filename), "curl_mime_filename") }
      if let contentType = part.contentType { try check(curl_mime_type(handle, contentType), "curl_mime_type") }
    }
    try check(CCurlShims_easy_setopt_pointer(easy, CURLOPT_MIMEPOST, UnsafeMutableRawPointer(mime)), "CURLOPT_MIMEPOST")
  }

  private func set(_ option: CURLoption, long value: Int) throws(TransportError) {
    try check(CCurlShims_easy_setopt_long(easy, option, value), "curl_easy_setopt(\(option.rawValue))")
  }

  private func set(_ option: CURLoption, string value: String) throws(TransportError) {
    try check(CCurlShims_easy_setopt_string(easy, option, value), "curl_easy_setopt(\(option.rawValue))")
  }

  private func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(TransportError) {
    try check(CCurlShims_easy_setopt_pointer(easy, option, value), "curl_easy_setopt(\(option.rawValue))")
  }

  private func set(_ option: CURLoption, offset value: curl_off_t) throws(TransportError) {
    try check(CCurlShims_easy_setopt_offset(easy, option, value), "curl_easy_setopt(\(option.rawValue))")
  }

  private func check(_ code: CURLcode, _ operation: String) throws(TransportError) {
    guard code != CURLE_OK else { return }
    let text = String(cString: curl_easy_strerror(code))
    throw TransportError(.other, code: Int(code.rawValue), message: "\(operation): \(text)")
  }

  private func milliseconds(_ seconds: Double) -> Int {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return Int(min(seconds * 1000, Double(Int32.max)).rounded(.up))
  }

  // MARK: - Errors

  private func multiError(_ operation: String, _ code: CURLMcode) -> TransportError {
    TransportError(
      .other, code: Int(code.rawValue), message: "\(operation): \(String(cString: curl_multi_strerror(code)))")
  }

  private func transferError(_ code: CURLcode) -> TransportError {
    let detail = String(cString: errorBuffer)
    let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail.trimmingWhitespace
    if sink.overflowed || code == CURLE_FILESIZE_EXCEEDED {
      return TransportError(
        .responseTooLarge, code: Int(code.rawValue), message: "more than \(sink.cap) bytes; refusing to read further")
    }
    let kind: TransportError.Kind
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: kind = .cannotResolve
    case CURLE_COULDNT_CONNECT: kind = .cannotConnect
    case CURLE_OPERATION_TIMEDOUT: kind = .timedOut
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE,
      CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
      kind = .tls
    case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
      kind = .connectionLost
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: kind = .invalidURL
    default: kind = .other
    }
    return TransportError(kind, code: Int(code.rawValue), message: message)
  }
}
