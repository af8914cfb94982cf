import DeglareCore
import Foundation
@preconcurrency import Glibc

/// One request as received.
struct StubRequest: Sendable {
  var method: String
  /// The path without the query, percent-encoding kept.
  var path: String
  /// Query parameters, percent-decoded, in order.
  var query: [(String, String)]
  /// Headers in wire order, names as sent.
  var headers: [(String, String)]
  var body: [UInt8]

  /// The first header with this name (case-insensitive).
  func header(_ name: String) -> String? {
    let lower = name.lowercased()
    return headers.first { $0.0.lowercased() == lower }?.1
  }

  /// The first query parameter with this name.
  func queryValue(_ name: String) -> String? { query.first { $0.0 == name }?.1 }
}

/// One response and how to deliver it.
struct StubResponse: Sendable {
  /// How the bytes go out.
  enum Delivery: Sendable {
    /// All at once.
    case normal
    /// Headers at once, then `chunk` body bytes every `intervalMs` milliseconds.
    case drip(chunk: Int, intervalMs: Int)
    /// Close the connection without answering.
    case drop
    /// Headers and half of the body, then close.
    case dropMidway
  }

  var status: Int
  var headers: [(String, String)]
  var body: [UInt8]
  var delivery: Delivery = .normal

  static func json(
    _ status: Int, _ value: JSONValue, headers: [(String, String)] = [], contentType: String = "application/json"
  )
    -> StubResponse
  {
    StubResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: Array(value.text.utf8))
  }

  static func text(_ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8") -> StubResponse {
    StubResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
  }

  static func bytes(_ status: Int, _ bytes: [UInt8], contentType: String = "application/octet-stream") -> StubResponse {
    StubResponse(status: status, headers: [("Content-Type", contentType)], body: bytes)
  }
}

/// Reads one request from a socket, answers it, closes the socket (`Connection: close`).
struct HTTPConnection {
  static let maxHeaderBytes = 64 * 1024
  static let maxBodyBytes = 128 * 1024 * 1024

  let fd: Int32

  func serve() {
    defer { close(fd) }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var reader = SocketReader(fd: fd)
    let request: StubRequest
    do {
      request = try readRequest(&reader)
    } catch let error as StubHTTPError {
      write(StubResponse.text(error.status, error.message + "\n"))
      return
    } catch {
      return
    }
    let response = Router.handle(request)
    write(response)
  }

  private func readRequest(_ reader: inout SocketReader) throws -> StubRequest {
    guard let head = try reader.readHead(limit: HTTPConnection.maxHeaderBytes) else {
      throw StubHTTPError(status: 400, message: "no request")
    }
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3 else { throw StubHTTPError(status: 400, message: "bad request line") }
    var headers: [(String, String)] = []
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { throw StubHTTPError(status: 400, message: "bad header") }
      headers.append(
        (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    let target = String(requestLine[1])
    let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
    var request = StubRequest(
      method: String(requestLine[0]), path: String(target[..<pathEnd]),
      query: Self.parseQuery(target[pathEnd...].dropFirst()), headers: headers, body: [])
    if request.header("Expect")?.lowercased() == "100-continue" {
      sendAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
    if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
      request.body = try reader.readChunked(limit: HTTPConnection.maxBodyBytes)
    } else if let lengthText = request.header("Content-Length") {
      guard let length = Int(lengthText), length >= 0 else {
        throw StubHTTPError(status: 400, message: "bad Content-Length")
      }
      guard length <= HTTPConnection.maxBodyBytes else {
        throw StubHTTPError(status: 413, message: "request too large")
      }
      request.body = try reader.read(count: length)
    }
    return request
  }

  static func parseQuery(_ text: Substring) -> [(String, String)] {
    text.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = percentDecode(parts[0])
      let value = parts.count > 1 ? percentDecode(parts[1]) : ""
      return (name, value)
    }
  }

  static func percentDecode(_ text: Substring) -> String {
    let plusAsSpace = text.replacingOccurrences(of: "+", with: " ")
    return plusAsSpace.removingPercentEncoding ?? plusAsSpace
  }

  private func write(_ response: StubResponse) {
    if case .drop = response.delivery { return }
    var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    switch response.delivery {
    case .normal, .drop:
      sendAll(Array(head.utf8) + response.body)
    case .dropMidway:
      sendAll(Array(head.utf8) + response.body.prefix(response.body.count / 2))
    case .drip(let chunk, let intervalMs):
      guard sendAll(Array(head.utf8)) else { return }
      var offset = 0
      while offset < response.body.count {
        usleep(UInt32(max(intervalMs, 1)) * 1000)
        let end = min(offset + max(chunk, 1), response.body.count)
        guard sendAll(Array(response.body[offset..<end])) else { return }
        offset = end
      }
    }
    shutdown(fd, Int32(SHUT_WR))
  }

  @discardableResult
  private func sendAll(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return true }
      var offset = 0
      while offset < raw.count {
        let sent = send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        if sent < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += sent
      }
      return true
    }
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 413: return "Payload Too Large"
    case 415: return "Unsupported Media Type"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    default: return "Status \(status)"
    }
  }
}

struct StubHTTPError: Error {
  var status: Int
  var message: String
}

/// Buffered reads from a socket.
struct SocketReader {
  let fd: Int32
  private var buffer: [UInt8] = []

  init(fd: Int32) { self.fd = fd }

  /// Reads up to the blank line ending the head; returns the head without it, nil on EOF.
  mutating func readHead(limit: Int) throws -> [UInt8]? {
    var searchFrom = 0
    while true {
      if buffer.count >= 4 {
        var index = max(searchFrom, 0)
        while index + 3 < buffer.count {
          if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            let head = Array(buffer[..<index])
            buffer.removeFirst(index + 4)
            return head
          }
          index += 1
        }
        searchFrom = max(buffer.count - 3, 0)
      }
      guard buffer.count < limit else { throw StubHTTPError(status: 431, message: "headers too large") }
      guard try fill() else { return buffer.isEmpty ? nil : nil }
    }
  }

  /// Reads exactly `count` bytes.
  mutating func read(count: Int) throws -> [UInt8] {
    while buffer.count < count {
      guard try fill() else { throw StubHTTPError(status: 400, message: "body ended early") }
    }
    let bytes = Array(buffer[..<count])
    buffer.removeFirst(count)
    return bytes
  }

  /// Reads a chunked body.
  mutating func readChunked(limit: Int) throws -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let line = try readLine()
      let sizeText = line.split(separator: ";").first.map(String.init) ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
        throw StubHTTPError(status: 400, message: "bad chunk size")
      }
      if size == 0 {
        while try !readLine().isEmpty {}
        return body
      }
      guard body.count + size <= limit else { throw StubHTTPError(status: 413, message: "request too large") }
      body += try read(count: size)
      _ = try read(count: 2)
    }
  }

  private mutating func readLine() throws -> String {
    while true {
      if let index = buffer.firstIndex(of: 10) {
        let line = buffer[..<index]
        buffer.removeFirst(index + 1)
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
      }
      guard try fill() else { throw StubHTTPError(status: 400, message: "body ended early") }
    }
  }

  private mutating func fill() throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = recv(fd, &chunk, chunk.count, 0)
      if count > 0 {
        buffer.append(contentsOf: chunk[..<count])
        return true
      }
      if count == 0 { return false }
      if errno == EINTR { continue }
      throw StubHTTPError(status: 408, message: "read failed")
    }
  }
}
