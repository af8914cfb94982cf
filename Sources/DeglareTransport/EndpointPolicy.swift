/// The rule for which URLs deglare may send a key to: `https://` anywhere, plain `http://` only
/// to a loopback host (127.0.0.0/8, `::1`, `localhost`), nothing else.
public enum EndpointPolicy {
  /// The parts of a URL the policy looks at.
  public struct Endpoint: Sendable, Equatable {
    /// "http" or "https", lower-case.
    public var scheme: String
    /// The host, lower-case, without brackets or port.
    public var host: String

    /// Creates an endpoint.
    public init(scheme: String, host: String) {
      self.scheme = scheme
      self.host = host
    }
  }

  /// Checks `url` against the policy.
  /// - Returns: its scheme and host.
  /// - Throws: ``TransportError`` (`.invalidURL` or `.insecureURL`).
  @discardableResult
  public static func validate(_ url: String) throws(TransportError) -> Endpoint {
    guard let endpoint = parse(url) else {
      throw TransportError(.invalidURL, message: "'\(displayable(url))' is not an http or https URL")
    }
    if endpoint.scheme == "http" && !isLoopback(endpoint.host) {
      throw TransportError(
        .insecureURL,
        message: "'\(displayable(url))' uses plain http; use https, or http only to 127.0.0.1, ::1 or localhost")
    }
    return endpoint
  }

  /// Whether `host` (lower-case, no brackets) is a loopback name or address.
  public static func isLoopback(_ host: String) -> Bool {
    if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4, octets[0] == "127" else { return false }
    return octets.allSatisfy { octet in
      guard let value = Int(octet), !octet.isEmpty, octet.count <= 3 else { return false }
      return (0...255).contains(value)
    }
  }

  /// Splits `url` into scheme and host, or nil when it is not an absolute http(s) URL.
  public static func parse(_ url: String) -> Endpoint? {
    guard let separator = url.range(of: "://") else { return nil }
    let scheme = url[..<separator.lowerBound].lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    let rest = url[separator.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    var host: Substring
    if hostPort.hasPrefix("[") {
      guard let close = hostPort.firstIndex(of: "]") else { return nil }
      host = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
    } else {
      host = hostPort.prefix { $0 != ":" }
    }
    guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "\r" || $0 == "\n" }) else { return nil }
    return Endpoint(scheme: scheme, host: host.lowercased())
  }

  /// The URL without any user-info or query (either could hold a credential), for messages.
  public static func displayable(_ url: String) -> String {
    var text = Substring(url)
    if let query = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<query] }
    if let separator = text.range(of: "://") {
      let rest = text[separator.upperBound...]
      let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        return String(text[..<separator.upperBound]) + String(rest[rest.index(after: at)...])
      }
    }
    return String(text)
  }
}
