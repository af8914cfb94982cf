// Self-contained (Foundation only): the Fuzz/ package builds this file into its multipart target.
import Foundation

/// One part of a `multipart/form-data` body.
struct MultipartField: Sendable {
  var name: String
  var filename: String?
  var contentType: String?
  var rawHeaders: [String]
  var data: [UInt8]
}

/// A strict multipart/form-data parser (RFC 7578): CRLF line endings, the boundary from the
/// request's Content-Type, `Content-Disposition: form-data; name=...` on every part.
enum Multipart {
  struct ParseError: Error { var message: String }

  static func boundary(_ contentType: String?) -> String? {
    guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
        value = String(value.dropFirst().dropLast())
      }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  static func parse(_ body: [UInt8], boundary: String) throws -> [MultipartField] {
    let delimiter = Array("--\(boundary)".utf8)
    var fields: [MultipartField] = []
    guard var position = find(delimiter, in: body, from: 0) else { throw ParseError(message: "no boundary in body") }
    position += delimiter.count
    while true {
      // After a delimiter: "--" ends the body, CRLF starts a part.
      if body.count >= position + 2 && body[position] == 45 && body[position + 1] == 45 { return fields }
      guard body.count >= position + 2, body[position] == 13, body[position + 1] == 10 else {
        throw ParseError(message: "malformed boundary line")
      }
      position += 2
      guard let headEnd = find([13, 10, 13, 10], in: body, from: position) else {
        throw ParseError(message: "part headers do not end")
      }
      let headerLines = String(decoding: body[position..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
      let dataStart = headEnd + 4
      guard let next = find([13, 10] + delimiter, in: body, from: dataStart) else {
        throw ParseError(message: "part does not end with a boundary")
      }
      fields.append(try field(headerLines, data: Array(body[dataStart..<next])))
      position = next + 2 + delimiter.count
    }
  }

  private static func field(_ lines: [String], data: [UInt8]) throws -> MultipartField {
    var name: String?
    var filename: String?
    var contentType: String?
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { throw ParseError(message: "bad part header '\(line)'") }
      let header = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if header == "content-type" { contentType = value }
      if header == "content-disposition" {
        guard value.lowercased().hasPrefix("form-data") else { throw ParseError(message: "part is not form-data") }
        name = parameter("name", in: value)
        filename = parameter("filename", in: value)
      }
    }
    guard let name else { throw ParseError(message: "part without a name") }
    return MultipartField(name: name, filename: filename, contentType: contentType, rawHeaders: lines, data: data)
  }

  private static func parameter(_ key: String, in header: String) -> String? {
    for piece in header.split(separator: ";").dropFirst() {
      let pair = piece.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == key else { continue }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
        value = String(value.dropFirst().dropLast())
      }
      return value
    }
    return nil
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= haystack.count else { return nil }
    return haystack.withUnsafeBufferPointer { hay in
      var index = start
      let last = hay.count - needle.count
      while index <= last {
        if hay[index] == first {
          var match = true
          for offset in 1..<needle.count where hay[index + offset] != needle[offset] {
            match = false
            break
          }
          if match { return index }
        }
        index += 1
      }
      return nil
    }
  }
}
