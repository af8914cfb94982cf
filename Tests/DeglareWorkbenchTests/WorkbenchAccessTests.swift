import DeglareTestSupport
import Foundation
import Testing

/// Who may talk to the workbench: the token, the Host rule, no CORS, bounded bodies.
@Suite(.serialized) struct WorkbenchAccessTests {
  @Test("the URL is http://127.0.0.1:PORT/?token= and 32 hex digits (128 bits)")
  func urlAndToken() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      #expect(bench.workbench.url == "http://127.0.0.1:\(bench.port)/?token=\(bench.token)")
      #expect(bench.token.count == 32)
      #expect(bench.token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }
  }

  @Test("every route without the token, or with a wrong one, is 403")
  func tokenRequired() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      for path in ["/", "/workbench.js", "/api/state", "/api/images", "/api/tile/image/0/0/0", "/nothing"] {
        #expect(try await bench.request("GET", path, token: nil).status == 403, "\(path)")
        #expect(
          try await bench.request("GET", path, token: "0123456789abcdef0123456789abcdef").status == 403, "\(path)")
        #expect(try await bench.request("GET", path, token: String(bench.token.dropLast())).status == 403, "\(path)")
      }
      #expect(try await bench.request("POST", "/api/clear", token: nil).status == 403)
      #expect(try await bench.request("GET", "/api/state").status == 200)
    }
  }

  @Test("the first load takes the token from the URL and answers with an HttpOnly SameSite cookie that works")
  func cookie() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let page = try await bench.request("GET", "/?token=\(bench.token)", token: nil)
      #expect(page.status == 200)
      let cookie = try #require(page.header("set-cookie"))
      #expect(cookie == "deglare_token_\(bench.port)=\(bench.token); Path=/; HttpOnly; SameSite=Strict")
      let pair = String(cookie.split(separator: ";")[0])
      #expect(try await bench.request("GET", "/api/state", token: nil, headers: [("Cookie", pair)]).status == 200)
      let wrong = "deglare_token_\(bench.port)=\(String(repeating: "0", count: 32))"
      #expect(try await bench.request("GET", "/api/state", token: nil, headers: [("Cookie", wrong)]).status == 403)
    }
  }

  @Test("a Host other than 127.0.0.1:PORT or localhost:PORT is 403 (DNS rebinding)")
  func host() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let port = bench.port
      for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] {
        #expect(try await bench.request("GET", "/api/state", headers: [("Host", host)]).status == 200, "\(host)")
      }
      for host in [
        "evil.example:\(port)", "127.0.0.1", "localhost", "127.0.0.1:\(port + 1)", "[::1]:\(port)",
        "127.0.0.1:\(port).evil.example", "",
      ] {
        #expect(try await bench.request("GET", "/api/state", headers: [("Host", host)]).status == 403, "\(host)")
      }
      let twice = [("Host", "127.0.0.1:\(port)"), ("Host", "evil.example:\(port)")]
      #expect(try await bench.request("GET", "/api/state", headers: twice).status == 403)
    }
  }

  @Test("cross-origin requests are refused and no answer carries a CORS header")
  func noCORS() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let origin = [("Origin", "http://evil.example")]
      #expect(try await bench.request("POST", "/api/clear", headers: origin).status == 403)
      #expect(try await bench.request("GET", "/api/state", headers: [("Sec-Fetch-Site", "cross-site")]).status == 403)
      let same = try await bench.request("GET", "/api/state", headers: [("Origin", "http://127.0.0.1:\(bench.port)")])
      #expect(same.status == 200)
      let preflight = try await bench.request(
        "OPTIONS", "/api/clear", token: nil, headers: origin + [("Access-Control-Request-Method", "POST")])
      #expect(preflight.status == 403)
      for response in [
        same, preflight, try await bench.request("GET", "/"), try await bench.request("OPTIONS", "/api/state"),
      ] {
        #expect(!response.headers.contains { $0.name.hasPrefix("access-control-") }, "\(response.headers)")
      }
    }
  }

  @Test("bodies are bounded: a declared length over the limit is 413 before the body is read")
  func boundedBodies() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let huge = try await bench.request(
        "POST", "/api/stroke?mode=brush&radius=2", headers: [("Content-Length", "999999999")])
      #expect(huge.status == 413)
      let big = [UInt8](repeating: 0, count: (4 << 20) + 16)
      #expect(try await bench.post("/api/stroke?mode=brush&radius=2", body: big).status == 413)
      #expect(try await bench.state()["mask"] != nil)
    }
  }

  @Test("the page's files are served exactly as they are in the repository")
  func pageFiles() async throws {
    try await withWorkbench { (bench: WorkbenchHarness) async throws -> Void in
      let folder = Fixtures.packageRoot.appendingPathComponent("Sources/DeglareWorkbench/Page").path
      let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
      #expect(names.contains("index.html") && names.contains("workbench.js"))
      for name in names {
        let served = try await bench.request("GET", name == "index.html" ? "/" : "/\(name)")
        #expect(served.status == 200, "\(name)")
        #expect(served.body == Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))), "\(name)")
      }
      let index = try await bench.request("GET", "/")
      #expect(index.header("content-security-policy")?.contains("default-src 'none'") == true)
      #expect(index.header("referrer-policy") == "no-referrer")
    }
  }
}
