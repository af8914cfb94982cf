import DeglareCore

/// Which proxy to use, read from the usual environment variables the way libcurl and most tools
/// read them: `https_proxy`/`HTTPS_PROXY` for https URLs, `http_proxy` (lower case only, as curl
/// does, because `HTTP_PROXY` can be set by a CGI request header) for http URLs, `all_proxy`/
/// `ALL_PROXY` as the fallback, and `no_proxy`/`NO_PROXY` for exceptions. Loopback hosts never go
/// through a proxy.
///
/// The transport always sets the proxy explicitly (an empty one when none applies), so
/// behaviour depends only on the environment dictionary given here, not on the process's.
public struct ProxyConfiguration: Sendable, Equatable {
  /// Proxy URL for https requests, or nil.
  public var httpsProxy: String?
  /// Proxy URL for plain http requests, or nil.
  public var httpProxy: String?
  /// Comma-separated hosts (or `*`) that bypass the proxy, as libcurl's CURLOPT_NOPROXY takes it.
  public var noProxy: String?

  /// No proxy.
  public static let none = ProxyConfiguration()

  /// Creates a configuration.
  public init(httpsProxy: String? = nil, httpProxy: String? = nil, noProxy: String? = nil) {
    self.httpsProxy = httpsProxy
    self.httpProxy = httpProxy
    self.noProxy = noProxy
  }

  /// Reads the proxy variables from `environment` (empty values count as unset).
  public static func fromEnvironment(_ environment: [String: String]) -> ProxyConfiguration {
    func value(_ names: String...) -> String? {
      for name in names {
        if let value = environment[name]?.trimmingWhitespace, !value.isEmpty { return value }
      }
      return nil
    }
    let all = value("all_proxy", "ALL_PROXY")
    return ProxyConfiguration(
      httpsProxy: value("https_proxy", "HTTPS_PROXY") ?? all,
      httpProxy: value("http_proxy") ?? all,
      noProxy: value("no_proxy", "NO_PROXY"))
  }

  /// The proxy for a request to `endpoint`, or nil for a direct connection.
  public func proxy(for endpoint: EndpointPolicy.Endpoint) -> String? {
    if EndpointPolicy.isLoopback(endpoint.host) { return nil }
    return endpoint.scheme == "https" ? httpsProxy : httpProxy
  }
}
