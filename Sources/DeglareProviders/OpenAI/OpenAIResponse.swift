import DeglareCore
import DeglareTransport

/// Reads OpenAI answers: the image and usage of a success, and what an error means.
public enum OpenAIResponse {
  static let provider = ProviderID.openai

  /// The fields of `{"error": {message, type, param, code}}`, or of a non-JSON body.
  struct ErrorBody: Equatable {
    var message: String
    var type: String?
    var code: String?
    var param: String?
  }

  /// Parses an error body; a body that is not OpenAI's JSON gives its first line.
  static func errorBody(_ response: HTTPResponse, redactor: Redactor) -> ErrorBody {
    if let json = try? JSONParser.parse(response.body), let error = json["error"] {
      let message = error["message"]?.stringValue ?? error.stringValue ?? "HTTP \(response.status)"
      return ErrorBody(
        message: redactor.redact(ErrorText.clip(message)), type: error["type"]?.stringValue,
        code: error["code"]?.stringValue, param: error["param"]?.stringValue)
    }
    return ErrorBody(message: redactor.redact(ErrorText.firstLine(of: response.body)))
  }

  /// Classifies a response for the retry loop (docs/providers.md, OpenAI edits): 2xx is success;
  /// 401/403 are key problems; 429 `insufficient_quota` is final, other 429s and 408/409/5xx are
  /// retried (unless `x-should-retry: false`); `moderation_blocked` is a safety block.
  static func classify(_ response: HTTPResponse, redactor: Redactor) -> AttemptOutcome {
    if response.isSuccess { return .success(response) }
    let body = errorBody(response, redactor: redactor)
    let mayRetry = response.header("x-should-retry")?.lowercased() != "false"
    switch response.status {
    case 401, 403:
      return .fail(.keyRejected(provider: provider, status: response.status, message: body.message))
    case 429:
      if body.code == "insufficient_quota" || body.type == "insufficient_quota" {
        return .fail(
          .quotaExhausted(
            provider: provider, message: body.message,
            hint: "Check the plan and billing at https://platform.openai.com/settings/organization/billing."))
      }
      let error = ProviderError.rateLimited(
        provider: provider, message: body.message, attempts: 1, retryAfterSeconds: nil)
      return mayRetry ? .retry(error, delay: RetryPolicy.serverDelay(response)) : .fail(error)
    case 408, 409, 500...:
      let error = ProviderError.serverError(
        provider: provider, status: response.status, message: body.message, attempts: 1)
      return mayRetry ? .retry(error, delay: RetryPolicy.serverDelay(response)) : .fail(error)
    default:
      if body.code == "moderation_blocked" || body.type == "image_generation_user_error" {
        return .fail(
          .blocked(provider: provider, reason: body.code ?? body.type ?? "moderation", message: body.message))
      }
      return .fail(.requestRejected(provider: provider, status: response.status, message: body.message, hint: nil))
    }
  }

  /// The decoded bytes of `data[0].b64_json` and the `usage` object of a 200 answer.
  static func answer(from response: HTTPResponse, redactor: Redactor) throws(ProviderError) -> RemoteCall.Answer {
    let json = try RemoteCall.jsonObject(response, provider: provider, redactor: redactor)
    let usage = json["usage"]
    guard let first = json["data"]?.arrayValue?.first else {
      throw .noImage(provider: provider, reason: nil, modelText: nil)
    }
    guard let encoded = first["b64_json"]?.stringValue, !encoded.isEmpty else {
      if first["url"] != nil {
        throw .badResponse(
          provider: provider, message: "it returned an image URL instead of b64_json (a dall-e model?)")
      }
      throw .noImage(
        provider: provider, reason: nil, modelText: first["revised_prompt"]?.stringValue.map(redactor.redact))
    }
    guard let bytes = Base64.decode(encoded) else {
      throw .badResponse(provider: provider, message: "data[0].b64_json is not valid base64")
    }
    return (bytes, usage)
  }
}
