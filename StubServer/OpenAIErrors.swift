import DeglareCore

/// OpenAI error answers, shaped like the real API (`{"error": {message, type, param, code}}`,
/// all four keys). Texts marked "ours" are not known from the real service
/// (docs/providers.md, OpenAI edits).
enum OpenAIErrors {
  static func body(_ message: String, type: String, param: String? = nil, code: String? = nil) -> JSONValue {
    .object([
      (
        "error",
        .object([
          ("message", .string(message)), ("type", .string(type)), ("param", param.map(JSONValue.string) ?? .null),
          ("code", code.map(JSONValue.string) ?? .null),
        ])
      )
    ])
  }

  static func invalid(_ message: String, param: String? = nil, code: String? = nil, status: Int = 400) -> StubResponse {
    .json(status, body(message, type: "invalid_request_error", param: param, code: code))
  }

  static func missingKey() -> StubResponse {
    invalid(
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer "
        + "auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're "
        + "accessing the API from your browser and are prompted for a username and password. You can obtain an API "
        + "key from https://platform.openai.com/account/api-keys.", status: 401)
  }

  /// 401 invalid_api_key, with the key masked the way OpenAI masks it.
  static func invalidKey(_ key: String) -> StubResponse {
    invalid(
      "Incorrect API key provided: \(masked(key)). You can find your API key at "
        + "https://platform.openai.com/account/api-keys.", code: "invalid_api_key", status: 401)
  }

  /// 401 whose message carries the whole key (a careless server or proxy; `echo-key` mode).
  static func echoKey(_ key: String) -> StubResponse {
    invalid(
      "Incorrect API key provided: \(key). Header was 'Authorization: Bearer \(key)'.", code: "invalid_api_key",
      status: 401)
  }

  static func masked(_ key: String) -> String {
    guard key.count > 8 else { return String(repeating: "*", count: key.count) }
    return String(key.prefix(3)) + String(repeating: "*", count: key.count - 7) + String(key.suffix(4))
  }

  static func unverifiedOrganization(_ model: String) -> StubResponse {
    invalid(
      "Your organization must be verified to use the model `\(model)`. Please go to: "
        + "https://platform.openai.com/settings/organization/general and click on Verify Organization. If you just "
        + "verified, it can take up to 15 minutes for access to propagate.", status: 403)
  }

  static func rateLimited(_ mode: StubMode) -> StubResponse {
    var response = StubResponse.json(
      429,
      body(
        "Rate limit reached for gpt-image-1.5 in organization org-stub on images per min (IPM): Limit 5, Used 5, "
          + "Requested 1. Please try again in 12s. Visit https://platform.openai.com/account/rate-limits to learn more.",
        type: "requests", param: nil, code: "rate_limit_exceeded"))
    response.headers += [
      ("retry-after-ms", String(mode.retryMs)), ("retry-after", String(max(1, (mode.retryMs + 999) / 1000))),
      ("x-ratelimit-limit-requests", "5"), ("x-ratelimit-remaining-requests", "0"),
    ]
    return response
  }

  static func insufficientQuota() -> StubResponse {
    .json(
      429,
      body(
        "You exceeded your current quota, please check your plan and billing details. For more information on this "
          + "error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
        type: "insufficient_quota", param: nil, code: "insufficient_quota"))
  }

  static func serverError() -> StubResponse {
    .json(
      500,
      body(
        "The server had an error while processing your request. Sorry about that!", type: "server_error", param: nil,
        code: nil))
  }

  static func overloaded() -> StubResponse {
    .json(
      503,
      body("The engine is currently overloaded, please try again later.", type: "server_error", param: nil, code: nil))
  }

  static func htmlBadGateway() -> StubResponse {
    .text(
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n"
        + "<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n", contentType: "text/html")
  }

  static func moderationBlocked() -> StubResponse {
    .json(
      400,
      body(
        "Your request was rejected by the safety system. If you believe this is an error, contact us at "
          + "help.openai.com and include the request ID req_stub.", type: "image_generation_user_error",
        param: nil, code: "moderation_blocked"))
  }

  static func methodNotAllowed(_ request: StubRequest) -> StubResponse {
    invalid("Invalid method for URL (\(request.method) \(request.path))", status: 405)
  }

  static func unknownURL(_ request: StubRequest) -> StubResponse {
    invalid("Invalid URL (\(request.method) \(request.path))", status: 404)
  }
}
