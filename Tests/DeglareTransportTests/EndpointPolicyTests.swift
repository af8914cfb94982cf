import DeglareTransport
import Testing

@Suite("Endpoint policy, proxies and request descriptions")
struct EndpointPolicyTests {
  @Test(
    "plain http only to loopback",
    arguments: [
      ("http://127.0.0.1:8080/v1", true), ("http://localhost/v1", true), ("http://[::1]:9/x", true),
      ("http://127.1.2.3/", true), ("https://api.openai.com/v1", true), ("http://api.openai.com/v1", false),
      ("http://127.0.0.1.evil.com/", false), ("http://user@10.0.0.1/", false), ("HTTP://LOCALHOST:1/", true),
    ])
  func loopback(_ url: String, _ allowed: Bool) {
    let result = Result { () throws(TransportError) in try EndpointPolicy.validate(url) }
    switch result {
    case .success: #expect(allowed, "\(url) should be refused")
    case .failure(let error):
      #expect(!allowed, "\(url) should be allowed")
      #expect(error.kind == .insecureURL)
    }
  }

  @Test(
    "non-http schemes and garbage are invalid",
    arguments: ["ftp://x/", "file:///etc/passwd", "127.0.0.1:80", "https://"])
  func invalid(_ url: String) {
    #expect(throws: TransportError(.invalidURL, message: "'\(url)' is not an http or https URL")) {
      try EndpointPolicy.validate(url)
    }
  }

  @Test("refusals never echo user-info or the query")
  func displayable() throws {
    let error = #expect(throws: TransportError.self) {
      try EndpointPolicy.validate("http://me:secret@example.com/v1?key=AIzaXYZ")
    }
    #expect(error?.message.contains("secret") == false)
    #expect(error?.message.contains("AIzaXYZ") == false)
    #expect(error?.message.contains("http://example.com/v1") == true)
  }

  @Test("proxy variables: https_proxy, lower-case http_proxy only, all_proxy fallback, no_proxy")
  func proxyEnvironment() {
    let config = ProxyConfiguration.fromEnvironment([
      "HTTPS_PROXY": "http://proxy:3128", "HTTP_PROXY": "http://ignored:1", "ALL_PROXY": "socks5://all:1080",
      "NO_PROXY": "internal.example",
    ])
    #expect(config.httpsProxy == "http://proxy:3128")
    #expect(config.httpProxy == "socks5://all:1080")
    #expect(config.noProxy == "internal.example")
    #expect(config.proxy(for: .init(scheme: "https", host: "127.0.0.1")) == nil)
    #expect(config.proxy(for: .init(scheme: "https", host: "api.openai.com")) == "http://proxy:3128")
    #expect(ProxyConfiguration.fromEnvironment([:]) == .none)
  }

  @Test("a request's description hides credential headers")
  func description() {
    let request = HTTPRequest(
      method: .post, url: "https://x/v1",
      headers: [
        HTTPHeader("Authorization", "Bearer sk-secret"), HTTPHeader("x-goog-api-key", "AIzaSecret"),
        HTTPHeader("Accept", "a/b"),
      ],
      body: .multipart([.field("prompt", "p")]))
    let text = "\(request)"
    #expect(!text.contains("sk-secret"))
    #expect(!text.contains("AIzaSecret"))
    #expect(text.contains("Accept: a/b"))
    #expect(text.contains("Authorization: <redacted>"))
  }
}
