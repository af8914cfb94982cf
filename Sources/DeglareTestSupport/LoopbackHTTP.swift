import Foundation
@preconcurrency import Glibc

/// One HTTP/1.1 exchange over a raw socket to 127.0.0.1, independent of any HTTP library under
/// test: the request goes out exactly as given (any `Host`, any path, even `..`), and the answer
/// comes back whole (the connection is closed after it).
public enum LoopbackHTTP {
  /// An answer: status, headers (names lower-cased) and body.
  public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// Header lines, names lower-cased.
    public var headers: [(name: String, value: String)]
    /// The body (chunked encoding undone).
    public var body: [UInt8]

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
      let lowered = name.lowercased()
      return headers.first { $0.name == lowered }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object (nil when it is not one).
    public var json: [String: Any]? {
      (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
  }

  /// Sends one request to 127.0.0.1:`port`. `Host` defaults to `127.0.0.1:port`; pass it in
  /// `headers` to send another (or `Host` twice). `Content-Length` and `Connection: close` are
  /// added. `timeout` bounds each wait for the answer; the default is generous because a full
  /// test run on two cores can starve a server in the test process for minutes.
  public static func request(
    port: Int, method: String = "GET", path: String, headers: [(String, String)] = [], body: [UInt8] = [],
    timeout: Int = Int(ProcessRunner.hangGuard)
  ) throws -> Response {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw LoopbackHTTPError("socket failed") }
    defer { close(fd) }
    var interval = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw LoopbackHTTPError("cannot connect to 127.0.0.1:\(port)") }
    var head = "\(method) \(path) HTTP/1.1\r\n"
    if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    try sendAll(fd, Array(head.utf8) + body)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count > 0 {
        received += buffer[..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        throw LoopbackHTTPError("no answer from 127.0.0.1:\(port) within \(timeout) s")
      } else {
        break
      }
    }
    return try parse(received)
  }

  /// ``request(port:method:path:headers:body:timeout:)`` on a thread of its own
  /// (``DedicatedThread``), so a test waiting for a server that runs in the same process never
  /// blocks a thread of the (two-thread) cooperative pool that the server's own handlers need, nor
  /// waits behind the kernels' work on Dispatch's global queues.
  public static func send(
    port: Int, method: String = "GET", path: String, headers: [(String, String)] = [], body: [UInt8] = [],
    timeout: Int = Int(ProcessRunner.hangGuard)
  ) async throws -> Response {
    try await DedicatedThread.run {
      try request(port: port, method: method, path: path, headers: headers, body: body, timeout: timeout)
    }
  }

  private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if sent > 0 {
        offset += sent
      } else if sent < 0 && errno == EINTR {
        continue
      } else {
        // The server may answer and close before reading everything (413, 403): keep the answer.
        return
      }
    }
  }

  private static func parse(_ received: [UInt8]) throws -> Response {
    guard let split = find([13, 10, 13, 10], in: received, from: 0) else {
      throw LoopbackHTTPError("malformed response (\(received.count) bytes)")
    }
    let lines = String(decoding: received[..<split], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines.first?.split(separator: " ") ?? []
    let status = statusParts.count > 1 ? Int(statusParts[1]) ?? 0 : 0
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append(
        (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    var body = Array(received[(split + 4)...])
    if headers.contains(where: { $0.name == "transfer-encoding" && $0.value.lowercased() == "chunked" }) {
      body = dechunk(body)
    }
    return Response(status: status, headers: headers, body: body)
  }

  private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    while let lineEnd = find([13, 10], in: bytes, from: index) {
      let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
      let start = lineEnd + 2
      guard start + size <= bytes.count else { break }
      out += bytes[start..<(start + size)]
      index = start + size + 2
    }
    return out
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }
}

/// A loopback exchange that failed before an answer.
public struct LoopbackHTTPError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  init(_ description: String) { self.description = description }
}
