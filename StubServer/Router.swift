/// Sends each request to the control API, the OpenAI emulation or the Gemini emulation.
enum Router {
  static func handle(_ request: StubRequest) -> StubResponse {
    if request.path.hasPrefix("/__control/") { return ControlRoutes.handle(request) }
    let (index, mode) = StubState.shared.record(request)
    var response = route(request, mode: mode)
    if !response.headers.contains(where: { $0.0.lowercased() == "x-request-id" }) {
      response.headers.append(("x-request-id", "req_stub_\(index)"))
    }
    StubState.shared.setStatus(response.status, forRecord: index)
    return response
  }

  private static func route(_ request: StubRequest, mode: StubMode) -> StubResponse {
    let path = request.path
    if path.hasSuffix("/images/edits") {
      guard request.method == "POST" else { return OpenAIErrors.methodNotAllowed(request) }
      return OpenAIEmulator.edit(request, mode: mode)
    }
    // `/v1/models` is both APIs' models list (on different hosts in real life): a Gemini key
    // (header or `?key=`) without a bearer token selects Gemini.
    let geminiKey = request.header("x-goog-api-key") != nil || request.queryValue("key") != nil
    if (path == "/v1/models" && !(geminiKey && request.header("Authorization") == nil)) || path == "/models" {
      guard request.method == "GET" else { return OpenAIErrors.methodNotAllowed(request) }
      return OpenAIEmulator.models(request, mode: mode)
    }
    if let gemini = GeminiPath(path) {
      return GeminiEmulator.handle(request, path: gemini, mode: mode)
    }
    if path.hasPrefix("/v1/") {
      return OpenAIErrors.unknownURL(request)
    }
    return GeminiErrors.htmlNotFound(path)
  }
}

/// A parsed Gemini API path: `/{version}/models` or `/{version}/models/{model}:{method}`.
struct GeminiPath {
  var version: String
  /// nil for the models list.
  var model: String?
  var method: String?

  init?(_ path: String) {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    guard segments.count >= 2, segments[segments.startIndex + 1] == "models",
      let first = segments.first, first.hasPrefix("v1")
    else { return nil }
    version = String(first)
    if segments.count == 2 {
      model = nil
      method = nil
      return
    }
    guard segments.count == 3 else { return nil }
    let last = segments[segments.startIndex + 2]
    if let colon = last.lastIndex(of: ":") {
      model = String(last[..<colon])
      method = String(last[last.index(after: colon)...])
    } else {
      model = String(last)
      method = nil
    }
  }
}
