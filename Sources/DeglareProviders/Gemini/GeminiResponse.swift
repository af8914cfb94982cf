import DeglareCore
import DeglareTransport
import Foundation

/// Reads Gemini answers: the final image, usage and text of a success; what an error means.
public enum GeminiResponse {
  static let provider = ProviderID.gemini

  /// Finish and block reasons that mean a safety system stopped the image.
  static let safetyReasons: Set<String> = [
    "SAFETY", "IMAGE_SAFETY", "PROHIBITED_CONTENT", "IMAGE_PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION",
    "IMAGE_RECITATION", "MODEL_ARMOR", "JAILBREAK",
  ]

  static let billingHint =
    "Gemini image models have no free-tier quota: enable billing on the Google Cloud project of this API key "
    + "(Google AI Studio > Billing), then try again."

  /// The parts of `{"error": {code, message, status, details}}`.
  struct ErrorBody {
    var message: String
    var status: String?
    var details: [JSONValue]
    var isJSON: Bool

    /// `reason` of every `google.rpc.ErrorInfo` detail.
    var reasons: [String] {
      details.filter { $0["@type"]?.stringValue?.hasSuffix("google.rpc.ErrorInfo") == true }.compactMap {
        $0["reason"]?.stringValue
      }
    }

    /// Whether a `google.rpc.QuotaFailure` names a free-tier quota.
    var namesFreeTier: Bool {
      for detail in details where detail["@type"]?.stringValue?.hasSuffix("google.rpc.QuotaFailure") == true {
        for violation in detail["violations"]?.arrayValue ?? [] {
          let text = [violation["quotaId"], violation["quotaMetric"], violation["subject"], violation["description"]]
            .compactMap { $0?.stringValue?.lowercased() }.joined(separator: " ")
          if text.contains("freetier") || text.contains("free_tier") || text.contains("free tier") { return true }
        }
      }
      return false
    }

    /// Seconds from a `google.rpc.RetryInfo` detail ("28s", "0.030s"), else from "Please retry in 28.02s".
    var retryDelay: Double? {
      for detail in details where detail["@type"]?.stringValue?.hasSuffix("google.rpc.RetryInfo") == true {
        if let text = detail["retryDelay"]?.stringValue, text.hasSuffix("s"), let seconds = Double(text.dropLast()) {
          return seconds
        }
      }
      if let range = message.range(of: "Please retry in ") {
        let number = message[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        if let seconds = Double(number) { return seconds }
      }
      return nil
    }
  }

  static func errorBody(_ response: HTTPResponse, redactor: Redactor) -> ErrorBody {
    if let json = try? JSONParser.parse(response.body), let error = json["error"] {
      let message = error["message"]?.stringValue ?? "HTTP \(response.status)"
      return ErrorBody(
        message: redactor.redact(ErrorText.clip(message.trimmingWhitespace)), status: error["status"]?.stringValue,
        details: error["details"]?.arrayValue ?? [], isJSON: true)
    }
    return ErrorBody(
      message: redactor.redact(ErrorText.firstLine(of: response.body)), status: nil, details: [], isJSON: false)
  }

  /// Classifies a response for the retry loop (docs/providers.md, Gemini generateContent):
  /// `API_KEY_INVALID` and 401/403 are key problems; 429 with a zero or free-tier quota and 402 are
  /// final; other 429s and 500/503/504 are retried; other 4xx are refused requests (with a hint for
  /// unknown fields).
  static func classify(_ response: HTTPResponse, redactor: Redactor) -> AttemptOutcome {
    if response.isSuccess { return .success(response) }
    let body = errorBody(response, redactor: redactor)
    let keyInvalid =
      body.reasons.contains("API_KEY_INVALID") || body.message.contains("API key not valid")
      || body.message.contains("API Key not found")
    if keyInvalid || response.status == 401 || response.status == 403 {
      return .fail(.keyRejected(provider: provider, status: response.status, message: body.message))
    }
    switch response.status {
    case 429:
      if body.message.contains("limit: 0") || body.namesFreeTier {
        return .fail(.quotaExhausted(provider: provider, message: body.message, hint: billingHint))
      }
      let delay = body.retryDelay ?? RetryPolicy.serverDelay(response)
      return .retry(
        .rateLimited(provider: provider, message: body.message, attempts: 1, retryAfterSeconds: nil), delay: delay)
    case 402:
      return .fail(
        .quotaExhausted(provider: provider, message: body.message, hint: "The project's prepaid credit is used up."))
    case 408, 500...:
      let error = ProviderError.serverError(
        provider: provider, status: response.status, message: body.message, attempts: 1)
      return .retry(error, delay: RetryPolicy.serverDelay(response))
    default:
      if body.status == "FAILED_PRECONDITION" && body.message.lowercased().contains("billing") {
        return .fail(.quotaExhausted(provider: provider, message: body.message, hint: billingHint))
      }
      var hint: String?
      if body.message.contains("Unknown name") || body.message.contains("Cannot find field") {
        hint = "This API version may not know the field; try GOOGLE_GENAI_API_VERSION=v1beta (or v1)."
      } else if response.status == 404 && body.isJSON {
        hint = "Check the model id given with --model."
      }
      return .fail(.requestRejected(provider: provider, status: response.status, message: body.message, hint: hint))
    }
  }

  /// The last image part that is not a `thought` (Gemini 3 sends up to two draft images first).
  /// - Throws: `.blocked` for a blocked prompt or a safety finish reason without an image,
  ///   `.noImage` when no image came back, `.badResponse` for malformed JSON or base64.
  static func answer(from response: HTTPResponse, redactor: Redactor) throws(ProviderError) -> RemoteCall.Answer {
    let json = try RemoteCall.jsonObject(response, provider: provider, redactor: redactor)
    let usage = json.member("usageMetadata", "usage_metadata")
    let candidates = json["candidates"]?.arrayValue ?? []
    let feedback = json.member("promptFeedback", "prompt_feedback")
    if let reason = feedback?.member("blockReason", "block_reason")?.stringValue, candidates.isEmpty {
      let message = feedback?.member("blockReasonMessage", "block_reason_message")?.stringValue.map {
        redactor.redact($0)
      }
      throw .blocked(provider: provider, reason: reason, message: message)
    }
    guard let candidate = candidates.first else { throw .noImage(provider: provider, reason: nil, modelText: nil) }
    let parts = candidate["content"]?["parts"]?.arrayValue ?? []
    var image: JSONValue?
    var texts: [String] = []
    for part in parts where part["thought"]?.boolValue != true {
      if let blob = part.member("inlineData", "inline_data") { image = blob }
      if let text = part["text"]?.stringValue, !text.trimmingWhitespace.isEmpty {
        texts.append(text.trimmingWhitespace)
      }
    }
    let modelText = texts.isEmpty ? nil : redactor.redact(ErrorText.clip(texts.joined(separator: " ")))
    let finish = candidate.member("finishReason", "finish_reason")?.stringValue
    guard let image else {
      if let finish, safetyReasons.contains(finish) {
        throw .blocked(provider: provider, reason: finish, message: modelText)
      }
      throw .noImage(provider: provider, reason: finish, modelText: modelText)
    }
    guard let data = image["data"]?.stringValue, let bytes = Base64.decode(data), !bytes.isEmpty else {
      throw .badResponse(provider: provider, message: "the image part's data is not valid base64")
    }
    return (bytes, usage)
  }
}
