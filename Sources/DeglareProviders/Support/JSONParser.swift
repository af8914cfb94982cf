import DeglareCore

#if canImport(Glibc)
  import Glibc
#endif

/// A strict RFC 8259 JSON parser producing ``JSONValue`` (object keys keep their order).
///
/// Provider answers carry megabytes of base64 inside one string, so strings without escapes are
/// found with `memchr` and copied in one step instead of byte by byte.
enum JSONParser {
  /// Why a text is not JSON.
  struct ParseError: Error, Equatable, CustomStringConvertible {
    /// Byte offset of the problem.
    var offset: Int
    /// What is wrong.
    var reason: String

    var description: String { "\(reason) at byte \(offset)" }
  }

  /// The deepest nesting accepted (a defence against hostile input).
  static let maxDepth = 256

  /// Parses a whole document; trailing non-space bytes are an error.
  static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(ParseError) -> JSONValue in
      var cursor = Cursor(bytes: buffer)
      cursor.skipSpace()
      let value = try cursor.value(depth: 0)
      cursor.skipSpace()
      guard cursor.offset == buffer.count else {
        throw ParseError(offset: cursor.offset, reason: "unexpected trailing data")
      }
      return value
    }
  }

  // Unsafe: the cursor reads through the buffer pointer of the `withUnsafeBufferPointer` scope above
  // and never escapes it; bounds are checked on every read.
  private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipSpace() {
      while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    func fail(_ reason: String) -> ParseError { ParseError(offset: offset, reason: reason) }

    mutating func expect(_ literal: String, _ value: JSONValue) throws(ParseError) -> JSONValue {
      for byte in literal.utf8 {
        guard current == byte else { throw fail("invalid literal") }
        offset += 1
      }
      return value
    }

    mutating func value(depth: Int) throws(ParseError) -> JSONValue {
      guard depth < JSONParser.maxDepth else { throw fail("nesting too deep") }
      guard let byte = current else { throw fail("unexpected end of data") }
      switch byte {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try expect("true", .bool(true))
      case UInt8(ascii: "f"): return try expect("false", .bool(false))
      case UInt8(ascii: "n"): return try expect("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw fail("unexpected character")
      }
    }

    mutating func object(depth: Int) throws(ParseError) -> JSONValue {
      var members: [(String, JSONValue)] = []
      try elements(closedBy: UInt8(ascii: "}")) { (cursor) throws(ParseError) in
        guard cursor.current == UInt8(ascii: "\"") else { throw cursor.fail("expected a key") }
        let key = try cursor.string()
        cursor.skipSpace()
        guard cursor.current == UInt8(ascii: ":") else { throw cursor.fail("expected ':'") }
        cursor.offset += 1
        cursor.skipSpace()
        members.append((key, try cursor.value(depth: depth + 1)))
      }
      return .object(members)
    }

    mutating func array(depth: Int) throws(ParseError) -> JSONValue {
      var values: [JSONValue] = []
      try elements(closedBy: UInt8(ascii: "]")) { (cursor) throws(ParseError) in
        values.append(try cursor.value(depth: depth + 1))
      }
      return .array(values)
    }

    /// Reads the elements of an object or array from its opening byte to `close`: `element` reads
    /// each one (space before and after it is skipped here), commas separate them.
    mutating func elements(
      closedBy close: UInt8, _ element: (inout Cursor) throws(ParseError) -> Void
    ) throws(ParseError) {
      offset += 1
      skipSpace()
      if current == close {
        offset += 1
        return
      }
      while true {
        skipSpace()
        try element(&self)
        skipSpace()
        guard let byte = current else { throw fail("unexpected end of data") }
        offset += 1
        if byte == close { return }
        guard byte == UInt8(ascii: ",") else { throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
      }
    }

    mutating func string() throws(ParseError) -> String {
      offset += 1
      let start = offset
      guard let base = bytes.baseAddress else { throw fail("unexpected end of data") }
      // Fast path: find the closing quote; if no backslash precedes it, copy the run at once.
      let remaining = bytes.count - offset
      if let found = memchr(base + offset, Int32(UInt8(ascii: "\"")), remaining) {
        let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if memchr(base + start, Int32(UInt8(ascii: "\\")), end - start) == nil {
          let run = UnsafeBufferPointer(rebasing: bytes[start..<end])
          guard !run.contains(where: { $0 < 0x20 }) else { throw fail("control character in string") }
          offset = end + 1
          return String(decoding: run, as: UTF8.self)
        }
      }
      var scalars: [UInt8] = []
      while true {
        guard let byte = current else { throw fail("unterminated string") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return String(decoding: scalars, as: UTF8.self)
        case UInt8(ascii: "\\"): try escape(into: &scalars)
        case 0..<0x20: throw fail("control character in string")
        default: scalars.append(byte)
        }
      }
    }

    mutating func escape(into out: inout [UInt8]) throws(ParseError) {
      guard let byte = current else { throw fail("unterminated escape") }
      offset += 1
      switch byte {
      case UInt8(ascii: "\""): out.append(0x22)
      case UInt8(ascii: "\\"): out.append(0x5C)
      case UInt8(ascii: "/"): out.append(0x2F)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
          guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
            throw fail("unpaired surrogate")
          }
          offset += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
          throw fail("unpaired surrogate")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid escape") }
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
      default: throw fail("invalid escape")
      }
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let byte = current else { throw fail("truncated \\u escape") }
        offset += 1
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw fail("invalid \\u escape")
        }
        value = value * 16 + UInt32(digit)
      }
      return value
    }

    mutating func number() throws(ParseError) -> JSONValue {
      let start = offset
      var isInteger = true
      if current == UInt8(ascii: "-") { offset += 1 }
      guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
        throw fail("invalid number")
      }
      while let byte = current {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): offset += 1
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
          isInteger = false
          offset += 1
        default:
          return try finishNumber(start: start, isInteger: isInteger)
        }
      }
      return try finishNumber(start: start, isInteger: isInteger)
    }

    func finishNumber(start: Int, isInteger: Bool) throws(ParseError) -> JSONValue {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
      if isInteger, let value = Int(text) { return .int(value) }
      guard let value = Double(text), value.isFinite else { throw ParseError(offset: start, reason: "invalid number") }
      return .double(value)
    }
  }
}
