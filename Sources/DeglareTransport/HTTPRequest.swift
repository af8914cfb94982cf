/// One HTTP request as a plain value: method, absolute URL, headers and body.
///
/// Provider request builders return these (pure functions, no I/O); a ``HTTPTransport`` sends
/// them. The textual descriptions never show the values of credential headers (see
/// ``HTTPHeader/isCredential``) or multipart file bytes, so a request can be logged safely.
public struct HTTPRequest: Sendable, Equatable, CustomStringConvertible {
  /// The HTTP methods deglare uses.
  public enum Method: String, Sendable, Equatable {
    /// GET (models list).
    case get = "GET"
    /// POST (image edits, generateContent).
    case post = "POST"
  }

  /// The method.
  public var method: Method
  /// The absolute URL (`https://…`, or `http://` to a loopback host only).
  public var url: String
  /// Request headers in the order they are sent. `Content-Type` for multipart bodies is set by
  /// the transport (it owns the boundary); do not add it.
  public var headers: [HTTPHeader]
  /// The body.
  public var body: HTTPBody

  /// Creates a request.
  public init(method: Method, url: String, headers: [HTTPHeader] = [], body: HTTPBody = .empty) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }

  /// The first header with this name (case-insensitive), or nil.
  public func header(_ name: String) -> String? { headers.values(named: name).first }

  /// "POST https://… (3 headers, multipart: prompt, image, mask)", credentials never included.
  public var description: String {
    "\(method.rawValue) \(url) [\(headers.map(\.description).joined(separator: "; "))] \(body)"
  }
}

/// One request header.
public struct HTTPHeader: Sendable, Equatable, CustomStringConvertible {
  /// Header names whose values are credentials (compared lower-case).
  public static let credentialNames: Set<String> = [
    "authorization", "proxy-authorization", "x-goog-api-key", "api-key", "x-api-key", "cookie",
  ]

  /// The name as sent.
  public var name: String
  /// The value as sent.
  public var value: String

  /// Creates a header.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  /// Whether the value is a credential that must never be shown.
  public var isCredential: Bool { HTTPHeader.credentialNames.contains(name.lowercased()) }

  /// "Name: value", or "Name: <redacted>" for credentials.
  public var description: String { isCredential ? "\(name): <redacted>" : "\(name): \(value)" }
}

extension [HTTPHeader] {
  /// The values of the headers named `name` (case-insensitive), in order.
  func values(named name: String) -> [String] {
    let lower = name.lowercased()
    return filter { $0.name.lowercased() == lower }.map(\.value)
  }
}

/// A request body.
public enum HTTPBody: Sendable, Equatable, CustomStringConvertible {
  /// No body.
  case empty
  /// Raw bytes with their content type ("application/json").
  case bytes([UInt8], contentType: String)
  /// A `multipart/form-data` body, parts in order; the transport chooses the boundary.
  case multipart([MultipartPart])

  /// A summary without the bytes.
  public var description: String {
    switch self {
    case .empty: return "(no body)"
    case .bytes(let bytes, let type): return "(\(bytes.count) bytes \(type))"
    case .multipart(let parts): return "(multipart: \(parts.map(\.name).joined(separator: ", ")))"
    }
  }
}

/// One part of a `multipart/form-data` body.
///
/// A text field has neither `filename` nor `contentType` (as the official SDKs send them); a file
/// has both.
public struct MultipartPart: Sendable, Equatable {
  /// The form field name ("prompt", "image").
  public var name: String
  /// The part's bytes (UTF-8 text for a field).
  public var data: [UInt8]
  /// The file name for a file part ("image.png"), nil for a text field.
  public var filename: String?
  /// The part's `Content-Type` ("image/png"), nil for a text field.
  public var contentType: String?

  /// A text field.
  public static func field(_ name: String, _ value: String) -> MultipartPart {
    MultipartPart(name: name, data: Array(value.utf8), filename: nil, contentType: nil)
  }

  /// A file part.
  public static func file(_ name: String, filename: String, contentType: String, data: [UInt8]) -> MultipartPart {
    MultipartPart(name: name, data: data, filename: filename, contentType: contentType)
  }
}
