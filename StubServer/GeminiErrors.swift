import DeglareCore

/// Gemini error answers: google.rpc.Status as JSON
/// (`{"error": {code, message, status, details?}}`), `Content-Type: application/json; charset=UTF-8`,
/// real texts where users' reports show them (docs/providers.md, Gemini generateContent).
enum GeminiErrors {
  static let contentType = "application/json; charset=UTF-8"

  static func status(_ code: Int, _ status: String, _ message: String, details: [JSONValue]? = nil) -> StubResponse {
    var error: [(String, JSONValue)] = [
      ("code", .int(code)), ("message", .string(message)), ("status", .string(status)),
    ]
    if let details { error.append(("details", .array(details))) }
    return .json(code, .object([("error", .object(error))]), contentType: contentType)
  }

  static func invalidArgument(_ message: String, details: [JSONValue]? = nil) -> StubResponse {
    status(400, "INVALID_ARGUMENT", message, details: details)
  }

  static func errorInfo(_ reason: String) -> JSONValue {
    .object([
      ("@type", .string("type.googleapis.com/google.rpc.ErrorInfo")), ("reason", .string(reason)),
      ("domain", .string("googleapis.com")),
      ("metadata", .object([("service", .string("generativelanguage.googleapis.com"))])),
    ])
  }

  static func apiKeyInvalid(message: String = "API key not valid. Please pass a valid API key.") -> StubResponse {
    invalidArgument(
      message,
      details: [
        errorInfo("API_KEY_INVALID"),
        .object([
          ("@type", .string("type.googleapis.com/google.rpc.LocalizedMessage")), ("locale", .string("en-US")),
          ("message", .string(message)),
        ]),
      ])
  }

  static func missingKey() -> StubResponse {
    status(
      403, "PERMISSION_DENIED",
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or "
        + "other form of API consumer identity to call this API.")
  }

  static func permissionDenied() -> StubResponse {
    status(403, "PERMISSION_DENIED", "The caller does not have permission", details: [errorInfo("ACCESS_DENIED")])
  }

  static func modelNotFound(_ model: String, version: String) -> StubResponse {
    status(
      404, "NOT_FOUND",
      "models/\(model) is not found for API version \(version), or is not supported for generateContent. Call "
        + "ListModels to see the list of available models and their supported methods.")
  }

  static func unknownField(_ name: String, at location: String) -> StubResponse {
    let message = "Invalid JSON payload received. Unknown name \"\(name)\" at '\(location)': Cannot find field."
    return invalidArgument(
      message,
      details: [
        .object([
          ("@type", .string("type.googleapis.com/google.rpc.BadRequest")),
          (
            "fieldViolations",
            .array([.object([("field", .string(location)), ("description", .string(message))])])
          ),
        ])
      ])
  }

  static func retryInfo(_ mode: StubMode) -> JSONValue {
    let seconds = Double(mode.retryMs) / 1000
    return .object([
      ("@type", .string("type.googleapis.com/google.rpc.RetryInfo")), ("retryDelay", .string("\(seconds)s")),
    ])
  }

  /// 429 with a non-zero quota: a real rate limit, worth retrying.
  static func rateLimited(_ mode: StubMode, model: String) -> StubResponse {
    status(
      429, "RESOURCE_EXHAUSTED",
      "You exceeded your current quota, please check your plan and billing details. For more information on this "
        + "error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. \n* Quota exceeded for metric: "
        + "generativelanguage.googleapis.com/generate_content_paid_tier_requests, limit: 10, model: \(model)\n"
        + "Please retry in \(Double(mode.retryMs) / 1000)s.",
      details: [
        quotaFailure(
          metric: "generate_content_paid_tier_requests", quotaID: "GenerateRequestsPerMinutePerProjectPerModel",
          model: model, value: "10"),
        retryInfo(mode),
      ])
  }

  /// The QuotaFailure detail that names the free tier.
  static func freeTierDetail(_ model: String) -> JSONValue {
    quotaFailure(
      metric: "generate_content_free_tier_requests", quotaID: "GenerateRequestsPerDayPerProjectPerModel-FreeTier",
      model: model)
  }

  /// A `google.rpc.QuotaFailure` detail with one violation of `generativelanguage.googleapis.com/<metric>`.
  static func quotaFailure(metric: String, quotaID: String, model: String, value: String? = nil) -> JSONValue {
    var violation: [(String, JSONValue)] = [
      ("quotaMetric", .string("generativelanguage.googleapis.com/" + metric)), ("quotaId", .string(quotaID)),
      ("quotaDimensions", .object([("location", .string("global")), ("model", .string(model))])),
    ]
    if let value { violation.append(("quotaValue", .string(value))) }
    return .object([
      ("@type", .string("type.googleapis.com/google.rpc.QuotaFailure")), ("violations", .array([.object(violation)])),
    ])
  }

  /// 429 on a free-tier key: the image model has no free quota at all ("limit: 0").
  static func freeTierQuota(_ mode: StubMode, model: String) -> StubResponse {
    status(
      429, "RESOURCE_EXHAUSTED",
      "You exceeded your current quota, please check your plan and billing details. For more information on this "
        + "error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your current usage, head to: "
        + "https://ai.dev/rate-limit. \n* Quota exceeded for metric: "
        + "generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 0, model: \(model)\n"
        + "Please retry in 28.021237377s.",
      details: [
        .object([
          ("@type", .string("type.googleapis.com/google.rpc.Help")),
          (
            "links",
            .array([
              .object([
                ("description", .string("Learn more about Gemini API quotas")),
                ("url", .string("https://ai.google.dev/gemini-api/docs/rate-limits")),
              ])
            ])
          ),
        ]),
        freeTierDetail(model),
        .object([("@type", .string("type.googleapis.com/google.rpc.RetryInfo")), ("retryDelay", .string("28s"))]),
      ])
  }

  /// 429 whose only sign of the free tier is the QuotaFailure detail.
  static func freeTierQuotaDetailOnly(model: String) -> StubResponse {
    status(
      429, "RESOURCE_EXHAUSTED",
      "You exceeded your current quota, please check your plan and billing details.",
      details: [freeTierDetail(model)])
  }

  static func internalError() -> StubResponse {
    status(
      500, "INTERNAL",
      "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"
    )
  }

  static func overloaded() -> StubResponse {
    status(503, "UNAVAILABLE", "The model is overloaded. Please try again later.")
  }

  static func htmlBadGateway() -> StubResponse {
    .text(
      502,
      "<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <title>Error 502 (Server Error)!!1</title>\n"
        + "  <p><b>502.</b> <ins>That’s an error.</ins>\n  <p>The server encountered a temporary error and could not "
        + "complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>\n",
      contentType: "text/html; charset=UTF-8")
  }

  static func htmlNotFound(_ path: String) -> StubResponse {
    .text(
      404,
      "<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <title>Error 404 (Not Found)!!1</title>\n"
        + "  <p><b>404.</b> <ins>That’s an error.</ins>\n  <p>The requested URL <code>\(path)</code> was not found on "
        + "this server.  <ins>That’s all we know.</ins>\n", contentType: "text/html; charset=UTF-8")
  }
}
