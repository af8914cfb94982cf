/// Why no complete HTTP response arrived.
///
/// `message` is libcurl's detail (its error buffer or `curl_easy_strerror`) or the policy's
/// reason. It never contains request headers; it may name the host.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The class of failure, for callers that branch on it.
  public enum Kind: Sendable, Equatable {
    /// The URL is malformed or uses a scheme other than http/https.
    case invalidURL
    /// Plain `http://` to a host that is not loopback (a key would cross the network in clear).
    case insecureURL
    /// The host (or proxy) name could not be resolved.
    case cannotResolve
    /// The connection was refused or could not be made in the connect timeout.
    case cannotConnect
    /// The total timeout passed before the response was complete.
    case timedOut
    /// TLS failed (certificate not trusted, wrong host name, handshake error).
    case tls
    /// The response body exceeded the configured cap.
    case responseTooLarge
    /// The connection closed or failed before the response was complete.
    case connectionLost
    /// Anything else libcurl reported.
    case other
  }

  /// The class of failure.
  public let kind: Kind
  /// The libcurl `CURLcode` (0 for policy errors raised before libcurl ran).
  public let code: Int
  /// libcurl's detail or the policy's reason, as a clause.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, code: Int = 0, message: String) {
    self.kind = kind
    self.code = code
    self.message = message
  }

  /// One sentence for users: what happened, then the detail.
  public var description: String {
    let summary: String
    switch kind {
    case .invalidURL: summary = "invalid URL"
    case .insecureURL: summary = "refusing plain http to a non-loopback host"
    case .cannotResolve: summary = "could not resolve the host"
    case .cannotConnect: summary = "could not connect"
    case .timedOut: summary = "timed out"
    case .tls: summary = "TLS failed"
    case .responseTooLarge: summary = "the response is too large"
    case .connectionLost: summary = "the connection was lost"
    case .other: summary = "the transfer failed"
    }
    return "\(summary): \(message)"
  }
}
