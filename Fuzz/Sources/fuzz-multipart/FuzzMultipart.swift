import FuzzSupport

/// A `Content-Type` value (the input's first line) and a body (the rest) through stub-server's
/// multipart/form-data parser (Multipart.swift here is a link to StubServer/Multipart.swift). Every
/// field it returns must lie in the body between two boundary lines, so the stub can never report
/// a part that was not sent.
@main
enum FuzzMultipart: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    let newline = bytes.firstIndex(of: 10) ?? bytes.endIndex
    let contentType = String(decoding: bytes[..<newline], as: UTF8.self)
    let body = Array(bytes[min(newline + 1, bytes.endIndex)...])
    guard let boundary = Multipart.boundary(contentType) else { return }
    guard let fields = try? Multipart.parse(body, boundary: boundary) else { return }
    let delimiter = Array("\r\n--\(boundary)".utf8)
    for field in fields {
      if field.data.count > body.count { fatalError("a part longer than the body") }
      if Multipart.find(delimiter, in: field.data, from: 0) != nil { fatalError("a part holding a boundary line") }
    }
  }
}
